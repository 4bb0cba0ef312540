/**
 * The one RTK Query API of the app (STYLE "Web"): its base query goes through the shared API
 * client, which attaches a fresh ID token and turns a 401 into the session-expiry redirect.
 * Features inject their endpoints.
 */
import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { ApiError, type RequestOptions } from '@sprout/shared';
import { api } from '../lib/api';

export interface ApiRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  query?: RequestOptions['query'];
}

/** The error shape every endpoint rejects with: what the screens of spec §8 read. */
export interface ApiFailure {
  status: number;
  detail: string | null;
  code: string | null;
  message: string;
}

export function toApiFailure(error: unknown): ApiFailure {
  if (error instanceof ApiError) {
    return { status: error.status, detail: error.detail, code: error.code, message: error.message };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { status: 0, detail: null, code: null, message };
}

const baseQuery: BaseQueryFn<ApiRequest, unknown, ApiFailure> = async (request, { signal }) => {
  try {
    const data = await api.request<unknown>(request.method, request.path, {
      body: request.body,
      query: request.query,
      signal,
    });
    return { data };
  } catch (error) {
    return { error: toApiFailure(error) };
  }
};

export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Children', 'Stats', 'Logs', 'Keywords', 'Preferences', 'Subscription', 'Modes'],
  refetchOnMountOrArgChange: 30,
  endpoints: () => ({}),
});
