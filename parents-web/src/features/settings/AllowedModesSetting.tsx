import { useState } from 'react';
import { AT_LEAST_ONE_MODE_MESSAGE, CHILD_MODES, type Child, type ChildMode } from '@sprout/shared';
import { useGetAllowedModesQuery, useSetAllowedModesMutation } from './settings-api';

export const MODES_TEXT = {
  loadFailed: 'Failed to load mode settings.',
  saveFailed: 'Failed to save mode settings. Please try again.',
  atLeastOne: AT_LEAST_ONE_MODE_MESSAGE,
} as const;

/** One child's allowed modes: applied at once, rolled back if the save fails (spec §4). */
export function ChildModes({ child }: { child: Child }) {
  const { data, error: loadError, isLoading } = useGetAllowedModesQuery(child.uid);
  const [save] = useSetAllowedModesMutation();
  const [local, setLocal] = useState<ChildMode[] | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  // A failed load offers all modes (spec §8).
  const modes: ChildMode[] = local ?? (loadError ? [...CHILD_MODES] : (data?.allowed_modes ?? []));

  async function toggle(mode: ChildMode, on: boolean) {
    const next = on
      ? CHILD_MODES.filter((m) => m === mode || modes.includes(m))
      : modes.filter((m) => m !== mode);
    if (next.length === 0) {
      setMessage(MODES_TEXT.atLeastOne);
      return;
    }
    const previous = modes;
    setLocal(next);
    setMessage(null);
    const result = await save({ uid: child.uid, modes: next });
    if ('error' in result) {
      setLocal(previous);
      setMessage(MODES_TEXT.saveFailed);
    }
  }

  return (
    <fieldset className="modes-fieldset" disabled={isLoading}>
      <legend>{child.username}</legend>
      {loadError && !local && (
        <p className="alert alert--error" role="alert">
          {MODES_TEXT.loadFailed}
        </p>
      )}
      <div className="modes-fieldset__options">
        {CHILD_MODES.map((mode) => (
          <label key={mode} className="checkbox">
            <input
              type="checkbox"
              checked={modes.includes(mode)}
              onChange={(event) => void toggle(mode, event.target.checked)}
            />
            <span>{mode}</span>
          </label>
        ))}
      </div>
      {message && (
        <p className="alert alert--error" role="alert">
          {message}
        </p>
      )}
    </fieldset>
  );
}

export function AllowedModesSetting({ children }: { children: Child[] }) {
  return (
    <section className="card settings-section" aria-labelledby="modes-heading">
      <h3 id="modes-heading">Allowed Chat Modes</h3>
      {children.length === 0 ? (
        <p className="field__hint">Add a child to choose the modes they can use.</p>
      ) : (
        children.map((child) => <ChildModes key={child.uid} child={child} />)
      )}
    </section>
  );
}
