import { useState } from 'react';
import { useGetPreferencesQuery, useSetPreferencesMutation } from './settings-api';

export const PREFERENCES_FAILED = 'Failed to update preferences. Please try again.';

export function NotificationsSetting() {
  const { data } = useGetPreferencesQuery();
  const [save, { isLoading }] = useSetPreferencesMutation();
  const [override, setOverride] = useState<boolean | null>(null);
  const [error, setError] = useState<string | null>(null);
  const checked = override ?? data?.email_notifications ?? true;

  async function onChange(next: boolean) {
    const previous = checked;
    setOverride(next);
    setError(null);
    const result = await save({ email_notifications: next });
    if ('error' in result) {
      setOverride(previous);
      setError(PREFERENCES_FAILED);
    }
  }

  return (
    <section className="card settings-section" aria-labelledby="notifications-heading">
      <h3 id="notifications-heading">Notifications</h3>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={checked}
          disabled={isLoading}
          onChange={(event) => void onChange(event.target.checked)}
        />
        <span>
          Email notifications
          <span className="field__hint">
            {' '}
            — an email when something your child writes is flagged (at most one every 10 minutes per
            child). Urgent safety alerts are always sent.
          </span>
        </span>
      </label>
      {error && (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
