import { normalizeUsername } from '@sprout/shared';
import { useEffect, useState, type FormEvent } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { SproutLogo } from '../../components/SproutLogo';
import { api } from '../../lib/api';
import { signInWithPassword, signOutUser } from '../../lib/firebase';
import { markSignedIn, markSignedOut, useSession } from '../../lib/session';
import { LOGIN_MESSAGES, NoEmailError, loginErrorText } from './login-errors';
import './login.css';

export const CHAT_PATH = '/chat';
export const PARENT_LOGIN_PATH = '/parents/login';

/** /kids/login (spec §2 "Child login"). */
export function LoginPage() {
  const navigate = useNavigate();
  const session = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const [notice, setNotice] = useState(() =>
    searchParams.get('sessionExpired') === 'true' ? LOGIN_MESSAGES.sessionExpired : '',
  );
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  useEffect(() => {
    document.title = 'Log In · Sprout for Kids';
  }, []);

  // Show the expired-session line once, and take the flag out of the address.
  useEffect(() => {
    if (!searchParams.has('sessionExpired')) return;
    if (searchParams.get('sessionExpired') === 'true') setNotice(LOGIN_MESSAGES.sessionExpired);
    setSearchParams(
      (params) => {
        params.delete('sessionExpired');
        return params;
      },
      { replace: true },
    );
  }, [searchParams, setSearchParams]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const name = normalizeUsername(username);
    if (!name || !password) return;
    setBusy(true);
    setError('');
    setNotice('');
    let signedIn = false;
    try {
      const { email } = await api.syntheticEmail(name);
      if (!email) throw new NoEmailError();
      const { user, token } = await signInWithPassword(email, password);
      signedIn = true;
      await api.kidLogin({ email }, token);
      markSignedIn(user);
      navigate(CHAT_PATH, { replace: true });
    } catch (failure) {
      console.error('Child login failed', failure);
      if (signedIn) {
        await signOutUser().catch((signOutError: unknown) =>
          console.error('Sign-out after a failed login failed', signOutError),
        );
        markSignedOut();
      }
      setError(loginErrorText(failure));
      setBusy(false);
    }
  };

  // A child who is still signed in goes straight to the chat.
  if (!busy && session.status === 'signedIn' && session.user.isKid) {
    return <Navigate to={CHAT_PATH} replace />;
  }

  return (
    <main className="login">
      <div className="login__card">
        <SproutLogo size={88} className="login__logo" />
        <h1 className="login__title">Welcome to Sprout!</h1>
        <p className="login__subtitle">Log in to start chatting with your friendly helper.</p>
        {notice && (
          <p className="login__notice" role="status">
            {notice}
          </p>
        )}
        <form className="login__form" onSubmit={(event) => void submit(event)}>
          <label className="login__label" htmlFor="kid-username">
            Username
          </label>
          <input
            id="kid-username"
            className="login__input"
            name="username"
            type="text"
            required
            autoComplete="username"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            disabled={busy}
            value={username}
            onChange={(event) => setUsername(event.target.value)}
          />
          <label className="login__label" htmlFor="kid-password">
            Password
          </label>
          <input
            id="kid-password"
            className="login__input"
            name="password"
            type="password"
            required
            autoComplete="current-password"
            disabled={busy}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <button type="submit" className="button button--primary login__submit" disabled={busy}>
            {busy ? 'Logging In...' : 'Log In'}
          </button>
          <p className="login__error" role="alert">
            {error}
          </p>
        </form>
        <p className="login__safety">
          <span aria-hidden="true">🛡️ </span>A grown-up in your family can see your chats, and
          Sprout can make mistakes. Ask a grown-up if something seems wrong.
        </p>
        <a className="login__parent-link" href={PARENT_LOGIN_PATH}>
          Parent? Log in here
        </a>
      </div>
    </main>
  );
}
