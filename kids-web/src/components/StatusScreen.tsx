import { SproutLogo } from './SproutLogo';

/** A full-screen friendly message: loading, or a problem with a button to try again. */
export interface StatusScreenProps {
  message: string;
  busy?: boolean;
  actionLabel?: string;
  onAction?: () => void;
}

export function StatusScreen({ message, busy = false, actionLabel, onAction }: StatusScreenProps) {
  return (
    <main className="status-screen" aria-busy={busy}>
      <SproutLogo
        size={80}
        className={`status-screen__logo${busy ? ' status-screen__logo--busy' : ''}`}
      />
      <p className="status-screen__message" role={busy ? 'status' : 'alert'}>
        {message}
      </p>
      {actionLabel && onAction && (
        <button type="button" className="button button--primary" onClick={onAction}>
          {actionLabel}
        </button>
      )}
    </main>
  );
}
