import { GoogleMark } from './GoogleMark';

export interface AuthButtonsProps {
  busy: 'email' | 'google' | null;
  busyLabel: string;
  emailLabel: string;
  googleLabel: string;
  onGoogle: () => Promise<void>;
  error: string | null;
}

/** The email submit button, the Google popup button and the error line of login and signup. */
export function AuthButtons({
  busy,
  busyLabel,
  emailLabel,
  googleLabel,
  onGoogle,
  error,
}: AuthButtonsProps) {
  return (
    <>
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={busy !== null}
      >
        {busy === 'email' ? busyLabel : emailLabel}
      </button>
      <div className="auth-form__divider">or</div>
      <button
        type="button"
        className="button button--secondary button--block"
        disabled={busy !== null}
        onClick={() => void onGoogle()}
      >
        <GoogleMark />
        {busy === 'google' ? busyLabel : googleLabel}
      </button>
      <p className="auth-form__error" role="alert" aria-live="assertive">
        {error && <span className="alert alert--error">{error}</span>}
      </p>
    </>
  );
}
