import { useState, type FormEvent } from 'react';
import {
  CHILD_AGE_MAX,
  CHILD_AGE_MIN,
  DEFAULT_FILTER_LEVEL,
  FILTER_LEVELS,
  FILTER_LEVEL_DESCRIPTIONS,
  PASSWORD_MIN_LENGTH,
  normalizeUsername,
  suggestUsername,
  type Child,
  type FilterLevel,
} from '@sprout/shared';
import type { ApiFailure } from '../../app/base-api';
import { childSelected } from '../../app/dashboard-slice';
import { useAppDispatch } from '../../app/store';
import { Modal } from '../../components/Modal';
import {
  useAddChildMutation,
  useDeleteChildMutation,
  useResetChildPasswordMutation,
  useUpdateChildMutation,
} from './settings-api';

export const CHILD_TEXT = {
  unexpected: 'An unexpected error occurred. Please try again or contact support.',
  confirmDeletion: 'This will erase all their data and cannot be undone.',
  added: (username: string) =>
    `${username} can now log in at /kids/login with the username "${username}" and the password you chose.`,
} as const;

/** Spec §8 "Add child": a taken username as-is, else the server's detail, else the fallback. */
export function addChildError(failure: ApiFailure | undefined): string {
  const detail = failure?.detail;
  if (detail && detail.includes('username') && detail.includes('already taken')) return detail;
  return detail || CHILD_TEXT.unexpected;
}

function FilterSelect({
  id,
  value,
  onChange,
  disabled,
}: {
  id: string;
  value: FilterLevel;
  onChange: (value: FilterLevel) => void;
  disabled?: boolean;
}) {
  return (
    <select
      id={id}
      className="select"
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value as FilterLevel)}
    >
      {FILTER_LEVELS.map((level) => (
        <option key={level} value={level}>
          {FILTER_LEVEL_DESCRIPTIONS[level]}
        </option>
      ))}
    </select>
  );
}

function parseAge(text: string): number | null {
  return text.trim() === '' ? null : Number(text);
}

