import { useState } from 'react';
import {
  CHILD_MODES,
  LOGS_PAGE_SIZE,
  PROMPT_PREVIEW_LENGTH,
  formatApiDateTime,
  type ChildMode,
  type LogEntry,
  type LogStatusFilter,
} from '@sprout/shared';
import { logFiltersChanged, logsPageChanged } from '../../app/dashboard-slice';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { useSelectedChild } from '../../app/use-selected-child';
import { api } from '../../lib/api';
import { ChildSelect } from '../../components/ChildSelect';
import { Pagination } from '../../components/Pagination';
import { FullTextModal } from './FullTextModal';
import { newestFirst, useGetLogsQuery } from './logs-api';
import { ReviewFlaggedModal } from './ReviewFlaggedModal';
import './logs.css';

export const LOGS_TEXT = {
  noMatch: (child: string) => `No logs match the current filters for ${child}.`,
  none: (child: string) =>
    `No logs available for ${child}. Try sending a message in the child interface.`,
  loadFailed: 'Failed to load logs. Please try again.',
} as const;

/** The first 100 characters; the rest behind '(Show More)' (spec §2, §9). */
export function PromptPreview({ text, onShowMore }: { text: string; onShowMore: () => void }) {
  if (text.length <= PROMPT_PREVIEW_LENGTH) return <span className="log-text">{text}</span>;
  return (
    <span className="log-text">
      {text.slice(0, PROMPT_PREVIEW_LENGTH)}...{' '}
      <button type="button" className="button button--link" onClick={onShowMore}>
        (Show More)
      </button>
    </span>
  );
}

export function LogsTab() {
  const dispatch = useAppDispatch();
  const { children, child, select } = useSelectedChild();
  const filters = useAppSelector((state) => state.dashboard.logFilters);
  const page = useAppSelector((state) => state.dashboard.logsPage);
  const [fullText, setFullText] = useState<string | null>(null);
  const [reviewing, setReviewing] = useState<LogEntry | null>(null);
  const { data, error, isLoading, isFetching, refetch } = useGetLogsQuery(
    {
      childId: child?.uid ?? '',
      page,
      pageSize: LOGS_PAGE_SIZE,
      mode: filters.mode === 'all' ? undefined : filters.mode,
      status: filters.status === 'all' ? undefined : filters.status,
    },
    { skip: !child },
  );
  const logs = newestFirst(data?.logs ?? []);
  const total = data?.total ?? logs.length;
  const filtered = filters.mode !== 'all' || filters.status !== 'all';
  const name = child?.username ?? '';

  return (
    <div className="tab logs-tab">
      <div className="tab__toolbar">
        <ChildSelect children={children} value={child?.uid ?? null} onChange={select} />
        <div className="field field--inline">
          <label htmlFor="logs-mode">Mode</label>
          <select
            id="logs-mode"
            className="select"
            value={filters.mode}
            onChange={(event) =>
              dispatch(logFiltersChanged({ mode: event.target.value as ChildMode | 'all' }))
            }
          >
            <option value="all">All Modes</option>
            {CHILD_MODES.map((mode) => (
              <option key={mode} value={mode}>
                {mode}
              </option>
            ))}
          </select>
        </div>
        <div className="field field--inline">
          <label htmlFor="logs-status">Status</label>
          <select
            id="logs-status"
            className="select"
            value={filters.status}
            onChange={(event) =>
              dispatch(logFiltersChanged({ status: event.target.value as LogStatusFilter | 'all' }))
            }
          >
            <option value="all">All Statuses</option>
            <option value="flagged">Flagged</option>
            <option value="safe">Safe</option>
          </select>
        </div>
        {child && <ExportButton childId={child.uid} username={child.username} />}
      </div>

      {error ? (
        <div className="alert alert--error tab__alert" role="alert">
          {LOGS_TEXT.loadFailed}{' '}
          <button type="button" className="button button--link" onClick={() => void refetch()}>
            Retry
          </button>
        </div>
      ) : isLoading ? (
        <p role="status">Loading logs...</p>
      ) : logs.length === 0 ? (
        <p className="tab__empty">{filtered ? LOGS_TEXT.noMatch(name) : LOGS_TEXT.none(name)}</p>
      ) : (
        <div className={isFetching ? 'log-table-wrap log-table-wrap--busy' : 'log-table-wrap'}>
          <table className="log-table">
            <caption className="sr-only">Chat log of {name}</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Prompt</th>
                <th scope="col">Response</th>
                <th scope="col">Mode</th>
                <th scope="col">Status</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {logs.map((log) => (
                <tr key={log.id} className={log.flagged ? 'log-row log-row--flagged' : 'log-row'}>
                  <td data-label="Date">{formatApiDateTime(log.timestamp)}</td>
                  <td data-label="Prompt">
                    <PromptPreview
                      text={log.prompt_text}
                      onShowMore={() => setFullText(log.prompt_text)}
                    />
                  </td>
                  <td data-label="Response">
                    {log.response_text ? (
                      <button
                        type="button"
                        className="button button--link"
                        onClick={() => setFullText(log.response_text ?? '')}
                      >
                        View Response
                      </button>
                    ) : (
                      'N/A'
                    )}
                  </td>
                  <td data-label="Mode">{log.mode}</td>
                  <td data-label="Status">
                    {log.flagged ? (
                      <span className="badge badge--bad">Flagged</span>
                    ) : (
                      <span className="badge badge--good">
                        {log.parent_reviewed ? 'Safe (reviewed)' : 'Safe'}
                      </span>
                    )}
                  </td>
                  <td data-label="Action">
                    {log.flagged ? (
                      <button
                        type="button"
                        className="button button--secondary button--small"
                        onClick={() => setReviewing(log)}
                      >
                        Review
                      </button>
                    ) : (
                      <span aria-label="No action needed">—</span>
                    )}
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
        onPage={(next) => dispatch(logsPageChanged(next))}
        label="Logs pages"
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

/** Downloads everything stored about the child as JSON (GET .../children/{id}/export). */
function ExportButton({ childId, username }: { childId: string; username: string }) {
  const [busy, setBusy] = useState(false);
  async function onExport() {
    setBusy(true);
    try {
      const response = await api.send(
        'GET',
        `/api/parents/children/${encodeURIComponent(childId)}/export`,
      );
      const blob = await response.blob();
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `sprout-${username}-export.json`;
      link.click();
      URL.revokeObjectURL(url);
    } catch (error) {
      console.error('Export failed', error);
      window.alert('Failed to export the data. Please try again.');
    } finally {
      setBusy(false);
    }
  }
  return (
    <button
      type="button"
      className="button button--secondary"
      disabled={busy}
      onClick={() => void onExport()}
    >
      {busy ? 'Exporting...' : 'Export data'}
    </button>
  );
}
