import type { KeywordsResponse } from '@sprout/shared';
import { baseApi } from '../../app/base-api';

export const keywordsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getKeywords: build.query<KeywordsResponse, void>({
      query: () => ({ method: 'GET', path: '/api/parents/keywords' }),
      providesTags: ['Keywords'],
    }),
    addKeyword: build.mutation<unknown, string>({
      query: (keyword) => ({ method: 'POST', path: '/api/parents/keywords', body: { keyword } }),
      invalidatesTags: ['Keywords'],
    }),
    deleteKeyword: build.mutation<unknown, string>({
      query: (keyword) => ({
        method: 'DELETE',
        path: `/api/parents/keywords/${encodeURIComponent(keyword)}`,
      }),
      invalidatesTags: ['Keywords'],
    }),
  }),
});

export const { useGetKeywordsQuery, useAddKeywordMutation, useDeleteKeywordMutation } = keywordsApi;
