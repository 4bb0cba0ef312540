/**
 * The API client used by all three web apps (ARCHITECTURE §9, spec §7): same origin, JSON,
 * a fresh identity token on every call, 401 → session-expiry redirect, errors read from `detail`.
 */
import type * as Api from './api';
import type { TimeRange } from './constants';
import type { ChildMode } from './modes';

export interface ApiClientOptions {
  /** Origin and prefix of the API; '' means the page's own origin. */
  baseUrl?: string;
  /** Returns a fresh ID token, or null when nobody is signed in. */
  getToken: () => Promise<string | null>;
  /** Called on a 401 from any call that does not skip session-expiry handling. */
  onSessionExpired?: () => void;
  fetch?: typeof fetch;
}

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  /** Use this token instead of fetching one (login and signup pass their fresh token). */
  token?: string;
  /** Send no Authorization header (public calls). */
  public?: boolean;
  /** Do not treat a 401 as an expired session (login and signup). */
  skipSessionExpiry?: boolean;
  signal?: AbortSignal;
}

/** An error answer of the API, with the fields the spec's screens read. */
export class ApiError extends Error {
  readonly status: number;
  /** The `detail` text, or `detail.message`. */
  readonly detail: string | null;
  /** The `detail.error` code, or `error`. */
  readonly code: string | null;
  readonly body: unknown;

