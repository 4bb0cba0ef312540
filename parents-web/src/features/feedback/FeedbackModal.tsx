import { useEffect, useState, type FormEvent } from 'react';
import {
  FEEDBACK_AUTO_CLOSE_MS,
  FEEDBACK_DESCRIPTION_REQUIRED,
  FEEDBACK_MAX_LENGTH,
  type FeedbackContext,
  type FeedbackType,
} from '@sprout/shared';
import { api } from '../../lib/api';
import { Modal } from '../../components/Modal';

export const FEEDBACK_TEXT = {
  failed: 'Failed to submit feedback. Please try again later.',
  success: (type: FeedbackType) => `Your ${type} has been submitted. Thank you for your feedback!`,
  required: FEEDBACK_DESCRIPTION_REQUIRED,
} as const;

export function FeedbackModal({
  type,
  context,
  onClose,
}: {
  type: FeedbackType;
  context: Omit<FeedbackContext, 'userAgent' | 'url'>;
  onClose: () => void;
}) {
  const [content, setContent] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(onClose, FEEDBACK_AUTO_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [done, onClose]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!content.trim()) {
      setError(FEEDBACK_TEXT.required);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await api.feedback({
        type,
        content: content.trim(),
        context: { ...context, userAgent: navigator.userAgent, url: window.location.href },
      });
      setDone(true);
    } catch {
      setError(FEEDBACK_TEXT.failed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal title={type === 'issue' ? 'Report an Issue' : 'Suggest a Feature'} onClose={onClose}>
      {done ? (
        <p className="alert alert--success" role="status">
          {FEEDBACK_TEXT.success(type)}
        </p>
      ) : (
        <form className="modal-form" onSubmit={onSubmit} noValidate>
          <div className="field">
            <label htmlFor="feedback-content">Description</label>
            <textarea
              id="feedback-content"
              className="textarea"
              maxLength={FEEDBACK_MAX_LENGTH}
              value={content}
              disabled={busy}
              placeholder={
                type === 'issue'
                  ? 'What happened, and what did you expect?'
                  : 'What would make Sprout better for your family?'
              }
              onChange={(event) => setContent(event.target.value)}
            />
          </div>
          {error && (
            <p className="alert alert--error" role="alert">
              {error}
            </p>
          )}
          <div className="modal__actions">
            <button type="button" className="button button--secondary" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className="button button--primary" disabled={busy}>
              {busy ? 'Submitting...' : 'Submit'}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
