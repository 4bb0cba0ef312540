import { ApiError, SUBSCRIPTION_MANAGEMENT_MESSAGE } from '@sprout/shared';
import { api } from '../../lib/api';
import { AuthLayout } from './AuthLayout';
import { EmailRequestForm } from './EmailRequestForm';

export const RENEWAL_TEXT = {
  failed: 'An error occurred. Please check the email and try again.',
  sent: SUBSCRIPTION_MANAGEMENT_MESSAGE,
} as const;

export function SubscriptionRenewalPage() {
  return (
    <AuthLayout
      title="Manage your subscription"
      subtitle="Enter your account email. We will send you a secure link to renew or update your family plan."
    >
      <EmailRequestForm
        id="renewal-email"
        submitLabel="Continue to Subscription Management"
        send={async (email) =>
          (await api.initiateSubscriptionManagement(email))?.message || RENEWAL_TEXT.sent
        }
        errorText={(error) =>
          error instanceof ApiError && error.detail ? error.detail : RENEWAL_TEXT.failed
        }
      />
    </AuthLayout>
  );
}
