import { useEffect, useState } from 'react';
import { LOGS_PAGE_SIZE, formatApiDateTime, type LogEntry } from '@sprout/shared';
import { useSelectedChild } from '../../app/use-selected-child';
import { ChildSelect } from '../../components/ChildSelect';
import { Pagination } from '../../components/Pagination';
import { PromptPreview } from './LogsTab';
import { FullTextModal } from './FullTextModal';
import { newestFirst, useGetLogsQuery } from './logs-api';
import { ReviewFlaggedModal } from './ReviewFlaggedModal';
import './logs.css';

export const REVIEW_TEXT = {
  none: (child: string) => `No items currently require review for ${child}.`,
  loadFailed: 'Failed to load the items to review. Please try again.',
} as const;

export function ReviewTab() {
  const { children, child, select } = useSelectedChild();
  const [page, setPage] = useState(1);
  const [fullText, setFullText] = useState<string | null>(null);
  const [reviewing, setReviewing] = useState<LogEntry | null>(null);
  const { data, error, isLoading, refetch } = useGetLogsQuery(
    { childId: child?.uid ?? '', page, pageSize: LOGS_PAGE_SIZE, status: 'flagged' },
    { skip: !child },
  );
  const logs = newestFirst((data?.logs ?? []).filter((log) => log.flagged));
  const total = data?.total ?? logs.length;

  // Spec §2: back to page 1 when the child or the flagged count changes.
  const childId = child?.uid;
  const [seen, setSeen] = useState({ childId, total });
  if (seen.childId !== childId || seen.total !== total) {
    setSeen({ childId, total });
    setPage(1);
  }
  useEffect(() => {
    const pages = Math.max(1, Math.ceil(total / LOGS_PAGE_SIZE));
    if (page > pages) setPage(pages);
  }, [page, total]);

  const name = child?.username ?? '';
  return (
    <div className="tab review-tab">
      <div className="tab__toolbar">
        <ChildSelect children={children} value={child?.uid ?? null} onChange={select} />
      </div>
      {error ? (
        <div className="alert alert--error tab__alert" role="alert">
          {REVIEW_TEXT.loadFailed}{' '}
          <button type="button" className="button button--link" onClick={() => void refetch()}>
            Retry
          </button>
        </div>
      ) : isLoading ? (
        <p role="status">Loading...</p>
      ) : logs.length === 0 ? (
        <p className="tab__empty">{REVIEW_TEXT.none(name)}</p>
      ) : (
        <div className="log-table-wrap">
          <table className="log-table">
            <caption className="sr-only">Flagged prompts of {name}</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Prompt</th>
                <th scope="col">Mode</th>
                <th scope="col">Review</th>
              </tr>
            </thead>
            <tbody>
              {logs.map((log) => (
                <tr key={log.id} className="log-row log-row--flagged">
                  <td data-label="Date">{formatApiDateTime(log.timestamp)}</td>
                  <td data-label="Prompt">
                    <PromptPreview
                      text={log.prompt_text}
                      onShowMore={() => setFullText(log.prompt_text)}
                    />
                  </td>
                  <td data-label="Mode">{log.mode}</td>
                  <td data-label="Review">
                    <button
                      type="button"
                      className="button button--secondary button--small"
                      onClick={() => setReviewing(log)}
                    >
                      Review
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination
        page={page}
        total={total}
        pageSize={LOGS_PAGE_SIZE}
        onPage={setPage}
        label="Review pages"
      />
      {fullText !== null && <FullTextModal text={fullText} onClose={() => setFullText(null)} />}
      {reviewing && child && (
        <ReviewFlaggedModal
          log={reviewing}
          childId={child.uid}
          onClose={() => setReviewing(null)}
        />
      )}
    </div>
  );
}
