import { useState } from 'react';
import { formatApiDateTime, type LogEntry } from '@sprout/shared';
import { Modal } from '../../components/Modal';
import { useUnmarkLogMutation } from './logs-api';

export const DEFAULT_REASON = 'Keyword match or content violation';

export function ReviewFlaggedModal({
  log,
  childId,
  onClose,
}: {
  log: LogEntry;
  childId: string;
  onClose: () => void;
}) {
  const [unmark] = useUnmarkLogMutation();
  const [busy, setBusy] = useState(false);

  async function onUnmark() {
    setBusy(true);
    const result = await unmark({ logId: log.id, childId });
    setBusy(false);
    if ('error' in result && result.error) {
      const failure = result.error as { detail?: string | null; message?: string };
      window.alert(`Failed to unmark log: ${failure.detail ?? failure.message ?? ''}`);
      return;
    }
    onClose();
  }

  return (
    <Modal title="Review Flagged Prompt" onClose={onClose} wide>
      <dl className="review-details">
        <dt>Prompt</dt>
        <dd className="review-details__text">{log.prompt_text}</dd>
        <dt>Mode</dt>
        <dd>{log.mode}</dd>
        <dt>Response</dt>
        <dd className="review-details__text">{log.response_text || 'N/A'}</dd>
        <dt>Date</dt>
        <dd>{formatApiDateTime(log.timestamp)}</dd>
        <dt>Reason</dt>
        <dd>
          {log.reason || DEFAULT_REASON}
          {log.severity === 'critical' && (
            <span className="severity severity--critical">
              {' '}
              Urgent: please talk with your child.
            </span>
          )}
        </dd>
      </dl>
      <div className="modal__actions">
        <button type="button" className="button button--secondary" onClick={onClose}>
          Close
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={busy}
          onClick={() => void onUnmark()}
        >
          Unmark as Safe
        </button>
      </div>
    </Modal>
  );
}
