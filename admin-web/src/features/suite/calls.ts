/**
 * The calls of the suite (spec §7 "Admin test page", plus the read-only dashboard calls), in the
 * order 'Run all' runs them: each call may use what an earlier one learned (the billing mode, the
 * child's sign-in email, the kid session, the kid's settings, the admin's children).
 */
import {
  CHILD_MODES,
  EXPLAIN_MODE,
  KID_PREFERENCE_KEYS,
  TIME_RANGES,
  normalizeUsername,
  readErrorBody,
  type ApiClient,
  type ChatHistoryItem,
  type Child,
  type ClientConfigResponse,
  type KidConfigResponse,
} from '@sprout/shared';
import { exchange, streamExchange, type Exchange, type Method } from './exchange';

export interface SuiteClients {
  admin: ApiClient;
  kid: ApiClient;
  /** Signs the test child in on the second Firebase app. */
  signInKid: (email: string, password: string) => Promise<{ uid: string }>;
}

/** What earlier calls learned, for the later ones. */
export interface SuiteContext {
  clientConfig: ClientConfigResponse | null;
  syntheticEmail: { username: string; email: string } | null;
  kid: { uid: string; username: string } | null;
  kidConfig: KidConfigResponse | null;
  children: Child[] | null;
}

export const emptyContext = (): SuiteContext => ({
  clientConfig: null,
  syntheticEmail: null,
  kid: null,
  kidConfig: null,
  children: null,
});

export interface CallInput {
  key: string;
  label: string;
  kind: 'text' | 'email' | 'select' | 'textarea';
  options?: readonly string[];
  hint?: string;
}

export interface CallOutcome {
  pass: boolean;
  status: number | null;
  latencyMs: number | null;
  body: unknown;
  /** Why the call failed, or why an answer that is not 2xx counts as a pass. */
  note: string | null;
  /** The request as sent, e.g. `GET /api/parents/stats/abc?timeRange=7days`. */
  request: string;
}

export interface RunArgs {
  inputs: Record<string, string>;
  /** The test child of the form above the rows. */
  child: { username: string; password: string };
  adminEmail: string;
  context: SuiteContext;
  clients: SuiteClients;
  /** Streamed text as it arrives (chat only). */
  onText: (chunk: string) => void;
}

export interface CallDefinition {
  id: string;
  method: Method;
  /** Path as shown in the row, with placeholders. */
  path: string;
  /** What the call checks and what counts as a pass. */
  expectation: string;
  inputs: CallInput[];
  defaults: (adminEmail: string) => Record<string, string>;
  streams?: boolean;
  run: (args: RunArgs) => Promise<CallOutcome>;
}

export const NO_KID_SESSION = 'No kid session: run POST /api/kids/login first.';
const ADMIN_NOT_SIGNED_IN = 'You are not signed in.';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The server's own explanation of an error answer, if it gave one. */
function detailOf(body: unknown): string | null {
  return readErrorBody(body).detail;
}

function outcome(
  exchanged: Exchange,
  request: string,
  pass: boolean,
  note: string | null = null,
): CallOutcome {
  const explained =
    note ??
    exchanged.error ??
    (pass ? null : (detailOf(exchanged.body) ?? `Unexpected answer (HTTP ${exchanged.status}).`));
  return {
    pass,
    status: exchanged.status,
    latencyMs: exchanged.latencyMs,
    body: exchanged.body,
    note: explained,
    request,
  };
}

/** A failure found before any request was sent. */
function notSent(request: string, note: string): CallOutcome {
  return { pass: false, status: null, latencyMs: null, body: null, note, request };
}

function withQuery(path: string, query: Record<string, string>): string {
  const params = new URLSearchParams(query).toString();
  return params ? `${path}?${params}` : path;
}

/** A simple GET whose pass is a 200 with the expected shape. */
function simpleGet(
  id: string,
  path: string,
  options: {
    client: 'admin' | 'kid' | 'public';
    expectation: string;
    valid: (body: unknown) => boolean;
    learn?: (body: unknown, context: SuiteContext) => void;
    note?: (body: unknown) => string | null;
  },
): CallDefinition {
  return {
    id,
    method: 'GET',
    path,
    expectation: options.expectation,
    inputs: [],
    defaults: () => ({}),
    async run({ clients, context }) {
      const client = options.client === 'kid' ? clients.kid : clients.admin;
      const result = await exchange(client, 'GET', path, {
        public: options.client === 'public',
        notSignedIn: options.client === 'kid' ? NO_KID_SESSION : ADMIN_NOT_SIGNED_IN,
      });
      const pass = result.status === 200 && options.valid(result.body);
      if (pass) options.learn?.(result.body, context);
      return outcome(
        result,
        `GET ${path}`,
        pass,
        pass ? (options.note?.(result.body) ?? null) : null,
      );
    },
  };
}

