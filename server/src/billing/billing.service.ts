import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, Repository } from 'typeorm';
import {
  COMPLIMENTARY_PLAN_NICKNAME,
  ERROR_CODES,
  isSubscriptionActive,
  type CheckoutSessionResponse,
  type SubscriptionResponse,
} from '@sprout/shared';
import { AppConfig } from '../config/app-config';
import { DomainError } from '../common/domain-error';
import { BillingEvent } from './entities/billing-event.entity';
import { Subscription } from './entities/subscription.entity';
import { StripeGateway, StripeResourceMissing } from './stripe.gateway';
import { WebhookHandlers, type SubscriptionChange } from './webhook-handlers';
import { stateFromStripe, supersedes } from './subscription-state';

/** What billing needs to know about a parent; the parents module passes it in. */
export interface BillingCustomer {
  uid: string;
  email: string;
  stripeCustomerId: string | null;
}

export const BILLING_NOT_CONFIGURED =
  'Billing is not configured on this server: every family has full access at no charge.';

export const BILLING_MESSAGES = {
  alreadySubscribed:
    'Your family plan is already active. Manage it from the Subscription tab of your dashboard.',
  checkoutNotFound: 'This checkout session was not found.',
  checkoutOfAnotherParent: 'This checkout session belongs to another account.',
  checkoutNotPaid: 'The payment for this checkout has not been completed.',
  noActiveSubscription: 'There is no active subscription to cancel.',
  subscriptionGone: 'Your subscription could not be found at the payment provider.',
  noBillingAccount: 'There is no billing account yet. Subscribe first to manage your plan.',
  webhookNotConfigured:
    'Stripe webhooks are not configured on this server (STRIPE_WEBHOOK_SECRET is unset).',
  invalidSignature: 'The webhook signature is not valid.',
} as const;

/** The payment health check calls Stripe at most this often per replica (the route is public). */
const HEALTH_CACHE_MS = 30_000;
const CHECKOUT_SESSION_ID = /^cs_[A-Za-z0-9_]{1,250}$/;

const seconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);
const nowSeconds = () => Math.floor(Date.now() / 1000);

export interface BillingHealth {
  configured: boolean;
  reachable: boolean | null;
  webhook_secret: boolean;
  price: boolean;
}

/**
 * The family plan. Without STRIPE_SECRET_KEY every parent is active on a complimentary plan
 * (ARCHITECTURE §8); with it, Stripe Checkout, webhooks and the customer portal. Our own
 * `subscriptions` row is what login and the guard read; Stripe's answers and webhooks keep it in
 * step, the newest state winning (see subscription-state.ts).
 */
@Injectable()
export class BillingService {
  private readonly logger = new Logger(BillingService.name);
  private healthCache: { at: number; value: Promise<BillingHealth> } | null = null;

  constructor(
    @InjectRepository(Subscription) private readonly repo: Repository<Subscription>,
    private readonly config: AppConfig,
    private readonly stripe: StripeGateway,
    private readonly handlers: WebhookHandlers,
  ) {}

  get mode(): 'stripe' | 'complimentary' {
    return this.config.billingMode;
  }

  async subscription(parentUid: string): Promise<SubscriptionResponse> {
    if (this.mode === 'complimentary') {
      return {
        status: 'active',
        plan_nickname: COMPLIMENTARY_PLAN_NICKNAME,
        trial_end: null,
        current_period_end: null,
        cancel_at_period_end: false,
        canceled_at: null,
        billing: 'complimentary',
      };
    }
    const record = await this.repo.findOneBy({ parentUid });
    if (!record) {
      return {
        status: 'inactive',
        plan_nickname: null,
        trial_end: null,
        current_period_end: null,
        cancel_at_period_end: false,
        canceled_at: null,
        billing: 'stripe',
      };
    }
    return {
      status: record.status,
      plan_nickname: record.planNickname,
      trial_end: seconds(record.trialEnd),
      current_period_end: seconds(record.currentPeriodEnd),
      cancel_at_period_end: record.cancelAtPeriodEnd,
      canceled_at: seconds(record.canceledAt),
      billing: 'stripe',
    };
  }

