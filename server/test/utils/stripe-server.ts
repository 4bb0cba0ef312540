import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One API call the server made, as Stripe would have received it. */
export interface StripeRequest {
  method: string;
  path: string;
  /** The form-encoded body (or query), decoded into nested objects and arrays. */
  params: Record<string, unknown>;
  authorization: string | undefined;
}

type StripeObject = Record<string, unknown> & { id: string };

export interface LocalStripe {
  /** For STRIPE_API_BASE. */
  baseUrl: string;
  secretKey: string;
  priceId: string;
  requests: StripeRequest[];
  customers: Map<string, StripeObject>;
  sessions: Map<string, StripeObject>;
  subscriptions: Map<string, StripeObject>;
  portalSessions: Map<string, StripeObject>;
  /** Calls to `METHOD /v1/path...` so far. */
  calls(method: string, pathPrefix: string): StripeRequest[];
  /** What Stripe does when the customer pays on the hosted page: a subscription, a paid session. */
  completeCheckout(sessionId: string): StripeObject;
  /** Changes a subscription as Stripe would (dashboard, dunning, renewal); returns its new state. */
  updateSubscription(id: string, patch: Record<string, unknown>): StripeObject;
  /** Ends a subscription now, as Stripe does when it deletes one. */
  endSubscription(id: string): StripeObject;
  close(): Promise<void>;
}

const DAY = 24 * 60 * 60;
const now = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

/**
 * A local HTTP server speaking the parts of Stripe's REST API that Sprout calls (customers,
 * prices, Checkout Sessions, subscriptions, customer-portal sessions), for the real `stripe`
 * SDK pointed at it through STRIPE_API_BASE. It keeps its objects in memory, checks the API
 * key, answers unknown ids the way Stripe does (404 resource_missing) and records every request.
 */