export function AddChildForm({ onAdded }: { onAdded: (child: Child) => void }) {
  const [addChild, { isLoading }] = useAddChildMutation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [age, setAge] = useState('');
  const [filter, setFilter] = useState<FilterLevel>(DEFAULT_FILTER_LEVEL);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const result = await addChild({
      username: normalizeUsername(username),
      password,
      age: parseAge(age),
      filter,
    });
    if ('error' in result) {
      setError(addChildError(result.error as ApiFailure));
      return;
    }
    setUsername('');
    setPassword('');
    setAge('');
    setFilter(DEFAULT_FILTER_LEVEL);
    onAdded(result.data);
  }

  return (
    <form className="add-child-form" onSubmit={onSubmit} aria-label="Add a child">
      <div className="field">
        <label htmlFor="child-username">Nickname (username)</label>
        <div className="input-row">
          <input
            id="child-username"
            className="input"
            required
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            value={username}
            disabled={isLoading}
            onChange={(event) => setUsername(event.target.value)}
            aria-describedby="child-username-hint"
          />
          <button
            type="button"
            className="button button--secondary"
            disabled={isLoading}
            onClick={() => setUsername(suggestUsername(username))}
          >
            Suggest Username
          </button>
        </div>
        <span id="child-username-hint" className="field__hint">
          Your child logs in with this. It cannot be changed later.
        </span>
      </div>
      <div className="field">
        <label htmlFor="child-password">Password</label>
        <input
          id="child-password"
          className="input"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          value={password}
          disabled={isLoading}
          onChange={(event) => setPassword(event.target.value)}
        />
        <span className="field__hint">At least {PASSWORD_MIN_LENGTH} characters.</span>
      </div>
      <div className="field">
        <label htmlFor="child-age">Age (optional)</label>
        <input
          id="child-age"
          className="input"
          type="number"
          inputMode="numeric"
          min={CHILD_AGE_MIN}
          max={CHILD_AGE_MAX}
          step={1}
          value={age}
          disabled={isLoading}
          onChange={(event) => setAge(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor="child-filter">Filter Level</label>
        <FilterSelect id="child-filter" value={filter} onChange={setFilter} disabled={isLoading} />
      </div>
      {error && (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={isLoading}>
        {isLoading ? 'Adding...' : 'Add Child'}
      </button>
    </form>
  );
}

function EditChildModal({ child, onClose }: { child: Child; onClose: () => void }) {
  const [update, { isLoading }] = useUpdateChildMutation();
  const [age, setAge] = useState(child.age === null ? '' : String(child.age));
  const [filter, setFilter] = useState<FilterLevel>(child.filter);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const result = await update({ ...child, age: parseAge(age), filter });
    if ('error' in result) console.error('Saving the child failed', result.error);
    onClose();
  }

  return (
    <Modal title="Edit Child" onClose={onClose}>
      <form className="modal-form" onSubmit={onSubmit}>
        <div className="field">
          <span className="field__label">Username</span>
          <span>{child.username}</span>
          <span className="field__hint">Usernames cannot be changed.</span>
        </div>
        <div className="field">
          <label htmlFor="edit-child-age">Age</label>
          <input
            id="edit-child-age"
            className="input"
            type="number"
            min={CHILD_AGE_MIN}
            max={CHILD_AGE_MAX}
            step={1}
            value={age}
            onChange={(event) => setAge(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="edit-child-filter">Filter Level</label>
          <FilterSelect id="edit-child-filter" value={filter} onChange={setFilter} />
        </div>
        <div className="modal__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={isLoading}>
            Save Changes
          </button>
        </div>
      </form>
    </Modal>
  );
}

function ResetPasswordModal({ child, onClose }: { child: Child; onClose: () => void }) {
  const [reset, { isLoading }] = useResetChildPasswordMutation();
  const [password, setPassword] = useState('');

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const result = await reset({ uid: child.uid, password });
    if ('error' in result) console.error('Resetting the password failed', result.error);
    onClose();
  }

  return (
    <Modal title="Reset Password" onClose={onClose}>
      <form className="modal-form" onSubmit={onSubmit}>
        <p>
          Choose a new password for <strong>{child.username}</strong>.
        </p>
        <div className="field">
          <label htmlFor="reset-child-password">New Password</label>
          <input
            id="reset-child-password"
            className="input"
            type="password"
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN_LENGTH}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </div>
        <div className="modal__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={isLoading}>
            Reset Password
          </button>
        </div>
      </form>
    </Modal>
  );
}

function ConfirmDeletionModal({
  child,
  onClose,
  onDeleted,
}: {
  child: Child;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const [remove, { isLoading }] = useDeleteChildMutation();

  async function onDelete() {
    const result = await remove(child.uid);
    if ('error' in result) {
      console.error('Deleting the child failed', result.error);
      onClose();
      return;
    }
    onDeleted();
  }

  return (
    <Modal title="Confirm Deletion" onClose={onClose}>
      <p>
        Delete <strong>{child.username}</strong>? {CHILD_TEXT.confirmDeletion}
      </p>
      <div className="modal__actions">
        <button type="button" className="button button--secondary" onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className="button button--danger"
          disabled={isLoading}
          onClick={() => void onDelete()}
        >
          {isLoading ? 'Deleting...' : 'Delete'}
        </button>
      </div>
    </Modal>
  );
}

type Dialog =
  | { kind: 'edit'; child: Child }
  | { kind: 'reset'; child: Child }
  | { kind: 'delete'; child: Child };

export function ChildAccounts({ children }: { children: Child[] }) {
  const dispatch = useAppDispatch();
  const [formOpen, setFormOpen] = useState(false);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const showForm = formOpen || children.length === 0;

  return (
    <section className="card settings-section" aria-labelledby="children-heading">
      <div className="settings-section__head">
        <h3 id="children-heading">Child Account Management</h3>
        {children.length > 0 && (
          <button
            type="button"
            className="button button--secondary button--small"
            aria-expanded={showForm}
            onClick={() => setFormOpen((open) => !open)}
          >
            {showForm ? 'Close Form' : 'Add Child'}
          </button>
        )}
      </div>
      {notice && (
        <p className="alert alert--success" role="status">
          {notice}
        </p>
      )}
      {showForm && (
        <AddChildForm
          onAdded={(child) => {
            setFormOpen(false);
            setNotice(CHILD_TEXT.added(child.username));
            dispatch(childSelected(child.uid));
          }}
        />
      )}
      {children.length > 0 && (
        <ul className="child-list">
          {children.map((child) => (
            <li key={child.uid} className="child-list__item">
              <div>
                <strong>{child.username}</strong>
                <span className="field__hint">
                  {child.age === null ? 'Age not set' : `Age ${child.age}`} ·{' '}
                  {FILTER_LEVEL_DESCRIPTIONS[child.filter]}
                </span>
              </div>
              <div className="child-list__actions">
                <button
                  type="button"
                  className="button button--secondary button--small"
                  aria-label={`Edit ${child.username}`}
                  onClick={() => setDialog({ kind: 'edit', child })}
                >
                  Edit
                </button>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  aria-label={`Reset password of ${child.username}`}
                  onClick={() => setDialog({ kind: 'reset', child })}
                >
                  Reset Password
                </button>
                <button
                  type="button"
                  className="button button--danger button--small"
                  aria-label={`Delete ${child.username}`}
                  onClick={() => setDialog({ kind: 'delete', child })}
                >
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {dialog?.kind === 'edit' && (
        <EditChildModal child={dialog.child} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'reset' && (
        <ResetPasswordModal child={dialog.child} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDeletionModal
          child={dialog.child}
          onClose={() => setDialog(null)}
          onDeleted={() => {
            const remaining = children.filter((c) => c.uid !== dialog.child.uid);
            setDialog(null);
            setNotice(null);
            // Spec §4: selection moves to the first remaining child; none left opens the form.
            dispatch(childSelected(remaining[0]?.uid ?? null));
            if (remaining.length === 0) setFormOpen(true);
          }}
        />
      )}
    </section>
  );
}