  async isActive(parentUid: string): Promise<boolean> {
    if (this.mode === 'complimentary') return true;
    return isSubscriptionActive((await this.repo.findOneBy({ parentUid }))?.status);
  }

  /**
   * A Stripe Checkout Session for a new or returning parent (creating the Stripe customer when
   * there is none yet); null in complimentary mode, where there is nothing to pay. The free trial
   * is for a family's first subscription only.
   */
  async startCheckout(
    customer: BillingCustomer,
  ): Promise<(CheckoutSessionResponse & { customerId: string }) | null> {
    if (this.mode === 'complimentary') return null;
    const record = await this.repo.findOneBy({ parentUid: customer.uid });
    if (isSubscriptionActive(record?.status)) {
      throw new DomainError(409, BILLING_MESSAGES.alreadySubscribed, 'already_subscribed');
    }
    const trialDays = record ? 0 : this.config.trialDays;
    let customerId =
      customer.stripeCustomerId ?? (await this.stripe.createCustomer(customer.uid, customer.email));
    const create = () =>
      this.stripe.createCheckoutSession({
        customerId,
        parentUid: customer.uid,
        priceId: this.config.stripePriceId as string,
        trialDays,
        successUrl: `${this.config.publicUrl}/parents/dashboard?subscription_success=true&session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${this.config.publicUrl}/parents/dashboard`,
      });
    let session;
    try {
      session = await create();
    } catch (error) {
      // The customer we remembered was deleted in Stripe's dashboard: start over with a new one.
      if (!(error instanceof StripeResourceMissing) || !customer.stripeCustomerId) throw error;
      this.logger.warn({ msg: 'Stripe customer missing, creating a new one', uid: customer.uid });
      customerId = await this.stripe.createCustomer(customer.uid, customer.email);
      session = await create();
    }
    return { sessionId: session.id, url: session.url, customerId };
  }

  /** The parent came back from Checkout: record the subscription when the session is paid. */
  async verifyCheckout(parentUid: string, sessionId: string): Promise<SubscriptionResponse> {
    this.assertStripe();
    const notFound = () =>
      new DomainError(404, BILLING_MESSAGES.checkoutNotFound, ERROR_CODES.notFound);
    if (!CHECKOUT_SESSION_ID.test(sessionId)) throw notFound();
    const session = await this.stripe.retrieveCheckoutSession(sessionId);
    if (!session) throw notFound();
    if (session.client_reference_id !== parentUid) {
      throw new DomainError(403, BILLING_MESSAGES.checkoutOfAnotherParent, ERROR_CODES.forbidden);
    }
    const paid =
      session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
    const subscriptionId = idOf(session.subscription);
    if (session.status !== 'complete' || !paid || !subscriptionId) {
      throw new DomainError(402, BILLING_MESSAGES.checkoutNotPaid, 'checkout_not_paid');
    }
    const subscription = await this.stripe.retrieveSubscription(subscriptionId);
    if (!subscription) throw notFound();
    await this.record({ parentUid, subscription, created: nowSeconds() });
    return this.subscription(parentUid);
  }

  /** Cancels at the end of the paid period; the parent keeps access until then. */
  async cancel(parentUid: string): Promise<SubscriptionResponse> {
    this.assertStripe();
    const record = await this.repo.findOneBy({ parentUid });
    if (!record?.stripeSubscriptionId || !isSubscriptionActive(record.status)) {
      throw new DomainError(400, BILLING_MESSAGES.noActiveSubscription, 'no_active_subscription');
    }
    if (!record.cancelAtPeriodEnd) {
      let subscription;
      try {
        subscription = await this.stripe.cancelAtPeriodEnd(record.stripeSubscriptionId);
      } catch (error) {
        if (!(error instanceof StripeResourceMissing)) throw error;
        throw new DomainError(409, BILLING_MESSAGES.subscriptionGone, 'subscription_missing');
      }
      await this.record({ parentUid, subscription, created: nowSeconds() });
    }
    return this.subscription(parentUid);
  }

