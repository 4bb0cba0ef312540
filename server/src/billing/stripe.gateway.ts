import { Injectable, Logger } from '@nestjs/common';
import Stripe from 'stripe';
import { AppConfig } from '../config/app-config';
import { DomainError } from '../common/domain-error';

export type StripeSubscription = Stripe.Subscription;
export type StripeCheckoutSession = Stripe.Checkout.Session;
export type StripeEvent = Stripe.Event;

/** Stripe does not know the object asked for (deleted, or from another account or mode). */
export class StripeResourceMissing extends Error {
  constructor(readonly what: string) {
    super(`Stripe could not ${what}: no such object`);
    this.name = 'StripeResourceMissing';
  }
}

export const BILLING_UNAVAILABLE_MESSAGE =
  'Payments are temporarily unavailable. Please try again later.';

/** Calls Stripe gets before a request counts as failed; a parent is waiting on the other side. */
const REQUEST_TIMEOUT_MS = 20_000;
const HEALTH_TIMEOUT_MS = 5_000;

export interface CheckoutRequest {
  customerId: string;
  parentUid: string;
  priceId: string;
  trialDays: number;
  successUrl: string;
  cancelUrl: string;
}

export interface PriceCheck {
  /** Stripe answered and accepted our key. */
  reachable: boolean;
  /** The configured price exists and is active. */
  price: boolean;
}

/**
 * The only place that talks to Stripe: the official SDK, pointed at STRIPE_API_BASE when set (the
 * tests' local Stripe). Stripe's own errors become domain errors here, so callers never see
 * SDK types in their error paths.
 */
@Injectable()
export class StripeGateway {
  private readonly logger = new Logger(StripeGateway.name);
  private readonly client: Stripe | null;

  constructor(config: AppConfig) {
    this.client = config.stripeSecretKey
      ? new Stripe(config.stripeSecretKey, {
          ...connectionOptions(config.stripeApiBase),
          maxNetworkRetries: 2,
          timeout: REQUEST_TIMEOUT_MS,
          appInfo: { name: 'Sprout', version: '0.1.0' },
        })
      : null;
  }

  get configured(): boolean {
    return this.client !== null;
  }

  async createCustomer(parentUid: string, email: string): Promise<string> {
    const customer = await this.call('create a customer', (s) =>
      s.customers.create({ email, metadata: { parent_uid: parentUid } }),
    );
    return customer.id;
  }

  /** The parent a customer was created for (customer metadata), or null. */
  async customerParent(customerId: string): Promise<string | null> {
    const customer = await this.call('retrieve a customer', (s) =>
      s.customers.retrieve(customerId),
    );
    if ('deleted' in customer && customer.deleted) return null;
    return (customer as Stripe.Customer).metadata?.parent_uid || null;
  }

  createCheckoutSession(r: CheckoutRequest): Promise<StripeCheckoutSession> {
    return this.call('create a checkout session', (s) =>
      s.checkout.sessions.create({
        mode: 'subscription',
        customer: r.customerId,
        client_reference_id: r.parentUid,
        line_items: [{ price: r.priceId, quantity: 1 }],
        allow_promotion_codes: true,
        subscription_data: {
          metadata: { parent_uid: r.parentUid },
          ...(r.trialDays > 0 ? { trial_period_days: r.trialDays } : {}),
        },
        metadata: { parent_uid: r.parentUid },
        success_url: r.successUrl,
        cancel_url: r.cancelUrl,
      }),
    );
  }

  /** The session, or null when Stripe does not know it. */
  retrieveCheckoutSession(id: string): Promise<StripeCheckoutSession | null> {
    return this.orNullWhenMissing(() =>
      this.call('retrieve a checkout session', (s) => s.checkout.sessions.retrieve(id)),
    );
  }

  retrieveSubscription(id: string): Promise<StripeSubscription | null> {
    return this.orNullWhenMissing(() =>
      this.call('retrieve a subscription', (s) => s.subscriptions.retrieve(id)),
    );
  }

  cancelAtPeriodEnd(id: string): Promise<StripeSubscription> {
    return this.call('cancel a subscription', (s) =>
      s.subscriptions.update(id, { cancel_at_period_end: true }),
    );
  }

  async portalUrl(customerId: string, returnUrl: string): Promise<string> {
    const session = await this.call('create a portal session', (s) =>
      s.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }),
    );
    return session.url;
  }

  /** Verifies a webhook's signature against STRIPE_WEBHOOK_SECRET; null when it does not hold. */
  verifyEvent(payload: Buffer, signature: string, secret: string): StripeEvent | null {
    try {
      return this.sdk().webhooks.constructEvent(payload, signature, secret);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError) return null;
      throw error;
    }
  }

  /** Whether Stripe answers our key, and whether the configured price is usable. */
  async checkPrice(priceId: string | null): Promise<PriceCheck> {
    const client = this.sdk();
    try {
      if (!priceId) {
        await client.customers.list({ limit: 1 }, { timeout: HEALTH_TIMEOUT_MS });
        return { reachable: true, price: false };
      }
      const price = await client.prices.retrieve(
        priceId,
        {},
        { timeout: HEALTH_TIMEOUT_MS, maxNetworkRetries: 0 },
      );
      return { reachable: true, price: price.active };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError) {
        return { reachable: true, price: false };
      }
      this.logger.warn({ msg: 'Stripe health check failed', error: describe(error) });
      return { reachable: false, price: false };
    }
  }

  private sdk(): Stripe {
    if (!this.client) throw new Error('Stripe is not configured (STRIPE_SECRET_KEY is unset)');
    return this.client;
  }

  private async call<T>(what: string, fn: (client: Stripe) => Promise<T>): Promise<T> {
    try {
      return await fn(this.sdk());
    } catch (error) {
      if (isMissing(error)) throw new StripeResourceMissing(what);
      this.logger.error({ msg: `Stripe: could not ${what}`, error: describe(error) });
      throw new DomainError(503, BILLING_UNAVAILABLE_MESSAGE, 'billing_unavailable');
    }
  }

  private async orNullWhenMissing<T>(fn: () => Promise<T>): Promise<T | null> {
    try {
      return await fn();
    } catch (error) {
      if (error instanceof StripeResourceMissing) return null;
      throw error;
    }
  }
}

function isMissing(error: unknown): boolean {
  return (
    error instanceof Stripe.errors.StripeInvalidRequestError &&
    (error.code === 'resource_missing' || error.statusCode === 404)
  );
}

function describe(error: unknown): string {
  if (error instanceof Stripe.errors.StripeError) {
    return `${error.type}${error.code ? ` (${error.code})` : ''}: ${error.message}`;
  }
  return error instanceof Error ? error.message : String(error);
}

/** host/port/protocol of the SDK from a base URL such as http://127.0.0.1:12111. */
export function connectionOptions(
  base: string | null,
): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!base) return {};
  const url = new URL(base);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
  };
}
