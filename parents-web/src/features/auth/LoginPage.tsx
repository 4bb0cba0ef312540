import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError, ERROR_CODES, SUBSCRIPTION_REQUIRED_MESSAGE } from '@sprout/shared';
import { logEvent } from '../../lib/analytics';
import { api } from '../../lib/api';
import { signInWithEmail, signInWithGoogle, signOutUser, type SignedIn } from '../../lib/firebase';
import { AuthLayout, isOtherApp, safeNextPath } from './AuthLayout';
import { AuthButtons } from './AuthButtons';

export const LOGIN_TEXT = {
  sessionExpired: 'Your session has expired. Please log in again.',
  wrongCredentials: 'Incorrect email or password. Please try again.',
  googleFailed: 'Failed to log in with Google. Please try again.',
  failed: 'Login failed. Please try again later.',
} as const;

type Method = 'email' | 'google';

export function LoginPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState<Method | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [showManage, setShowManage] = useState(false);
  const next = safeNextPath(params.get('next'));

  // Spec §2: show the expiry message once and remove the flag from the address.
  useEffect(() => {
    if (params.get('sessionExpired') === 'true') {
      setError(LOGIN_TEXT.sessionExpired);
      const rest = new URLSearchParams(params);
      rest.delete('sessionExpired');
      setParams(rest, { replace: true });
    }
  }, [params, setParams]);

  async function finish(method: Method, signedIn: SignedIn) {
    try {
      await api.parentLogin(signedIn.user.email ?? email, signedIn.token);
    } catch (failure) {
      // An operator granted admin to an account that is not a parent: the admin page still works.
      if (signedIn.user.isAdmin && next.startsWith('/admin')) {
        window.location.assign(next);
        return;
      }
      await signOutUser().catch(() => undefined);
      if (failure instanceof ApiError && failure.code === ERROR_CODES.subscriptionRequired) {
        setError(failure.detail ?? SUBSCRIPTION_REQUIRED_MESSAGE);
        setShowManage(true);
      } else if (
        failure instanceof ApiError &&
        (failure.status === 401 || failure.status === 403)
      ) {
        setError(LOGIN_TEXT.wrongCredentials);
      } else {
        setError(LOGIN_TEXT.failed);
      }
      setBusy(null);
      return;
    }
    logEvent({ name: 'login', params: { method } });
    if (isOtherApp(next)) window.location.assign(next);
    else navigate(next, { replace: true });
  }

  async function onEmailSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy('email');
    setError(null);
    setShowManage(false);
    let signedIn: SignedIn;
    try {
      signedIn = await signInWithEmail(email.trim(), password);
    } catch {
      setError(LOGIN_TEXT.wrongCredentials);
      setBusy(null);
      return;
    }
    await finish('email', signedIn);
  }

  async function onGoogle() {
    if (busy) return;
    setBusy('google');
    setError(null);
    setShowManage(false);
    let signedIn: SignedIn;
    try {
      signedIn = await signInWithGoogle();
    } catch {
      setError(LOGIN_TEXT.googleFailed);
      setBusy(null);
      return;
    }
    await finish('google', signedIn);
  }

  return (
    <AuthLayout
      title="Parent Log In"
      subtitle="Welcome back. See what your children are exploring with Sprout."
      footer={
        <>
          <Link to="/terms">Terms and Conditions</Link>
          <Link to="/privacy">Privacy Policy</Link>
        </>
      }
    >
      <form className="auth-form" onSubmit={onEmailSubmit}>
        <div className="field">
          <label htmlFor="login-email">Parent Email</label>
          <input
            id="login-email"
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
          <label htmlFor="login-password">Parent Password</label>
          <input
            id="login-password"
            className="input"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            disabled={busy !== null}
            onChange={(event) => setPassword(event.target.value)}
          />
        </div>
        <AuthButtons
          busy={busy}
          busyLabel="Logging In..."
          emailLabel="Log In with Email"
          googleLabel="Log in with Google"
          onGoogle={onGoogle}
          error={error}
        />
        {showManage && (
          <button
            type="button"
            className="button button--secondary button--block"
            onClick={() => navigate('/parents/subscription-renewal')}
          >
            Manage Subscription
          </button>
        )}
        <div className="auth-form__links">
          <Link to="/parents/forgot-password">Forgot Password?</Link>
          <span>
            New to Sprout? <Link to="/parents/signup">Sign up</Link>
          </span>
        </div>
        <div className="auth-form__links">
          <a href="/kids/login">Kid? Log in here</a>
        </div>
      </form>
    </AuthLayout>
  );
}