  /** A Stripe customer-portal link: payment method, invoices, renewal, cancellation. */
  async portalUrl(customer: BillingCustomer): Promise<string> {
    this.assertStripe();
    if (!customer.stripeCustomerId) {
      throw new DomainError(400, BILLING_MESSAGES.noBillingAccount, 'no_billing_account');
    }
    try {
      return await this.stripe.portalUrl(
        customer.stripeCustomerId,
        `${this.config.publicUrl}/parents/dashboard`,
      );
    } catch (error) {
      if (!(error instanceof StripeResourceMissing)) throw error;
      throw new DomainError(400, BILLING_MESSAGES.noBillingAccount, 'no_billing_account');
    }
  }

  /**
   * `POST /api/billing/webhook`: the signature is checked against the raw body, then each event
   * is applied at most once (its id is stored in billing_events in the same transaction as its
   * effect, so a failure leaves it for Stripe's retry and a replay changes nothing).
   */
  async handleWebhook(
    payload: unknown,
    signature: string | undefined,
  ): Promise<{ received: true; duplicate: boolean }> {
    this.assertStripe();
    const secret = this.config.stripeWebhookSecret;
    if (!secret) {
      throw new DomainError(503, BILLING_MESSAGES.webhookNotConfigured, 'webhook_not_configured');
    }
    const invalid = () =>
      new DomainError(400, BILLING_MESSAGES.invalidSignature, 'invalid_signature');
    if (!Buffer.isBuffer(payload) || !signature) throw invalid();
    const event = this.stripe.verifyEvent(payload, signature, secret);
    if (!event) throw invalid();

    const events = this.repo.manager.getRepository(BillingEvent);
    if (await events.existsBy({ id: event.id })) return { received: true, duplicate: true };
    // Stripe calls happen before the transaction: no database lock is held while we wait.
    const change = await this.handlers.changeFor(event, (id) => this.parentOfSubscription(id));
    try {
      await this.repo.manager.transaction(async (m) => {
        await m.insert(BillingEvent, { id: event.id, type: event.type });
        if (change) await this.write(m, change);
      });
    } catch (error) {
      // The same event delivered twice at once: the other delivery applied it.
      if (await events.existsBy({ id: event.id })) return { received: true, duplicate: true };
      throw error;
    }
    this.logger.log({ msg: 'Stripe event applied', id: event.id, type: event.type });
    return { received: true, duplicate: false };
  }

  /** Stripe configuration and reachability for the payment health check. */
  async health(): Promise<BillingHealth> {
    const base = {
      configured: this.mode === 'stripe',
      webhook_secret: Boolean(this.config.stripeWebhookSecret),
    };
    if (this.mode === 'complimentary') return { ...base, reachable: null, price: false };
    const cached = this.healthCache;
    if (cached && Date.now() - cached.at < HEALTH_CACHE_MS) return cached.value;
    const value = this.stripe
      .checkPrice(this.config.stripePriceId)
      .then((check) => ({ ...base, ...check }));
    this.healthCache = { at: Date.now(), value };
    return value;
  }

  private async parentOfSubscription(stripeSubscriptionId: string): Promise<string | null> {
    return (await this.repo.findOneBy({ stripeSubscriptionId }))?.parentUid ?? null;
  }

  private async record(change: SubscriptionChange): Promise<void> {
    await this.repo.manager.transaction((m) => this.write(m, change));
  }

  /** Stores Stripe's state of a subscription unless what we hold is newer (subscription-state.ts). */
  private async write(m: EntityManager, change: SubscriptionChange): Promise<void> {
    const current = await m.findOneBy(Subscription, { parentUid: change.parentUid });
    if (current && !supersedes(current, change.subscription, change.created)) {
      this.logger.log({
        msg: 'Stripe state older than ours, ignored',
        uid: change.parentUid,
        subscription: change.subscription.id,
      });
      return;
    }
    const next = current ?? m.create(Subscription, { parentUid: change.parentUid });
    Object.assign(next, stateFromStripe(change.subscription), {
      stripeEventCreated: change.created,
    });
    await m.save(next);
  }

  private assertStripe() {
    if (this.mode === 'complimentary') {
      throw new DomainError(400, BILLING_NOT_CONFIGURED, ERROR_CODES.billingNotConfigured);
    }
  }
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}
