import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ApiError, PLAN_PRICE_LABEL, type ParentSignupResponse } from '@sprout/shared';
import { logEvent } from '../../lib/analytics';
import { api } from '../../lib/api';
import {
  refreshSession,
  signInWithGoogle,
  signOutUser,
  signUpWithEmail,
  type SignedIn,
} from '../../lib/firebase';
import { AuthLayout } from './AuthLayout';
import { AuthButtons } from './AuthButtons';

export const SIGNUP_TEXT = {
  acceptTerms: 'You must accept the Terms and Conditions to sign up.',
  failed: 'Failed to sign up. Please try again.',
  emailFailed: 'Failed to sign up with email. Please try again.',
  googleFailed: 'Failed to sign up with Google. Please try again.',
  paymentRedirectFailed: 'Failed to redirect to payment. Please check your dashboard.',
} as const;

type Method = 'email' | 'google';

/** Sends the browser to Stripe's hosted checkout; the server gives the session's URL. */
export function redirectToCheckout(url: string | undefined | null): void {
  if (!url || !/^https?:\/\//.test(url)) throw new Error('The checkout session has no URL.');
  window.location.assign(url);
}

export function SignupPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [acceptTerms, setAcceptTerms] = useState(false);
  const [busy, setBusy] = useState<Method | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function register(method: Method, signedIn: SignedIn) {
    let result: ParentSignupResponse;
    try {
      result = await api.parentSignup(
        { email: signedIn.user.email ?? email.trim(), acceptTerms: true },
        signedIn.token,
      );
    } catch (failure) {
      await signOutUser().catch(() => undefined);
      setError(failure instanceof ApiError && failure.detail ? failure.detail : SIGNUP_TEXT.failed);
      setBusy(null);
      return;
    }
    logEvent({ name: 'sign_up', params: { method } });
    // The server has just given the account its parent role: pick it up before any call.
    await refreshSession().catch(() => undefined);
    if (result.checkoutSessionId) {
      try {
        redirectToCheckout(result.checkoutUrl);
        return;
      } catch {
        setError(SIGNUP_TEXT.paymentRedirectFailed);
        navigate('/parents/dashboard');
        return;
      }
    }
    navigate('/parents/dashboard', { replace: true });
  }

  function termsAccepted(): boolean {
    if (acceptTerms) return true;
    setError(SIGNUP_TEXT.acceptTerms);
    return false;
  }

  async function onEmailSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy || !termsAccepted()) return;
    setBusy('email');
    setError(null);
    let signedIn: SignedIn;
    try {
      signedIn = await signUpWithEmail(email.trim(), password);
    } catch {
      setError(SIGNUP_TEXT.emailFailed);
      setBusy(null);
      return;
    }
    await register('email', signedIn);
  }

  async function onGoogle() {
    if (busy || !termsAccepted()) return;
    setBusy('google');
    setError(null);
    let signedIn: SignedIn;
    try {
      signedIn = await signInWithGoogle();
    } catch {
      setError(SIGNUP_TEXT.googleFailed);
      setBusy(null);
      return;
    }
    await register('google', signedIn);
  }

  return (
    <AuthLayout
      title="Create your family account"
      subtitle={`One plan for the whole family: ${PLAN_PRICE_LABEL}.`}
      footer={
        <>
          <Link to="/terms">Terms and Conditions</Link>
          <Link to="/privacy">Privacy Policy</Link>
        </>
      }
    >
      <form className="auth-form" onSubmit={onEmailSubmit}>
        <div className="field">
          <label htmlFor="signup-email">Email</label>
          <input
            id="signup-email"
            className="input"
            type="email"
            autoComplete="email"
            required
            value={email}
            disabled={busy !== null}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="signup-password">Password</label>
          <input
            id="signup-password"
            className="input"
            type="password"
            autoComplete="new-password"
            required
            value={password}
            disabled={busy !== null}
            onChange={(event) => setPassword(event.target.value)}
            aria-describedby="signup-password-hint"
          />
          <span id="signup-password-hint" className="field__hint">
            At least 6 characters.
          </span>
        </div>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={acceptTerms}
            disabled={busy !== null}
            onChange={(event) => setAcceptTerms(event.target.checked)}
          />
          <span>
            I accept the{' '}
            <Link to="/terms" target="_blank" rel="noopener">
              Terms and Conditions
            </Link>{' '}
            and the{' '}
            <Link to="/privacy" target="_blank" rel="noopener">
              Privacy Policy
            </Link>
            , and I am the parent or legal guardian of the children I add.
          </span>
        </label>
        <AuthButtons
          busy={busy}
          busyLabel="Signing Up..."
          emailLabel="Sign Up with Email"
          googleLabel="Sign up with Google"
          onGoogle={onGoogle}
          error={error}
        />
        <div className="auth-form__links">
          <span>
            Already have an account? <Link to="/parents/login">Log in</Link>
          </span>
        </div>
      </form>
    </AuthLayout>
  );
}
