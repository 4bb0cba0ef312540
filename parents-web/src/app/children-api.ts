/** The parent's children: every tab needs them, so the query lives with the app. */
import type { ChildrenResponse } from '@sprout/shared';
import { baseApi } from './base-api';

export const childrenApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getChildren: build.query<ChildrenResponse, void>({
      query: () => ({ method: 'GET', path: '/api/parents/children' }),
      providesTags: ['Children'],
    }),
  }),
});

export const { useGetChildrenQuery } = childrenApi;
