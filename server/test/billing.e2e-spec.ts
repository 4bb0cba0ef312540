import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Stripe from 'stripe';
import request from 'supertest';
import { DataSource } from 'typeorm';
import {
  COMPLIMENTARY_PLAN_NICKNAME,
  SUBSCRIPTION_MANAGEMENT_MESSAGE,
  SUBSCRIPTION_REQUIRED_MESSAGE,
} from '@sprout/shared';
import { BILLING_NOT_CONFIGURED } from '../src/billing/billing.service';
import { DASHBOARD_SUBSCRIPTION_MESSAGE } from '../src/billing/subscription.guard';
import { createTestApp, type TestApp } from './utils/create-app';
import { bearer, makeParent } from './utils/factories';
import { signIn, signUp, type SignedIn } from './utils/firebase';
import { startStripeServer, type LocalStripe } from './utils/stripe-server';

const WEBHOOK_SECRET = 'whsec_sprout_test_secret';
const now = () => Math.floor(Date.now() / 1000);

/** Mails in the app's outbox, quoted-printable soft line breaks removed. */
function outbox(t: TestApp): string[] {
  const dir = path.join(t.dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((f) =>
      fs
        .readFileSync(path.join(dir, f), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '='),
    );
}

/** A Stripe event as Stripe sends it, with a real signature (or one made with another secret). */
function signedEvent(
  type: string,
  object: object,
  options: { created?: number; id?: string; secret?: string } = {},
) {
  const event = {
    id: options.id ?? `evt_test_${randomBytes(12).toString('hex')}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: options.created ?? now(),
    type,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  };
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
  });
  return { event, payload, signature };
}

describe('billing with Stripe', () => {
  let stripe: LocalStripe;
  let t: TestApp;

  beforeAll(async () => {
    stripe = await startStripeServer();
    t = await createTestApp({
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_PRICE_ID: stripe.priceId,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: stripe.baseUrl,
    });
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  const post = (url: string, parent: SignedIn, body: object = {}) =>
    request(t.server).post(url).set(bearer(parent.idToken)).send(body);
  const get = (url: string, parent: SignedIn) =>
    request(t.server).get(url).set(bearer(parent.idToken));
  const deliver = (e: { payload: string; signature: string }) =>
    request(t.server)
      .post('/api/billing/webhook')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', e.signature)
      .send(e.payload);
  const login = (parent: SignedIn) => post('/api/parents/login', parent, { email: parent.email });
  const billingEvents = async () =>
    Number((await t.app.get(DataSource).query('SELECT COUNT(*) AS n FROM billing_events'))[0].n);

  /** A parent who signed up (a checkout session is open) and has not paid yet. */
  async function newParent(): Promise<{ parent: SignedIn; sessionId: string }> {
    const account = await signUp();
    const res = await request(t.server)
      .post('/api/parents/signup')
      .set(bearer(account.idToken))
      .send({ email: account.email, acceptTerms: true })
      .expect(200);
    return {
      parent: await signIn(account.email, account.password),
      sessionId: res.body.checkoutSessionId,
    };
  }

  /** A parent who paid on the hosted page and came back to the dashboard. */
  async function payingParent() {
    const { parent, sessionId } = await newParent();
    const subscription = stripe.completeCheckout(sessionId);
    await post('/api/parents/verify-checkout-session', parent, { session_id: sessionId }).expect(
      200,
    );
    return { parent, sessionId, subscription };
  }

  it('creates the Stripe customer and a Checkout Session at signup', async () => {
    const account = await signUp();
    const res = await request(t.server)
      .post('/api/parents/signup')
      .set(bearer(account.idToken))
      .send({ email: account.email, acceptTerms: true })
      .expect(200);
    expect(res.body).toEqual({
      uid: account.uid,
      email: account.email,
      checkoutSessionId: expect.stringMatching(/^cs_test_/),
      checkoutUrl: `https://checkout.stripe.test/c/pay/${res.body.checkoutSessionId}`,
    });
    const customer = stripe.calls('POST', '/v1/customers').at(-1);
    expect(customer?.params).toEqual({
      email: account.email,
      metadata: { parent_uid: account.uid },
    });
    expect(customer?.authorization).toBe(`Bearer ${stripe.secretKey}`);
    const session = stripe.calls('POST', '/v1/checkout/sessions').at(-1);
    expect(session?.params).toEqual({
      mode: 'subscription',
      customer: stripe.sessions.get(res.body.checkoutSessionId)?.customer,
      client_reference_id: account.uid,
      line_items: [{ price: stripe.priceId, quantity: '1' }],
      allow_promotion_codes: 'true',
      subscription_data: { metadata: { parent_uid: account.uid } },
      metadata: { parent_uid: account.uid },
      success_url:
        'http://localhost:8080/parents/dashboard?subscription_success=true&session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:8080/parents/dashboard',
    });
  });

  it('refuses login and the dashboard with subscription_required until the payment is verified', async () => {
    const { parent, sessionId } = await newParent();
    const refused = await login(parent).expect(403);
    expect(refused.body).toEqual({
      statusCode: 403,
      detail: { error: 'subscription_required', message: SUBSCRIPTION_REQUIRED_MESSAGE },
    });
    const dashboard = await get('/api/parents/children', parent).expect(403);
    expect(dashboard.body).toEqual({
      statusCode: 403,
      detail: { error: 'subscription_required', message: DASHBOARD_SUBSCRIPTION_MESSAGE },
    });
    // The routes a lapsed parent needs stay open.
    const before = await get('/api/parents/subscription', parent).expect(200);
    expect(before.body).toMatchObject({ status: 'inactive', billing: 'stripe' });

    const unpaid = await post('/api/parents/verify-checkout-session', parent, {
      session_id: sessionId,
    }).expect(402);
    expect(unpaid.body.detail.error).toBe('checkout_not_paid');
    await login(parent).expect(403);

    const subscription = stripe.completeCheckout(sessionId);
    const verified = await post('/api/parents/verify-checkout-session', parent, {
      session_id: sessionId,
    }).expect(200);
    const periodEnd = (subscription.items as { data: { current_period_end: number }[] }).data[0]
      .current_period_end;
    expect(verified.body).toEqual({
      status: 'active',
      plan_nickname: 'Family Plan',
      trial_end: null,
      current_period_end: periodEnd,
      cancel_at_period_end: false,
      canceled_at: null,
      billing: 'stripe',
    });
    const ok = await login(parent).expect(200);
    expect(ok.body.subscription.status).toBe('active');
    await get('/api/parents/children', parent).expect(200);
    const after = await get('/api/parents/subscription', parent).expect(200);
    expect(after.body).toEqual(verified.body);
  });

  it("refuses to verify an unknown session or another parent's session", async () => {
    const { parent } = await newParent();
    const other = await newParent();
    stripe.completeCheckout(other.sessionId);
    const unknown = await post('/api/parents/verify-checkout-session', parent, {
      session_id: 'cs_test_doesnotexist',
    }).expect(404);
    expect(unknown.body.detail).toEqual({
      error: 'not_found',
      message: 'This checkout session was not found.',
    });
    const foreign = await post('/api/parents/verify-checkout-session', parent, {
      session_id: other.sessionId,
    }).expect(403);
    expect(foreign.body.detail.message).toBe('This checkout session belongs to another account.');
    await login(parent).expect(403);
  });

  it('lets a lapsed parent open a new checkout, and refuses one while the plan is active', async () => {
    const { parent } = await newParent();
    const res = await post('/api/parents/create-checkout-session', parent).expect(200);
    expect(res.body).toEqual({
      sessionId: expect.stringMatching(/^cs_test_/),
      url: `https://checkout.stripe.test/c/pay/${res.body.sessionId}`,
    });
    // The customer made at signup is reused.
    expect(stripe.sessions.get(res.body.sessionId)?.customer).toBe(
      stripe.calls('POST', '/v1/checkout/sessions').at(-2)?.params.customer,
    );
    const paying = await payingParent();
    const again = await post('/api/parents/create-checkout-session', paying.parent).expect(409);
    expect(again.body.detail.error).toBe('already_subscribed');
  });

  it('refuses a forged, tampered or unsigned webhook and changes nothing', async () => {
    const { parent, subscription } = await payingParent();
    const ended = { ...subscription, status: 'canceled', canceled_at: now(), ended_at: now() };
    const count = await billingEvents();

    const forged = signedEvent('customer.subscription.deleted', ended, {
      secret: 'whsec_someone_else',
    });
    const res = await deliver(forged).expect(400);
    expect(res.body).toEqual({
      statusCode: 400,
      detail: { error: 'invalid_signature', message: 'The webhook signature is not valid.' },
    });

    const genuine = signedEvent('customer.subscription.updated', subscription);
    const tampered = signedEvent('customer.subscription.deleted', ended);
    await deliver({ payload: tampered.payload, signature: genuine.signature }).expect(400);
    await request(t.server)
      .post('/api/billing/webhook')
      .set('Content-Type', 'application/json')
      .send(tampered.payload)
      .expect(400);

    expect(await billingEvents()).toBe(count);
    await login(parent).expect(200);
    const state = await get('/api/parents/subscription', parent).expect(200);
    expect(state.body.status).toBe('active');
  });

  it('applies a replayed event once: the replay is accepted and changes nothing', async () => {
    const { parent, sessionId } = await newParent();
    const subscription = stripe.completeCheckout(sessionId);
    const completed = signedEvent('checkout.session.completed', stripe.sessions.get(sessionId)!);
    expect((await deliver(completed).expect(200)).body).toEqual({
      received: true,
      duplicate: false,
    });
    await login(parent).expect(200);

    // Stripe's state moves on without an event; replaying the old one must not read it again.
    stripe.updateSubscription(subscription.id, { status: 'past_due' });
    const retrievals = stripe.calls('GET', `/v1/subscriptions/${subscription.id}`).length;
    const count = await billingEvents();
    const replay = await deliver(completed).expect(200);
    expect(replay.body).toEqual({ received: true, duplicate: true });
    expect(stripe.calls('GET', `/v1/subscriptions/${subscription.id}`)).toHaveLength(retrievals);
    expect(await billingEvents()).toBe(count);
    const state = await get('/api/parents/subscription', parent).expect(200);
    expect(state.body.status).toBe('active');
  });

  it('resolves events that arrive out of order by their creation time and the ended state', async () => {
    const { parent, sessionId } = await newParent();
    const subscription = stripe.completeCheckout(sessionId);
    const base = now() - 3600; // events from the past hour, delivered late and shuffled
    const cancelling = { ...subscription, cancel_at_period_end: true, canceled_at: base + 20 };

    await deliver(signedEvent('customer.subscription.created', subscription, { created: base }));
    await deliver(
      signedEvent('customer.subscription.updated', cancelling, { created: base + 20 }),
    ).expect(200);
    // An older update delivered after a newer one is ignored.
    await deliver(
      signedEvent('customer.subscription.updated', subscription, { created: base + 10 }),
    ).expect(200);
    let state = await get('/api/parents/subscription', parent).expect(200);
    expect(state.body).toMatchObject({ status: 'active', cancel_at_period_end: true });
    expect(state.body.canceled_at).toBe(base + 20);

    // Once deleted, a late "active" update of the same subscription cannot revive it.
    const ended = { ...cancelling, status: 'canceled', ended_at: base + 40 };
    await deliver(
      signedEvent('customer.subscription.deleted', ended, { created: base + 40 }),
    ).expect(200);
    await deliver(
      signedEvent('customer.subscription.updated', cancelling, { created: base + 40 }),
    ).expect(200);
    state = await get('/api/parents/subscription', parent).expect(200);
    expect(state.body).toMatchObject({ status: 'canceled', cancel_at_period_end: false });
    await login(parent).expect(403);
  });

  it('cancels at the end of the period and keeps access until then', async () => {
    const { parent, subscription } = await payingParent();
    const res = await post('/api/parents/cancel-subscription', parent).expect(200);
    expect(res.body).toMatchObject({ status: 'active', cancel_at_period_end: true });
    expect(res.body.canceled_at).toEqual(expect.any(Number));
    const update = stripe.calls('POST', `/v1/subscriptions/${subscription.id}`);
    expect(update.map((r) => r.params)).toEqual([{ cancel_at_period_end: 'true' }]);
    expect(stripe.subscriptions.get(subscription.id)?.cancel_at_period_end).toBe(true);
    // A second click changes nothing at Stripe.
    await post('/api/parents/cancel-subscription', parent).expect(200);
    expect(stripe.calls('POST', `/v1/subscriptions/${subscription.id}`)).toHaveLength(1);
    await login(parent).expect(200);
    await get('/api/parents/children', parent).expect(200);
  });

  it('refuses to cancel when there is no active subscription', async () => {
    const { parent } = await newParent();
    const res = await post('/api/parents/cancel-subscription', parent).expect(400);
    expect(res.body.detail).toEqual({
      error: 'no_active_subscription',
      message: 'There is no active subscription to cancel.',
    });
  });

  it('locks the dashboard again when Stripe deletes the subscription', async () => {
    const { parent, subscription } = await payingParent();
    await get('/api/parents/children', parent).expect(200);
    const ended = stripe.endSubscription(subscription.id);
    await deliver(signedEvent('customer.subscription.deleted', ended)).expect(200);
    const res = await get('/api/parents/children', parent).expect(403);
    expect(res.body.detail.error).toBe('subscription_required');
    await login(parent).expect(403);
    const state = await get('/api/parents/subscription', parent).expect(200);
    expect(state.body).toMatchObject({ status: 'canceled', cancel_at_period_end: false });
    expect(state.body.canceled_at).toEqual(expect.any(Number));
  });

  it('records a failed renewal payment with the state Stripe gives the subscription', async () => {
    const { parent, subscription } = await payingParent();
    stripe.updateSubscription(subscription.id, { status: 'past_due' });
    const invoice = {
      id: 'in_test_1',
      object: 'invoice',
      customer: subscription.customer,
      status: 'open',
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: subscription.id, metadata: {} },
      },
    };
    await deliver(signedEvent('invoice.payment_failed', invoice)).expect(200);
    const state = await get('/api/parents/subscription', parent).expect(200);
    expect(state.body.status).toBe('past_due');
    const res = await login(parent).expect(403);
    expect(res.body.detail.error).toBe('subscription_required');
  });

  it('returns a customer-portal link', async () => {
    const { parent, subscription } = await payingParent();
    const res = await post('/api/parents/create-portal-session', parent).expect(200);
    expect(res.body.url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\/bps_test_/);
    expect(stripe.calls('POST', '/v1/billing_portal/sessions').at(-1)?.params).toEqual({
      customer: subscription.customer,
      return_url: 'http://localhost:8080/parents/dashboard',
    });
  });

  it('mails a portal link to a registered parent and answers everyone the same', async () => {
    const { parent } = await payingParent();
    const before = outbox(t).length;
    const res = await request(t.server)
      .post('/api/parents/initiate-subscription-management')
      .send({ email: parent.email.toUpperCase() })
      .expect(200);
    expect(res.body).toEqual({ message: SUBSCRIPTION_MANAGEMENT_MESSAGE });
    const mails = outbox(t);
    expect(mails).toHaveLength(before + 1);
    const url = [...stripe.portalSessions.values()].at(-1)?.url;
    expect(url).toMatch(/^https:\/\/billing\.stripe\.test\//);
    expect(mails.at(-1)).toContain(`To: ${parent.email}`);
    expect(mails.at(-1)).toContain('Subject: Manage your Sprout subscription');
    expect(mails.at(-1)).toContain(url as string);

    const unknown = await request(t.server)
      .post('/api/parents/initiate-subscription-management')
      .send({ email: 'nobody-here@example.com' })
      .expect(200);
    expect(unknown.body).toEqual({ message: SUBSCRIPTION_MANAGEMENT_MESSAGE });
    expect(outbox(t)).toHaveLength(before + 1);
  });

  it('mails a checkout link to a registered parent who has no Stripe customer yet', async () => {
    const { parent } = await newParent();
    await t.app
      .get(DataSource)
      .query('UPDATE parents SET stripe_customer_id = NULL WHERE uid = ?', [parent.uid]);
    await request(t.server)
      .post('/api/parents/initiate-subscription-management')
      .send({ email: parent.email })
      .expect(200);
    const session = stripe.calls('POST', '/v1/checkout/sessions').at(-1);
    expect(session?.params.client_reference_id).toBe(parent.uid);
    const id = [...stripe.sessions.values()].at(-1)?.id;
    expect(outbox(t).at(-1)).toContain(`https://checkout.stripe.test/c/pay/${id}`);
  });

  it('rate-limits the management request per client address', async () => {
    const statuses: number[] = [];
    let last: request.Response | undefined;
    for (let i = 0; i < 6; i++) {
      last = await request(t.server)
        .post('/api/parents/initiate-subscription-management')
        .send({ email: `someone-${i}@example.com` });
      statuses.push(last.status);
    }
    expect(statuses).toContain(429);
    expect(statuses.at(-1)).toBe(429);
    expect(last?.body.detail).toEqual(expect.stringContaining('Too many requests'));
  });

  it('reports the Stripe integration in the payment health check', async () => {
    const res = await request(t.server).get('/api/iap-health-check').expect(200);
    expect(res.body).toEqual({
      status: 'ok',
      billing: 'stripe',
      stripe: { configured: true, reachable: true, webhook_secret: true, price: true },
      mail: { transport: 'outbox' },
    });
  });
});