/** The admin's children, loaded when no earlier call has; null when they cannot be read. */
async function childrenOf(args: RunArgs): Promise<Child[] | null> {
  if (args.context.children) return args.context.children;
  const result = await exchange(args.clients.admin, 'GET', '/api/parents/children');
  if (result.status === 200 && isRecord(result.body) && Array.isArray(result.body.children)) {
    args.context.children = result.body.children as Child[];
  }
  return args.context.children;
}

const OWNERSHIP_EXPECTATION =
  "200 for a child of the signed-in account. For another family's child (the demo child seen by the " +
  'admin, for one) the server must refuse with 404 not_found, and that counts as a pass.';

/** A dashboard read of one child: 200 when the child is the admin's own, else an honest 404. */
function childRead(
  id: string,
  path: string,
  options: {
    extraInputs: CallInput[];
    extraDefaults: Record<string, string>;
    valid: (body: unknown) => boolean;
  },
): CallDefinition {
  return {
    id,
    method: 'GET',
    path: `${path}/{child_id}`,
    expectation: OWNERSHIP_EXPECTATION,
    inputs: [
      {
        key: 'childId',
        label: 'Child ID',
        kind: 'text',
        hint: 'Blank: the test child signed in by POST /api/kids/login.',
      },
      ...options.extraInputs,
    ],
    defaults: () => ({ childId: '', ...options.extraDefaults }),
    async run(args) {
      const childId = args.inputs.childId?.trim() || args.context.kid?.uid || '';
      const query: Record<string, string> = {};
      if (args.inputs.timeRange) query.timeRange = args.inputs.timeRange;
      const fullPath = `${path}/${encodeURIComponent(childId)}`;
      const request = `GET ${withQuery(fullPath, query)}`;
      if (!childId) {
        return notSent(
          `GET ${path}/{child_id}`,
          'Enter a child ID, or run POST /api/kids/login first to use the test child.',
        );
      }
      const children = await childrenOf(args);
      const owned = children ? children.some((child) => child.uid === childId) : null;
      const result = await exchange(args.clients.admin, 'GET', fullPath, { query });
      if (owned === false) {
        const refused = result.status === 404 && readErrorBody(result.body).code === 'not_found';
        return outcome(
          result,
          request,
          refused,
          refused
            ? 'The child belongs to another family: the server refused it with 404, as it must.'
            : (result.error ??
                `The child is not one of this account's children, so the server must answer 404 (got ${result.status ?? 'no answer'}).`),
        );
      }
      return outcome(result, request, result.status === 200 && options.valid(result.body));
    },
  };
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function isHistory(value: unknown): value is ChatHistoryItem[] {
  return (
    Array.isArray(value) &&
    value.every(
      (item) =>
        isRecord(item) &&
        (item.role === 'user' || item.role === 'assistant') &&
        typeof item.content === 'string',
    )
  );
}

export const CALLS: readonly CallDefinition[] = [
  simpleGet('health', '/api/health-check', {
    client: 'public',
    expectation:
      "200 when the database and the identity service answer (503 otherwise). 'degraded' with a 200 means the AI check failed.",
    valid: (body) => isRecord(body) && (body.status === 'ok' || body.status === 'degraded'),
    note: (body) => {
      if (!isRecord(body) || body.status !== 'degraded' || !isRecord(body.checks)) return null;
      const failing = Object.entries(body.checks)
        .filter(([, check]) => isRecord(check) && check.ok === false)
        .map(([name]) => name);
      return `Degraded: ${failing.join(', ') || 'a check'} failed.`;
    },
  }),
  simpleGet('iap-health', '/api/iap-health-check', {
    client: 'public',
    expectation: '200 with the billing mode, the Stripe configuration and the mail transport.',
    valid: (body) => isRecord(body) && typeof body.billing === 'string',
  }),
  simpleGet('client-config', '/api/public/client-config', {
    client: 'public',
    expectation: '200 with the Firebase web settings the three apps start with.',
    valid: (body) =>
      isRecord(body) && isRecord(body.firebase) && typeof body.firebase.projectId === 'string',
    learn: (body, context) => {
      context.clientConfig = body as ClientConfigResponse;
    },
  }),
  {
    id: 'synthetic-email',
    method: 'GET',
    path: '/api/public/synthetic-email?username=',
    expectation:
      "200 with the test child's sign-in email (404 means no child has that username). Uses the test child above.",
    inputs: [],
    defaults: () => ({}),
    async run({ child, clients, context }) {
      const username = child.username.trim();
      const path = '/api/public/synthetic-email';
      const request = `GET ${withQuery(path, { username })}`;
      if (!username) return notSent(request, 'Enter the test child’s username above.');
      const result = await exchange(clients.admin, 'GET', path, {
        public: true,
        query: { username },
      });
      const email = isRecord(result.body) ? result.body.email : undefined;
      const pass = result.status === 200 && typeof email === 'string' && email.includes('@');
      if (pass) context.syntheticEmail = { username: normalizeUsername(username), email };
      return outcome(result, request, pass);
    },
  },
  {
    id: 'parent-login',
    method: 'POST',
    path: '/api/parents/login',
    expectation: "200 with the account's subscription, for the signed-in admin's own email.",
    inputs: [{ key: 'email', label: 'Email', kind: 'email' }],
    defaults: (adminEmail) => ({ email: adminEmail }),
    async run({ inputs, clients }) {
      const body = { email: inputs.email?.trim() ?? '' };
      const result = await exchange(clients.admin, 'POST', '/api/parents/login', { body });
      const pass = result.status === 200 && isRecord(result.body) && 'subscription' in result.body;
      return outcome(result, 'POST /api/parents/login', pass);
    },
  },
  {
    id: 'portal',
    method: 'POST',
    path: '/api/parents/create-portal-session',
    expectation:
      '200 with the card provider’s portal URL. In complimentary billing there is no portal: the server answers 400 billing_not_configured, and that counts as a pass.',
    inputs: [],
    defaults: () => ({}),
    async run({ clients, context }) {
      const request = 'POST /api/parents/create-portal-session';
      const result = await exchange(clients.admin, 'POST', '/api/parents/create-portal-session', {
        body: {},
      });
      if (result.status === 200) {
        const url = isRecord(result.body) ? result.body.url : undefined;
        return outcome(result, request, typeof url === 'string' && url.startsWith('http'));
      }
      if (result.status === 400 && readErrorBody(result.body).code === 'billing_not_configured') {
        if (!context.clientConfig) {
          const config = await exchange(clients.admin, 'GET', '/api/public/client-config', {
            public: true,
          });
          if (config.status === 200 && isRecord(config.body)) {
            context.clientConfig = config.body as unknown as ClientConfigResponse;
          }
        }
        const complimentary = context.clientConfig?.billing === 'complimentary';
        return outcome(
          result,
          request,
          complimentary,
          complimentary
            ? 'Complimentary billing: no portal to open, as the server says.'
            : 'The server says billing is not configured, but its client config does not report complimentary billing.',
        );
      }
      return outcome(result, request, false);
    },
  },
  simpleGet('children', '/api/parents/children', {
    client: 'admin',
    expectation: "200 with the signed-in account's children (the admin's own family).",
    valid: (body) => isRecord(body) && Array.isArray(body.children),
    learn: (body, context) => {
      context.children = (body as { children: Child[] }).children;
    },
  }),
  simpleGet('subscription', '/api/parents/subscription', {
    client: 'admin',
    expectation: "200 with the account's subscription fields.",
    valid: (body) => isRecord(body) && typeof body.status === 'string',
  }),
  simpleGet('keywords', '/api/parents/keywords', {
    client: 'admin',
    expectation: "200 with the account's alert keywords.",
    valid: (body) => isRecord(body) && Array.isArray(body.keywords),
  }),
  simpleGet('preferences', '/api/parents/preferences', {
    client: 'admin',
    expectation: '200 with email_notifications.',
    valid: (body) => isRecord(body) && typeof body.email_notifications === 'boolean',
  }),
  {
    id: 'kid-login',
    method: 'POST',
    path: '/api/kids/login',
    expectation:
      'Signs the test child in with the email from GET /api/public/synthetic-email on a second Firebase session (yours is untouched), then expects 200 with the same uid.',
    inputs: [],
    defaults: () => ({}),
    async run({ child, clients, context }) {
      const request = 'POST /api/kids/login';
      const username = normalizeUsername(child.username);
      const email =
        context.syntheticEmail?.username === username ? context.syntheticEmail.email : null;
      if (!email) {
        return notSent(
          request,
          'Run GET /api/public/synthetic-email first: the child signs in with the email it returns.',
        );
      }
      context.kid = null;
      context.kidConfig = null;
      let session: { uid: string };
      try {
        session = await clients.signInKid(email, child.password);
      } catch (error) {
        const code = isRecord(error) && typeof error.code === 'string' ? error.code : null;
        const message = error instanceof Error ? error.message : String(error);
        return notSent(request, `Firebase sign-in failed: ${code ?? message}`);
      }
      const result = await exchange(clients.kid, 'POST', '/api/kids/login', {
        body: { username: child.username.trim(), password: child.password },
        notSignedIn: NO_KID_SESSION,
      });
      const pass =
        result.status === 200 && isRecord(result.body) && result.body.uid === session.uid;
      if (pass) context.kid = { uid: session.uid, username };
      return outcome(result, request, pass);
    },
  },
  simpleGet('kid-config', '/api/kids/config', {
    client: 'kid',
    expectation: "200 with the test child's allowed modes and reading settings.",
    valid: (body) => isRecord(body) && Array.isArray(body.allowed_modes),
    learn: (body, context) => {
      context.kidConfig = body as KidConfigResponse;
    },
  }),
  {
    id: 'kid-preferences',
    method: 'PUT',
    path: '/api/kids/preferences',
    expectation:
      'Sends exactly one key and expects 200 with that key set to the value sent. A blank value writes back the current value from GET /api/kids/config, so the child’s settings do not change.',
    inputs: [
      { key: 'key', label: 'Key', kind: 'select', options: KID_PREFERENCE_KEYS },
      {
        key: 'value',
        label: 'Value (JSON)',
        kind: 'text',
        hint: 'For example true, false, null or "voice-uri". Blank: the current value.',
      },
    ],
    defaults: () => ({ key: 'auto_read_web', value: '' }),
    async run({ inputs, clients, context }) {
      const request = 'PUT /api/kids/preferences';
      const key = (inputs.key ?? 'auto_read_web') as (typeof KID_PREFERENCE_KEYS)[number];
      let value: unknown;
      const raw = inputs.value?.trim() ?? '';
      if (raw) {
        const parsed = parseJson(raw);
        if (!parsed.ok)
          return notSent(request, 'The value must be JSON: true, false, null or a quoted text.');
        value = parsed.value;
      } else if (context.kidConfig) {
        value = context.kidConfig[key];
      } else {
        return notSent(request, 'Run GET /api/kids/config first, or enter a value.');
      }
      const result = await exchange(clients.kid, 'PUT', '/api/kids/preferences', {
        body: { [key]: value },
        notSignedIn: NO_KID_SESSION,
      });
      const pass = result.status === 200 && isRecord(result.body) && result.body[key] === value;
      if (pass) context.kidConfig = result.body as unknown as KidConfigResponse;
      return outcome(result, request, pass);
    },
  },
  {
    id: 'kid-chat',
    method: 'POST',
    path: '/api/kids/chat',
    streams: true,
    expectation:
      'Expects 200 and a streamed plain-text answer, shown live as it arrives. The prompt is logged for the test child like any other.',
    inputs: [
      { key: 'prompt', label: 'Prompt', kind: 'text' },
      { key: 'mode', label: 'Mode', kind: 'select', options: [...CHILD_MODES, EXPLAIN_MODE] },
      {
        key: 'history',
        label: 'History (JSON)',
        kind: 'textarea',
        hint: 'A list of {"role": "user" | "assistant", "content": "..."}.',
      },
    ],
    defaults: () => ({ prompt: 'What is 10x10?', mode: 'Learn', history: '[]' }),
    async run({ inputs, clients, onText }) {
      const request = 'POST /api/kids/chat';
      const prompt = inputs.prompt?.trim() ?? '';
      if (!prompt) return notSent(request, 'Enter a prompt.');
      const history = parseJson(inputs.history?.trim() || '[]');
      if (!history.ok || !isHistory(history.value)) {
        return notSent(request, 'History must be a JSON list of {"role", "content"} items.');
      }
      const result = await streamExchange(
        clients.kid,
        '/api/kids/chat',
        { prompt, mode: inputs.mode || 'Learn', history: history.value },
        onText,
        NO_KID_SESSION,
      );
      const pass = result.status === 200 && result.text.trim() !== '';
      const note =
        pass && result.firstTextMs !== null
          ? `First text after ${result.firstTextMs} ms.`
          : result.status === 200 && !pass
            ? 'The stream ended without any text.'
            : null;
      return outcome(result, request, pass, note);
    },
  },
  childRead('stats', '/api/parents/stats', {
    extraInputs: [{ key: 'timeRange', label: 'Time range', kind: 'select', options: TIME_RANGES }],
    extraDefaults: { timeRange: '7days' },
    valid: (body) => isRecord(body) && isRecord(body.promptCounts),
  }),
  childRead('logs', '/api/parents/logs', {
    extraInputs: [],
    extraDefaults: {},
    valid: (body) => isRecord(body) && Array.isArray(body.logs),
  }),
];

/** The row's heading: method and path. */
export const callLabel = (call: CallDefinition) => `${call.method} ${call.path}`;
