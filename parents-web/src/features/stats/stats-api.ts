import type { StatsResponse, TimeRange } from '@sprout/shared';
import { baseApi } from '../../app/base-api';

export const statsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getStats: build.query<StatsResponse, { childId: string; timeRange: TimeRange }>({
      query: ({ childId, timeRange }) => ({
        method: 'GET',
        path: `/api/parents/stats/${encodeURIComponent(childId)}`,
        query: { timeRange },
      }),
      providesTags: ['Stats'],
    }),
  }),
});

export const { useGetStatsQuery } = statsApi;
