import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { mailtoHref, type ClientConfigState } from './use-client-config';

const SUPPORT_TOPICS = [
  { value: 'question', label: 'A question about Sprout', subject: 'Sprout support: question' },
  { value: 'billing', label: 'Billing and subscription', subject: 'Sprout support: billing' },
  { value: 'problem', label: 'Something is not working', subject: 'Sprout support: problem' },
  { value: 'safety', label: 'A safety concern', subject: 'Sprout support: safety concern' },
  { value: 'deletion', label: 'Delete my account', subject: 'Account Deletion Request' },
] as const;

type Topic = (typeof SUPPORT_TOPICS)[number]['value'];

/** The support form: it writes the email in the parent's own mail app, addressed to support. */
export function SupportSection({ config }: { config: ClientConfigState & { retry: () => void } }) {
  const id = useId();
  const [topic, setTopic] = useState<Topic>('question');
  const [message, setMessage] = useState('');
  const subject =
    SUPPORT_TOPICS.find((t) => t.value === topic)?.subject ?? SUPPORT_TOPICS[0].subject;

  return (
    <section
      id="support"
      className="landing-section landing-support"
      aria-labelledby="support-heading"
      tabIndex={-1}
    >
      <div className="landing-container landing-support__inner">
        <div>
          <h2 id="support-heading" className="landing-section__title">
            Questions? We&apos;re here to help
          </h2>
          <p className="landing-section__lead">
            Tell us what you need and we&apos;ll answer by email, usually within one business day.
          </p>
          <ul className="landing-support__links">
            <li>
              Forgot your password? <Link to="/parents/forgot-password">Reset it here</Link>.
            </li>
            <li>
              Need to update your payment or resubscribe?{' '}
              <Link to="/parents/subscription-renewal">Manage your subscription</Link>.
            </li>
            <li>
              Want to delete your account? <Link to="/account-deletion">Read how it works</Link>.
            </li>
          </ul>
        </div>
        <div className="landing-support__form card">
          {config.status === 'loading' && <p role="status">Loading support details...</p>}
          {config.status === 'failed' && (
            <div className="landing-support__failed">
              <p className="alert alert--error" role="alert">
                We couldn&apos;t load our support address right now. Please check your connection
                and try again.
              </p>
              <button type="button" className="button button--secondary" onClick={config.retry}>
                Try again
              </button>
            </div>
          )}
          {config.status === 'ready' && (
            <div role="group" aria-labelledby={`${id}-title`} className="landing-support__fields">
              <h3 id={`${id}-title`} className="landing-support__title">
                Contact support
              </h3>
              <div className="field">
                <label htmlFor={`${id}-topic`}>Topic</label>
                <select
                  id={`${id}-topic`}
                  className="select"
                  value={topic}
                  onChange={(event) => setTopic(event.target.value as Topic)}
                >
                  {SUPPORT_TOPICS.map((t) => (
                    <option key={t.value} value={t.value}>
                      {t.label}
                    </option>
                  ))}
                </select>
              </div>
              <div className="field">
                <label htmlFor={`${id}-message`}>Your message</label>
                <textarea
                  id={`${id}-message`}
                  className="textarea"
                  value={message}
                  onChange={(event) => setMessage(event.target.value)}
                  aria-describedby={`${id}-hint`}
                />
                <span id={`${id}-hint`} className="field__hint">
                  Please write from the email address of your Sprout account. Never send us a
                  password.
                </span>
              </div>
              <a
                className="button button--primary"
                href={mailtoHref(config.config.supportEmail, subject, message.trim() || undefined)}
              >
                Email support
              </a>
              <p className="landing-support__direct">
                Or write to us directly at{' '}
                <a href={mailtoHref(config.config.supportEmail)}>{config.config.supportEmail}</a>.
              </p>
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