export async function startStripeServer(
  options: { secretKey?: string; priceId?: string; priceNickname?: string | null } = {},
): Promise<LocalStripe> {
  const secretKey = options.secretKey ?? 'sk_test_sprout_local';
  const priceId = options.priceId ?? 'price_test_family';
  const price = {
    id: priceId,
    object: 'price',
    active: true,
    currency: 'usd',
    unit_amount: 1299,
    nickname: options.priceNickname === undefined ? 'Family Plan' : options.priceNickname,
    recurring: { interval: 'month', interval_count: 1 },
    type: 'recurring',
  };
  const requests: StripeRequest[] = [];
  const customers = new Map<string, StripeObject>();
  const sessions = new Map<string, StripeObject>();
  const subscriptions = new Map<string, StripeObject>();
  const portalSessions = new Map<string, StripeObject>();

  const missing = (kind: string, id: string) => ({
    status: 404,
    body: {
      error: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'id',
        message: `No such ${kind}: '${id}'`,
      },
    },
  });
  const invalid = (message: string, param?: string) => ({
    status: 400,
    body: { error: { type: 'invalid_request_error', message, param } },
  });

  function route(method: string, path: string, p: Record<string, unknown>) {
    const parts = path.replace(/^\/v1\//, '').split('/');
    const id =
      parts.length === 2 && !['checkout', 'billing_portal'].includes(parts[0])
        ? parts[1]
        : (parts[2] ?? '');
    const key = `${method} ${parts.map((part) => (part === id ? ':id' : part)).join('/')}`;
    switch (key) {
      case 'POST customers': {
        const customer = {
          id: newId('cus'),
          object: 'customer',
          email: p.email ?? null,
          metadata: p.metadata ?? {},
          created: now(),
          livemode: false,
        };
        customers.set(customer.id, customer);
        return { status: 200, body: customer };
      }
      case 'GET customers':
        return {
          status: 200,
          body: { object: 'list', data: [...customers.values()].slice(0, 1), has_more: false },
        };
      case 'GET customers/:id': {
        const customer = customers.get(id);
        return customer ? { status: 200, body: customer } : missing('customer', id);
      }
      case 'GET prices/:id':
        return id === priceId ? { status: 200, body: price } : missing('price', id);
      case 'POST checkout/sessions': {
        if (typeof p.customer !== 'string' || !customers.has(p.customer)) {
          return missing('customer', String(p.customer));
        }
        const items = p.line_items as { price?: string; quantity?: string }[] | undefined;
        if (items?.[0]?.price !== priceId) return invalid('No such price', 'line_items[0][price]');
        const sessionId = newId('cs');
        const session = {
          id: sessionId,
          object: 'checkout.session',
          mode: p.mode,
          customer: p.customer,
          client_reference_id: p.client_reference_id ?? null,
          allow_promotion_codes: p.allow_promotion_codes === 'true',
          metadata: p.metadata ?? {},
          subscription_data: p.subscription_data ?? null,
          success_url: p.success_url,
          cancel_url: p.cancel_url,
          status: 'open',
          payment_status: 'unpaid',
          subscription: null,
          url: `https://checkout.stripe.test/c/pay/${sessionId}`,
          created: now(),
          expires_at: now() + DAY,
          livemode: false,
        };
        sessions.set(sessionId, session);
        return { status: 200, body: session };
      }
      case 'GET checkout/sessions/:id': {
        const session = sessions.get(id);
        return session ? { status: 200, body: session } : missing('checkout.session', id);
      }
      case 'GET subscriptions/:id': {
        const subscription = subscriptions.get(id);
        return subscription ? { status: 200, body: subscription } : missing('subscription', id);
      }
      case 'POST subscriptions/:id': {
        if (!subscriptions.has(id)) return missing('subscription', id);
        const patch: Record<string, unknown> = {};
        if (p.cancel_at_period_end !== undefined) {
          patch.cancel_at_period_end = p.cancel_at_period_end === 'true';
          patch.canceled_at = patch.cancel_at_period_end ? now() : null;
        }
        return { status: 200, body: updateSubscription(id, patch) };
      }
      case 'POST billing_portal/sessions': {
        if (typeof p.customer !== 'string' || !customers.has(p.customer)) {
          return missing('customer', String(p.customer));
        }
        const portalId = newId('bps');
        const session = {
          id: portalId,
          object: 'billing_portal.session',
          customer: p.customer,
          return_url: p.return_url ?? null,
          url: `https://billing.stripe.test/p/session/${portalId}`,
          created: now(),
          livemode: false,
        };
        portalSessions.set(portalId, session);
        return { status: 200, body: session };
      }
      default:
        return invalid(`Unrecognized request URL (${method}: ${path}).`);
    }
  }

  function updateSubscription(id: string, patch: Record<string, unknown>): StripeObject {
    const current = subscriptions.get(id);
    if (!current) throw new Error(`local Stripe: no subscription ${id}`);
    const next = { ...current, ...patch };
    subscriptions.set(id, next);
    return next;
  }

  function completeCheckout(sessionId: string): StripeObject {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`local Stripe: no checkout session ${sessionId}`);
    const data = (session.subscription_data ?? {}) as {
      trial_period_days?: string;
      metadata?: Record<string, string>;
    };
    const start = now();
    const trialEnd = data.trial_period_days ? start + Number(data.trial_period_days) * DAY : null;
    const periodEnd = trialEnd ?? start + 30 * DAY;
    const subscription = {
      id: newId('sub'),
      object: 'subscription',
      customer: session.customer,
      status: trialEnd ? 'trialing' : 'active',
      metadata: data.metadata ?? {},
      items: {
        object: 'list',
        data: [
          {
            id: newId('si'),
            object: 'subscription_item',
            price,
            quantity: 1,
            current_period_start: start,
            current_period_end: periodEnd,
          },
        ],
        has_more: false,
      },
      trial_start: trialEnd ? start : null,
      trial_end: trialEnd,
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      created: start,
      livemode: false,
    };
    subscriptions.set(subscription.id, subscription);
    sessions.set(sessionId, {
      ...session,
      status: 'complete',
      payment_status: trialEnd ? 'no_payment_required' : 'paid',
      subscription: subscription.id,
    });
    return subscription;
  }

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stripe.local');
      const params = decodeForm(req.method === 'GET' ? url.search.slice(1) : raw);
      requests.push({
        method: req.method ?? 'GET',
        path: url.pathname,
        params,
        authorization: req.headers.authorization,
      });
      const answer =
        req.headers.authorization === `Bearer ${secretKey}`
          ? route(req.method ?? 'GET', url.pathname, params)
          : {
              status: 401,
              body: {
                error: { type: 'invalid_request_error', message: 'Invalid API Key provided' },
              },
            };
      res.writeHead(answer.status, {
        'Content-Type': 'application/json',
        'Request-Id': newId('req'),
      });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    secretKey,
    priceId,
    requests,
    customers,
    sessions,
    subscriptions,
    portalSessions,
    calls: (method, pathPrefix) =>
      requests.filter((r) => r.method === method && r.path.startsWith(pathPrefix)),
    completeCheckout,
    updateSubscription,
    endSubscription: (id) =>
      updateSubscription(id, {
        status: 'canceled',
        canceled_at: subscriptions.get(id)?.canceled_at ?? now(),
        ended_at: now(),
        cancel_at_period_end: false,
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Stripe's form encoding (`a[b][0][c]=v`) back into nested objects; objects whose keys are all
 * indexes become arrays.
 */
export function decodeForm(encoded: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(encoded)) {
    const path = key.split(/[[\]]+/).filter(Boolean);
    let node = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return arrays(root) as Record<string, unknown>;
}

function arrays(value: unknown): unknown {
  if (!value || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>).map(
    ([k, v]) => [k, arrays(v)] as const,
  );
  if (entries.length && entries.every(([k]) => /^\d+$/.test(k))) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
  }
  return Object.fromEntries(entries);
}
