import type { LogEntry, LogsQuery, LogsResponse } from '@sprout/shared';
import { baseApi } from '../../app/base-api';

export const logsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getLogs: build.query<LogsResponse, { childId: string } & LogsQuery>({
      query: ({ childId, ...query }) => ({
        method: 'GET',
        path: `/api/parents/logs/${encodeURIComponent(childId)}`,
        query: { ...query },
      }),
      providesTags: ['Logs'],
    }),
    unmarkLog: build.mutation<LogEntry, { logId: string; childId: string }>({
      query: ({ logId, childId }) => ({
        method: 'POST',
        path: `/api/parents/logs/${encodeURIComponent(logId)}/unmark`,
        body: { child_id: childId },
      }),
      invalidatesTags: ['Logs', 'Stats'],
    }),
  }),
});

export const { useGetLogsQuery, useUnmarkLogMutation } = logsApi;

/** Newest first by timestamp (spec §7: the client sorts). */
export function newestFirst(logs: readonly LogEntry[]): LogEntry[] {
  return [...logs].sort((a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp));
}
