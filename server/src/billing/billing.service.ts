import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import {
  COMPLIMENTARY_PLAN_NICKNAME,
  isSubscriptionActive,
  type CheckoutSessionResponse,
  type SubscriptionResponse,
} from '@sprout/shared';
import { AppConfig } from '../config/app-config';
import { DomainError } from '../common/domain-error';
import { Subscription } from './entities/subscription.entity';

/** What billing needs to know about a parent; the parents module passes it in. */
export interface BillingCustomer {
  uid: string;
  email: string;
  stripeCustomerId: string | null;
}

export const BILLING_NOT_CONFIGURED =
  'Billing is not configured on this server: every family has full access at no charge.';

const seconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);

/**
 * The family plan. Without STRIPE_SECRET_KEY every parent is active on a complimentary plan
 * (ARCHITECTURE §8); with it, Stripe Checkout, webhooks and the customer portal.
 */
@Injectable()
export class BillingService {
  constructor(
    @InjectRepository(Subscription) private readonly repo: Repository<Subscription>,
    private readonly config: AppConfig,
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

  /** A checkout for a new or returning parent; null in complimentary mode (nothing to pay). */
  async startCheckout(
    _customer: BillingCustomer,
  ): Promise<(CheckoutSessionResponse & { customerId: string }) | null> {
    if (this.mode === 'complimentary') return null;
    throw this.stripeUnavailable();
  }

  async verifyCheckout(_parentUid: string, _sessionId: string): Promise<SubscriptionResponse> {
    if (this.mode === 'complimentary')
      throw new DomainError(400, BILLING_NOT_CONFIGURED, 'billing_not_configured');
    throw this.stripeUnavailable();
  }

  async cancel(_parentUid: string): Promise<SubscriptionResponse> {
    if (this.mode === 'complimentary')
      throw new DomainError(400, BILLING_NOT_CONFIGURED, 'billing_not_configured');
    throw this.stripeUnavailable();
  }

  async portalUrl(_customer: BillingCustomer): Promise<string> {
    if (this.mode === 'complimentary')
      throw new DomainError(400, BILLING_NOT_CONFIGURED, 'billing_not_configured');
    throw this.stripeUnavailable();
  }

  /** Stripe configuration and reachability for the payment health check. */
  async health(): Promise<{
    configured: boolean;
    reachable: boolean | null;
    webhook_secret: boolean;
    price: boolean;
  }> {
    return {
      configured: this.mode === 'stripe',
      reachable: null,
      webhook_secret: Boolean(this.config.stripeWebhookSecret),
      price: Boolean(this.config.stripePriceId),
    };
  }

  private stripeUnavailable() {
    return new DomainError(
      503,
      'Payments are temporarily unavailable. Please try again later.',
      'billing_unavailable',
    );
  }
}
