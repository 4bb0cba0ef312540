import { Injectable, Logger } from '@nestjs/common';
import {
  StripeGateway,
  StripeResourceMissing,
  type StripeEvent,
  type StripeSubscription,
} from './stripe.gateway';

/** A subscription state to record for a parent, as of `created` (epoch seconds). */
export interface SubscriptionChange {
  parentUid: string;
  subscription: StripeSubscription;
  created: number;
}

type ParentLookup = (stripeSubscriptionId: string) => Promise<string | null>;

const SUBSCRIPTION_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
]);

const idOf = (value: string | { id: string } | null | undefined) =>
  !value ? null : typeof value === 'string' ? value : value.id;

/**
 * Turns a verified Stripe event into the subscription change it implies (null: nothing for us).
 * Events that carry a subscription are used as sent, dated by the event; for the others the
 * subscription is fetched from Stripe and dated now, since that is the state we read.
 */
@Injectable()
export class WebhookHandlers {
  private readonly logger = new Logger(WebhookHandlers.name);

  constructor(private readonly stripe: StripeGateway) {}

  async changeFor(event: StripeEvent, parentOf: ParentLookup): Promise<SubscriptionChange | null> {
    if (SUBSCRIPTION_EVENTS.has(event.type)) {
      const subscription = event.data.object as StripeSubscription;
      return this.change(subscription, event.created, null, parentOf);
    }
    switch (event.type) {
      case 'checkout.session.completed': {
        const session = event.data.object;
        if (session.mode !== 'subscription') return null;
        const subscription = await this.fetch(idOf(session.subscription));
        const parentUid = session.client_reference_id || session.metadata?.parent_uid || null;
        return subscription && this.change(subscription, now(), parentUid, parentOf);
      }
      case 'invoice.payment_failed': {
        // The subscription's own state says what the failure means (past_due, unpaid, ...).
        const details = event.data.object.parent?.subscription_details;
        const subscription = await this.fetch(idOf(details?.subscription));
        return subscription && this.change(subscription, now(), null, parentOf);
      }
      default:
        return null;
    }
  }

  private async fetch(id: string | null): Promise<StripeSubscription | null> {
    return id ? this.stripe.retrieveSubscription(id) : null;
  }

  private async change(
    subscription: StripeSubscription,
    created: number,
    knownParent: string | null,
    parentOf: ParentLookup,
  ): Promise<SubscriptionChange | null> {
    const parentUid =
      knownParent ||
      subscription.metadata?.parent_uid ||
      (await parentOf(subscription.id)) ||
      (await this.customerParent(idOf(subscription.customer)));
    if (!parentUid) {
      this.logger.warn({ msg: 'Stripe subscription of no known parent', id: subscription.id });
      return null;
    }
    return { parentUid, subscription, created };
  }

  private async customerParent(customerId: string | null): Promise<string | null> {
    if (!customerId) return null;
    try {
      return await this.stripe.customerParent(customerId);
    } catch (error) {
      if (error instanceof StripeResourceMissing) return null;
      throw error;
    }
  }
}

const now = () => Math.floor(Date.now() / 1000);
