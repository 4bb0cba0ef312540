import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';

export interface EmailRequestFormProps {
  id: string;
  submitLabel: string;
  /** Sends the request; resolves with the success text to show. */
  send: (email: string) => Promise<string>;
  /** The text to show when `send` fails. */
  errorText: (error: unknown) => string;
}

/** One email field and a button that asks for a mail (password reset, subscription link). */
export function EmailRequestForm({ id, submitLabel, send, errorText }: EmailRequestFormProps) {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setResult(null);
    try {
      setResult({ ok: true, text: await send(email.trim()) });
    } catch (error) {
      setResult({ ok: false, text: errorText(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="auth-form" onSubmit={onSubmit}>
      <div className="field">
        <label htmlFor={id}>Email</label>
        <input
          id={id}
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
        {busy ? 'Sending...' : submitLabel}
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
  );
}