describe('billing with a free trial', () => {
  let stripe: LocalStripe;
  let t: TestApp;

  beforeAll(async () => {
    stripe = await startStripeServer({ priceNickname: null });
    t = await createTestApp({
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_PRICE_ID: stripe.priceId,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: stripe.baseUrl,
      TRIAL_DAYS: '14',
    });
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  it('offers the trial at signup and lets a trialing parent in', async () => {
    const account = await signUp();
    const signup = await request(t.server)
      .post('/api/parents/signup')
      .set(bearer(account.idToken))
      .send({ email: account.email, acceptTerms: true })
      .expect(200);
    const params = stripe.calls('POST', '/v1/checkout/sessions').at(-1)?.params;
    expect(params?.subscription_data).toEqual({
      metadata: { parent_uid: account.uid },
      trial_period_days: '14',
    });
    const subscription = stripe.completeCheckout(signup.body.checkoutSessionId);
    const parent = await signIn(account.email, account.password);
    const res = await request(t.server)
      .post('/api/parents/verify-checkout-session')
      .set(bearer(parent.idToken))
      .send({ session_id: signup.body.checkoutSessionId })
      .expect(200);
    expect(res.body).toMatchObject({
      status: 'trialing',
      plan_nickname: 'Sprout Family Plan',
      trial_end: subscription.trial_end,
    });
    await request(t.server)
      .post('/api/parents/login')
      .set(bearer(parent.idToken))
      .send({ email: parent.email })
      .expect(200);
  });
});

describe('billing when Stripe cannot be reached', () => {
  let t: TestApp;

  beforeAll(async () => {
    const stripe = await startStripeServer();
    const closedBase = stripe.baseUrl;
    await stripe.close(); // nothing listens on this port any more
    t = await createTestApp({
      STRIPE_SECRET_KEY: 'sk_test_unreachable',
      STRIPE_PRICE_ID: 'price_test_family',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: closedBase,
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers signup with 503 and reports Stripe unreachable', async () => {
    const account = await signUp();
    const res = await request(t.server)
      .post('/api/parents/signup')
      .set(bearer(account.idToken))
      .send({ email: account.email, acceptTerms: true })
      .expect(503);
    expect(res.body.detail).toEqual({
      error: 'billing_unavailable',
      message: 'Payments are temporarily unavailable. Please try again later.',
    });
    const health = await request(t.server).get('/api/iap-health-check').expect(200);
    expect(health.body).toMatchObject({
      status: 'degraded',
      billing: 'stripe',
      stripe: { configured: true, reachable: false, price: false },
    });
  });
});

describe('billing in complimentary mode (no Stripe key)', () => {
  let stripe: LocalStripe;
  let t: TestApp;

  beforeAll(async () => {
    stripe = await startStripeServer();
    // The base is set but no key: nothing may call Stripe.
    t = await createTestApp({ STRIPE_API_BASE: stripe.baseUrl });
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  it('lets every parent in on the complimentary plan without a checkout', async () => {
    const account = await signUp();
    const signup = await request(t.server)
      .post('/api/parents/signup')
      .set(bearer(account.idToken))
      .send({ email: account.email, acceptTerms: true })
      .expect(200);
    expect(signup.body).toEqual({ uid: account.uid, email: account.email });
    const parent = await signIn(account.email, account.password);
    await request(t.server)
      .post('/api/parents/login')
      .set(bearer(parent.idToken))
      .send({ email: parent.email })
      .expect(200);
    const res = await request(t.server)
      .get('/api/parents/subscription')
      .set(bearer(parent.idToken))
      .expect(200);
    expect(res.body).toEqual({
      status: 'active',
      plan_nickname: COMPLIMENTARY_PLAN_NICKNAME,
      trial_end: null,
      current_period_end: null,
      cancel_at_period_end: false,
      canceled_at: null,
      billing: 'complimentary',
    });
    await request(t.server).get('/api/parents/children').set(bearer(parent.idToken)).expect(200);
  });

  it('answers the payment routes honestly: billing is not configured', async () => {
    const parent = await makeParent(t);
    for (const [url, body] of [
      ['/api/parents/verify-checkout-session', { session_id: 'cs_test_x' }],
      ['/api/parents/cancel-subscription', {}],
      ['/api/parents/create-portal-session', {}],
    ] as const) {
      const res = await request(t.server).post(url).set(bearer(parent.idToken)).send(body);
      expect(res.status).toBe(400);
      expect(res.body.detail).toEqual({
        error: 'billing_not_configured',
        message: BILLING_NOT_CONFIGURED,
      });
    }
    const checkout = await request(t.server)
      .post('/api/parents/create-checkout-session')
      .set(bearer(parent.idToken))
      .expect(400);
    expect(checkout.body.detail.error).toBe('billing_not_configured');
    const { payload, signature } = signedEvent('customer.subscription.deleted', { id: 'sub_x' });
    const hook = await request(t.server)
      .post('/api/billing/webhook')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', signature)
      .send(payload)
      .expect(400);
    expect(hook.body.detail.error).toBe('billing_not_configured');
    expect(stripe.requests).toEqual([]);
  });

  it('mails that billing is not configured and reports the mode in the health check', async () => {
    const parent = await makeParent(t);
    const res = await request(t.server)
      .post('/api/parents/initiate-subscription-management')
      .send({ email: parent.email })
      .expect(200);
    expect(res.body).toEqual({ message: SUBSCRIPTION_MANAGEMENT_MESSAGE });
    const mail = outbox(t).at(-1);
    expect(mail).toContain('Billing is not configured on this server');
    expect(mail).toContain('http://localhost:8080/parents/login');
    const health = await request(t.server).get('/api/iap-health-check').expect(200);
    expect(health.body).toEqual({
      status: 'ok',
      billing: 'complimentary',
      stripe: { configured: false, reachable: null, webhook_secret: false, price: false },
      mail: { transport: 'outbox' },
    });
    expect(stripe.requests).toEqual([]);
  });
});
