import { ACCOUNT_DELETION_BUSINESS_DAYS } from '@sprout/shared';
import { Link } from 'react-router-dom';
import { mailtoHref, useClientConfig } from '../landing/use-client-config';
import { LegalLayout, SupportEmailLink } from './LegalLayout';

const DELETION_SUBJECT = 'Account Deletion Request';

function EmailSupportButton() {
  const config = useClientConfig();
  if (config.status !== 'ready') return null;
  return (
    <a
      className="button button--primary"
      href={mailtoHref(config.config.supportEmail, DELETION_SUBJECT)}
    >
      Email support to delete my account
    </a>
  );
}

export function AccountDeletionPage() {
  return (
    <LegalLayout
      title="Delete your Sprout account"
      summary={
        <p>
          To delete your Sprout account, email support with the subject line{' '}
          <strong>&quot;{DELETION_SUBJECT}&quot;</strong>. We process deletion requests within{' '}
          {ACCOUNT_DELETION_BUSINESS_DAYS} business days. Deletion is permanent.
        </p>
      }
    >
      <section>
        <h2 id="deletion-how">How to ask</h2>
        <ol className="legal-steps">
          <li>
            Email support at <SupportEmailLink subject={DELETION_SUBJECT} />, from the email address
            you use to log in to Sprout.
          </li>
          <li>
            Use the subject line <strong>{DELETION_SUBJECT}</strong>.
          </li>
          <li>
            In the message, tell us the email address of your parent account. Never send us a
            password.
          </li>
        </ol>
        <EmailSupportButton />
        <p>
          We process your request within {ACCOUNT_DELETION_BUSINESS_DAYS} business days and email
          you when it is done. If we need to confirm that the request really comes from you, we will
          reply to the address you wrote from.
        </p>
      </section>

      <section>
        <h2 id="deletion-what">What is deleted</h2>
        <ul>
          <li>your parent account and your sign-in;</li>
          <li>every child account you created, so your children can no longer log in;</li>
          <li>every prompt and answer, flagged item, keyword, preference and piece of feedback;</li>
          <li>your subscription, which is cancelled so that you are not charged again.</li>
        </ul>
        <p>
          Stripe, our payment processor, keeps the payment records that tax and accounting law
          require.
        </p>
      </section>

      <section>
        <h2 id="deletion-permanent">Deletion is permanent</h2>
        <p>
          Once your account is deleted it cannot be restored, and we cannot recover any of its data.
          If you would like a copy of a child&apos;s chats, download it first with the Export data
          button in the Logs tab of your dashboard.
        </p>
        <p>
          Only want to stop paying? You can{' '}
          <Link to="/parents/login">cancel your subscription</Link> from the Subscription tab of
          your dashboard instead; cancelling does not delete your data.
        </p>
      </section>

      <section>
        <h2 id="deletion-child">Deleting a single child</h2>
        <p>
          You do not need to email us to delete one child. Log in, open the{' '}
          <strong>Settings</strong> tab of your dashboard, find the child under Child Account
          Management and choose <strong>Delete</strong>. Once you confirm, the child&apos;s account
          and all of their data are deleted at once. This is permanent too.
        </p>
      </section>
    </LegalLayout>
  );
}