  constructor(status: number, body: unknown, fallback?: string) {
    const { detail, code } = readErrorBody(body);
    super(detail ?? fallback ?? `Error: ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
    this.code = code;
    this.body = body;
  }
}

/** Thrown when a call needs a token and none can be fetched (spec §7). */
export class NotSignedInError extends Error {
  constructor() {
    super('You are not signed in.');
    this.name = 'NotSignedInError';
  }
}

export function readErrorBody(body: unknown): { detail: string | null; code: string | null } {
  if (!body || typeof body !== 'object') {
    return { detail: typeof body === 'string' && body ? body : null, code: null };
  }
  const record = body as Record<string, unknown>;
  const detail = record.detail;
  if (typeof detail === 'string') return { detail, code: str(record.error) };
  if (detail && typeof detail === 'object') {
    const inner = detail as Record<string, unknown>;
    return { detail: str(inner.message), code: str(inner.error) ?? str(record.error) };
  }
  if (Array.isArray(detail) && detail.length > 0) {
    const first = detail[0] as Record<string, unknown> | string;
    return {
      detail: typeof first === 'string' ? first : (str(first?.msg) ?? str(first?.message)),
      code: null,
    };
  }
  return { detail: str(record.message), code: str(record.error) };
}

function str(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** Where a 401 sends the user (spec §2 "Session-expiry redirect"). */
export function sessionExpiredPath(pathname: string): string {
  return pathname.includes('/kids') || pathname.startsWith('/chat')
    ? '/kids/login?sessionExpired=true'
    : '/parents/login?sessionExpired=true';
}

export function buildQuery(query: RequestOptions['query']): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export type ApiClient = ReturnType<typeof createApiClient>;

export function createApiClient(options: ApiClientOptions) {
  const baseUrl = options.baseUrl ?? '';
  const doFetch = (input: string, init: RequestInit) => (options.fetch ?? fetch)(input, init);

  async function headersFor(opts: RequestOptions, json: boolean): Promise<Record<string, string>> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (json) headers['Content-Type'] = 'application/json';
    if (!opts.public) {
      const token = opts.token ?? (await options.getToken());
      if (!token) throw new NotSignedInError();
      headers.Authorization = `Bearer ${token}`;
    }
    return headers;
  }

  async function send(method: string, path: string, opts: RequestOptions = {}): Promise<Response> {
    const hasBody = opts.body !== undefined;
    const headers = await headersFor(opts, hasBody);
    const response = await doFetch(`${baseUrl}${path}${buildQuery(opts.query)}`, {
      method,
      headers,
      body: hasBody ? JSON.stringify(opts.body) : undefined,
      signal: opts.signal,
    });
    if (!response.ok) {
      if (response.status === 401 && !opts.skipSessionExpiry && !opts.public) {
        options.onSessionExpired?.();
      }
      throw new ApiError(response.status, await readBody(response));
    }
    return response;
  }

  async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
    const response = await send(method, path, opts);
    return (await readBody(response)) as T;
  }

  const enc = encodeURIComponent;

  return {
    request,
    send,
    // public
    syntheticEmail: (username: string) =>
      request<Api.SyntheticEmailResponse>('GET', '/api/public/synthetic-email', {
        public: true,
        query: { username },
      }),
    clientConfig: () =>
      request<Api.ClientConfigResponse>('GET', '/api/public/client-config', { public: true }),
    healthCheck: () =>
      request<Api.HealthCheckResponse>('GET', '/api/health-check', { public: true }),
    iapHealthCheck: () =>
      request<Api.IapHealthCheckResponse>('GET', '/api/iap-health-check', { public: true }),
    // login and signup
    kidLogin: (body: Api.KidLoginRequest, token?: string) =>
      request<Api.KidLoginResponse>('POST', '/api/kids/login', {
        body,
        token,
        skipSessionExpiry: true,
      }),
    parentLogin: (email: string, token: string) =>
      request<Api.ParentLoginResponse>('POST', '/api/parents/login', {
        body: { email },
        token,
        skipSessionExpiry: true,
      }),
    parentSignup: (body: Api.ParentSignupRequest, token: string) =>
      request<Api.ParentSignupResponse>('POST', '/api/parents/signup', {
        body,
        token,
        skipSessionExpiry: true,
      }),
    initiateSubscriptionManagement: (email: string) =>
      request<Api.MessageResponse>('POST', '/api/parents/initiate-subscription-management', {
        body: { email },
        public: true,
      }),
    // parent dashboard
    stats: (childId: string, timeRange: TimeRange) =>
      request<Api.StatsResponse>('GET', `/api/parents/stats/${enc(childId)}`, {
        query: { timeRange },
      }),
    children: () => request<Api.ChildrenResponse>('GET', '/api/parents/children'),
    addChild: (body: Api.AddChildRequest) =>
      request<Api.Child>('POST', '/api/parents/add-child', { body }),
    updateChild: (childId: string, body: Api.UpdateChildRequest) =>
      request<Api.Child>('PUT', `/api/parents/children/${enc(childId)}`, { body }),
    deleteChild: (childId: string) =>
      request<Api.MessageResponse>('DELETE', `/api/parents/children/${enc(childId)}`),
    resetChildPassword: (childId: string, password: string) =>
      request<Api.MessageResponse>('PUT', `/api/parents/children/${enc(childId)}/reset-password`, {
        body: { password },
      }),
    allowedModes: (childId: string) =>
      request<Api.AllowedModesResponse>(
        'GET',
        `/api/parents/children/${enc(childId)}/allowed-modes`,
      ),
    setAllowedModes: (childId: string, modes: ChildMode[]) =>
      request<Api.AllowedModesResponse>(
        'PUT',
        `/api/parents/children/${enc(childId)}/allowed-modes`,
        {
          body: { modes },
        },
      ),
    logs: (childId: string, query?: Api.LogsQuery) =>
      request<Api.LogsResponse>('GET', `/api/parents/logs/${enc(childId)}`, {
        query: query as RequestOptions['query'],
      }),
    unmarkLog: (logId: string, childId: string) =>
      request<Api.LogEntry>('POST', `/api/parents/logs/${enc(logId)}/unmark`, {
        body: { child_id: childId },
      }),
    keywords: () => request<Api.KeywordsResponse>('GET', '/api/parents/keywords'),
    addKeyword: (keyword: string) =>
      request<Api.KeywordsResponse>('POST', '/api/parents/keywords', { body: { keyword } }),
    deleteKeyword: (keyword: string) =>
      request<Api.KeywordsResponse>('DELETE', `/api/parents/keywords/${enc(keyword)}`),
    preferences: () => request<Api.ParentPreferences>('GET', '/api/parents/preferences'),
    setPreferences: (body: Api.ParentPreferences) =>
      request<Api.ParentPreferences>('POST', '/api/parents/preferences', { body }),
    subscription: () => request<Api.SubscriptionResponse>('GET', '/api/parents/subscription'),
    verifyCheckoutSession: (sessionId: string) =>
      request<Api.SubscriptionResponse>('POST', '/api/parents/verify-checkout-session', {
        body: { session_id: sessionId },
      }),
    createCheckoutSession: () =>
      request<Api.CheckoutSessionResponse>('POST', '/api/parents/create-checkout-session', {
        body: {},
      }),
    cancelSubscription: () =>
      request<Api.SubscriptionResponse>('POST', '/api/parents/cancel-subscription', { body: {} }),
    createPortalSession: () =>
      request<Api.PortalSessionResponse>('POST', '/api/parents/create-portal-session', {
        body: {},
      }),
    feedback: (body: Api.FeedbackRequest) =>
      request<Api.MessageResponse>('POST', '/api/feedback', { body }),
    // kids
    kidConfig: () => request<Api.KidConfigResponse>('GET', '/api/kids/config'),
    setKidPreference: (body: Api.KidPreferenceRequest) =>
      request<Api.KidConfigResponse>('PUT', '/api/kids/preferences', { body }),
    /**
     * Streams a chat answer; `onText` gets each decoded chunk as it arrives. Resolves with the
     * whole text and the image (if the stream ended with an image line).
     */
    async chat(
      body: Api.ChatRequest,
      onText: (chunk: string) => void,
      signal?: AbortSignal,
    ): Promise<{ text: string; image: string | null }> {
      const response = await send('POST', '/api/kids/chat', { body, signal });
      return readChatStream(response, onText);
    },
  };
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Reads a chat stream, holding back the image line so it never flashes on screen. */
export async function readChatStream(
  response: Response,
  onText: (chunk: string) => void,
): Promise<{ text: string; image: string | null }> {
  const decoder = new TextDecoder();
  let text = '';
  let tail = '';
  const emit = (chunk: string) => {
    if (!chunk) return;
    text += chunk;
    onText(chunk);
  };
  const consume = (chunk: string) => {
    const combined = tail + chunk;
    const marker = combined.indexOf('\u001e');
    if (marker === -1) {
      tail = '';
      emit(combined);
    } else {
      emit(combined.slice(0, marker));
      tail = combined.slice(marker);
    }
  };
  if (response.body && typeof response.body.getReader === 'function') {
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const chunk = decoder.decode(value, { stream: true });
      if (tail) tail += chunk;
      else consume(chunk);
    }
    const rest = decoder.decode();
    if (rest) {
      if (tail) tail += rest;
      else consume(rest);
    }
  } else {
    consume(await response.text());
  }
  let image: string | null = null;
  if (tail) {
    try {
      const parsed = JSON.parse(tail.slice(1)) as { image?: unknown };
      image = typeof parsed.image === 'string' ? parsed.image : null;
    } catch {
      emit(tail);
    }
    if (text.endsWith('\n')) text = text.slice(0, -1);
  }
  return { text, image };
}
