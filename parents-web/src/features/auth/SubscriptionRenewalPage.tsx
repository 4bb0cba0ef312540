import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ApiError, SUBSCRIPTION_MANAGEMENT_MESSAGE } from '@sprout/shared';
import { api } from '../../lib/api';
import { AuthLayout } from './AuthLayout';

export const RENEWAL_TEXT = {
  failed: 'An error occurred. Please check the email and try again.',
  sent: SUBSCRIPTION_MANAGEMENT_MESSAGE,
} as const;

export function SubscriptionRenewalPage() {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setResult(null);
    try {
      const response = await api.initiateSubscriptionManagement(email.trim());
      setResult({ ok: true, text: response?.message || RENEWAL_TEXT.sent });
    } catch (error) {
      setResult({
        ok: false,
        text: error instanceof ApiError && error.detail ? error.detail : RENEWAL_TEXT.failed,
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthLayout
      title="Manage your subscription"
      subtitle="Enter your account email. We will send you a secure link to renew or update your family plan."
    >
      <form className="auth-form" onSubmit={onSubmit}>
        <div className="field">
          <label htmlFor="renewal-email">Email</label>
          <input
            id="renewal-email"
            className="input"
            type="email"
            autoComplete="email"
            required
            value={email}
            disabled={busy}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          {busy ? 'Sending...' : 'Continue to Subscription Management'}
        </button>
        <p className="auth-form__error" role="status" aria-live="polite">
          {result && (
            <span className={`alert ${result.ok ? 'alert--success' : 'alert--error'}`}>
              {result.text}
            </span>
          )}
        </p>
        <div className="auth-form__links">
          <Link to="/parents/login">Back to log in</Link>
        </div>
      </form>
    </AuthLayout>
  );
}
