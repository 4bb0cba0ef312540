import { AsyncLocalStorage } from 'node:async_hooks';

export interface RequestContext {
  requestId: string;
  uid?: string;
}

/** Carries the request id into every log line written while a request is handled. */
export const requestContext = new AsyncLocalStorage<RequestContext>();
