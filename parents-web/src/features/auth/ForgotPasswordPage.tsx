import { sendPasswordReset } from '../../lib/firebase';
import { AuthLayout } from './AuthLayout';
import { EmailRequestForm } from './EmailRequestForm';

export const RESET_TEXT = {
  notFound: 'No account found with that email address.',
  failed: 'Failed to send password reset email. Please try again.',
  sent: 'Password reset email sent! Please check your inbox (and spam folder).',
} as const;

function errorCode(error: unknown): string | null {
  return error && typeof error === 'object' && 'code' in error && typeof error.code === 'string'
    ? error.code
    : null;
}

export function ForgotPasswordPage() {
  return (
    <AuthLayout
      title="Reset your password"
      subtitle="Enter the email you signed up with and we will send you a link to choose a new password."
    >
      <EmailRequestForm
        id="reset-email"
        submitLabel="Send Reset Link"
        send={async (email) => {
          await sendPasswordReset(email);
          return RESET_TEXT.sent;
        }}
        errorText={(error) =>
          errorCode(error) === 'auth/user-not-found' ? RESET_TEXT.notFound : RESET_TEXT.failed
        }
      />
    </AuthLayout>
  );
}
