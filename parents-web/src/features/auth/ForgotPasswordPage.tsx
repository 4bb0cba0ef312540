import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { sendPasswordReset } from '../../lib/firebase';
import { AuthLayout } from './AuthLayout';

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
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setResult(null);
    try {
      await sendPasswordReset(email.trim());
      setResult({ ok: true, text: RESET_TEXT.sent });
    } catch (error) {
      setResult({
        ok: false,
        text: errorCode(error) === 'auth/user-not-found' ? RESET_TEXT.notFound : RESET_TEXT.failed,
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthLayout
      title="Reset your password"
      subtitle="Enter the email you signed up with and we will send you a link to choose a new password."
    >
      <form className="auth-form" onSubmit={onSubmit}>
        <div className="field">
          <label htmlFor="reset-email">Email</label>
          <input
            id="reset-email"
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
          {busy ? 'Sending...' : 'Send Reset Link'}
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
