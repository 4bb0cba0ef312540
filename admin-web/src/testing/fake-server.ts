/** A whole healthy embedded stack behind the fake fetch: every call of the suite answers. */
import { errorBody, json, type FakeApi, type FakeRequest } from './fake-api';
import { ADMIN_TOKEN, KID_TOKEN } from './fake-firebase';

export const SYNTHETIC_EMAIL = 'demo-kid@kids.sprout.invalid';

const bearer = (request: FakeRequest) => request.headers.Authorization ?? '';

/** 401 unless the request carries the given token (the real server checks the role the same way). */
function withToken(token: string, handler: (request: FakeRequest) => Response) {
  return (request: FakeRequest) =>
    bearer(request) === `Bearer ${token}` ? handler(request) : errorBody(401, 'Unauthorized');
}

export function installHealthyServer(api: FakeApi) {
  const kidConfig = {
    allowed_modes: ['Learn', 'Play'],
    preferred_voice_uri: null as string | null,
    auto_read_web: false,
    auto_read_mobile: true,
  };
  api.on('GET', '/api/health-check', () =>
    json(200, {
      status: 'ok',
      checks: {
        database: { ok: true, detail: 'sqlite', latency_ms: 1 },
        identity: { ok: true, latency_ms: 2 },
        ai: { ok: true, detail: 'scripted: ready', latency_ms: 0 },
      },
      version: '0.1.0',
    }),
  );
  api.on('GET', '/api/iap-health-check', () =>
    json(200, {
      status: 'ok',
      billing: 'complimentary',
      stripe: { configured: false, reachable: null, webhook_secret: false, price: false },
      mail: { transport: 'outbox' },
    }),
  );
  api.on('GET', '/api/public/client-config', () =>
    json(200, {
      firebase: {
        apiKey: 'demo-key',
        authDomain: 'demo-sprout.firebaseapp.com',
        projectId: 'demo-sprout',
      },
      authEmulatorUrl: 'http://127.0.0.1:9099',
      billing: 'complimentary',
      stripePublishableKey: null,
      supportEmail: 'support@sprout.test',
      appStoreUrl: null,
      playStoreUrl: null,
      promoCode: null,
    }),
  );
  api.on('GET', '/api/public/synthetic-email', (request) =>
    request.query.get('username') === 'demo-kid'
      ? json(200, { email: SYNTHETIC_EMAIL })
      : errorBody(404, {
          error: 'not_found',
          message: "That username doesn't exist. Please check the spelling.",
        }),
  );
  const subscription = {
    status: 'active',
    plan_nickname: 'Complimentary (billing not configured)',
    trial_end: null,
    current_period_end: null,
    cancel_at_period_end: false,
    canceled_at: null,
    billing: 'complimentary',
  };
  api.on(
    'POST',
    '/api/parents/login',
    withToken(ADMIN_TOKEN, (request) =>
      json(200, { uid: 'admin-1', email: (request.body as { email: string }).email, subscription }),
    ),
  );
  api.on(
    'POST',
    '/api/parents/create-portal-session',
    withToken(ADMIN_TOKEN, () =>
      errorBody(400, {
        error: 'billing_not_configured',
        message:
          'Billing is not configured on this server: every family has full access at no charge.',
      }),
    ),
  );
  api.on(
    'GET',
    '/api/parents/children',
    withToken(ADMIN_TOKEN, () => json(200, { children: [] })),
  );
  api.on(
    'GET',
    '/api/parents/subscription',
    withToken(ADMIN_TOKEN, () => json(200, subscription)),
  );
  api.on(
    'GET',
    '/api/parents/keywords',
    withToken(ADMIN_TOKEN, () => json(200, { keywords: [] })),
  );
  api.on(
    'GET',
    '/api/parents/preferences',
    withToken(ADMIN_TOKEN, () => json(200, { email_notifications: true })),
  );
  api.on(
    'POST',
    '/api/kids/login',
    withToken(KID_TOKEN, () =>
      json(200, { uid: 'kid-1', username: 'demo-kid', email: SYNTHETIC_EMAIL }),
    ),
  );
  api.on(
    'GET',
    '/api/kids/config',
    withToken(KID_TOKEN, () => json(200, kidConfig)),
  );
  api.on(
    'PUT',
    '/api/kids/preferences',
    withToken(KID_TOKEN, (request) => {
      Object.assign(kidConfig, request.body);
      return json(200, kidConfig);
    }),
  );
  api.on(
    'POST',
    '/api/kids/chat',
    withToken(
      KID_TOKEN,
      () =>
        new Response('10 times 10 is 100!', {
          status: 200,
          headers: { 'Content-Type': 'text/plain; charset=utf-8' },
        }),
    ),
  );
  // The demo child is another family's: the admin's dashboard calls for it are refused.
  const notYours = () => errorBody(404, { error: 'not_found', message: 'Child not found.' });
  api.on('GET', '/api/parents/stats/kid-1', withToken(ADMIN_TOKEN, notYours));
  api.on('GET', '/api/parents/logs/kid-1', withToken(ADMIN_TOKEN, notYours));
  return { kidConfig };
}
