import { Injectable, Logger } from '@nestjs/common';
import {
  ERROR_CODES,
  SUBSCRIPTION_MANAGEMENT_MESSAGE,
  SUBSCRIPTION_REQUIRED_MESSAGE,
  type CheckoutSessionResponse,
  type MessageResponse,
  type ParentLoginResponse,
  type ParentSignupResponse,
  type PortalSessionResponse,
  type SubscriptionResponse,
} from '@sprout/shared';
import type { AuthUser } from '../common/auth-user';
import { DomainError } from '../common/domain-error';
import { FirebaseService } from '../auth/firebase.service';
import { BillingService, type BillingCustomer } from '../billing/billing.service';
import { MailService } from '../mail/mail.service';
import { AppConfig } from '../config/app-config';
import { ROLE_MESSAGES } from '../auth/roles.guard';
import { ParentsService } from './parents.service';
import type { Parent } from './entities/parent.entity';

export const ACCOUNT_MESSAGES = {
  emailMismatch: 'The email does not match the signed-in account.',
  kidAccount: "This is a child's account. Children log in at /kids/login.",
} as const;

/** Parent login, signup and the subscription calls a lapsed parent needs. */
@Injectable()
export class AccountsService {
  private readonly logger = new Logger(AccountsService.name);

  constructor(
    private readonly parents: ParentsService,
    private readonly billing: BillingService,
    private readonly firebase: FirebaseService,
    private readonly mail: MailService,
    private readonly config: AppConfig,
  ) {}

  async login(user: AuthUser, email: string): Promise<ParentLoginResponse> {
    this.assertParentToken(user, email);
    const parent = await this.parents.find(user.uid);
    if (!parent) throw new DomainError(403, ROLE_MESSAGES.noAccount, 'forbidden');
    const subscription = await this.billing.subscription(user.uid);
    if (!(await this.billing.isActive(user.uid))) {
      throw new DomainError(403, SUBSCRIPTION_REQUIRED_MESSAGE, ERROR_CODES.subscriptionRequired);
    }
    return { uid: parent.uid, email: parent.email, subscription };
  }

  async signup(user: AuthUser, email: string): Promise<ParentSignupResponse> {
    this.assertParentToken(user, email);
    const parent = await this.parents.register(user.uid, user.email ?? email);
    if (user.claims.role !== 'parent')
      await this.firebase.mergeClaims(user.uid, { role: 'parent' });
    if (await this.billing.isActive(user.uid)) return { uid: parent.uid, email: parent.email };
    const checkout = await this.startCheckout(parent);
    return checkout
      ? {
          uid: parent.uid,
          email: parent.email,
          checkoutSessionId: checkout.sessionId,
          checkoutUrl: checkout.url ?? undefined,
        }
      : { uid: parent.uid, email: parent.email };
  }

  subscription(user: AuthUser): Promise<SubscriptionResponse> {
    return this.billing.subscription(user.uid);
  }

  async createCheckoutSession(user: AuthUser): Promise<CheckoutSessionResponse> {
    const checkout = await this.startCheckout(await this.requireParent(user.uid));
    if (!checkout) {
      throw new DomainError(
        400,
        'Billing is not configured on this server: your family already has full access.',
        'billing_not_configured',
      );
    }
    return { sessionId: checkout.sessionId, url: checkout.url };
  }

  verifyCheckoutSession(user: AuthUser, sessionId: string): Promise<SubscriptionResponse> {
    return this.billing.verifyCheckout(user.uid, sessionId);
  }

  cancel(user: AuthUser): Promise<SubscriptionResponse> {
    return this.billing.cancel(user.uid);
  }

  async portal(user: AuthUser): Promise<PortalSessionResponse> {
    return { url: await this.billing.portalUrl(customerOf(await this.requireParent(user.uid))) };
  }

  /**
   * Mails a link to manage (or start) the subscription to a registered parent. Every caller gets
   * the same answer so nobody can learn which emails have accounts.
   */
  async initiateManagement(email: string): Promise<MessageResponse> {
    const parent = await this.parents.findByEmail(email);
    if (parent) {
      try {
        await this.mail.send(await this.managementMail(parent));
      } catch (error) {
        this.logger.error({
          msg: 'subscription management mail failed',
          error: (error as Error).message,
        });
      }
    }
    return { message: SUBSCRIPTION_MANAGEMENT_MESSAGE };
  }

  private async managementMail(parent: Parent) {
    let link = `${this.config.publicUrl}/parents/login`;
    let what = 'Log in to your dashboard to see your subscription.';
    if (this.billing.mode === 'stripe') {
      if (parent.stripeCustomerId) {
        link = await this.billing.portalUrl(customerOf(parent));
        what = 'Use this secure link to update your payment method or renew your plan:';
      } else {
        const checkout = await this.startCheckout(parent);
        if (checkout?.url) {
          link = checkout.url;
          what = 'Use this secure link to start your Sprout family plan:';
        }
      }
    } else {
      what =
        'Billing is not configured on this server: your family has full access at no charge. Log in here:';
    }
    return {
      to: parent.email,
      subject: 'Manage your Sprout subscription',
      text: [
        'Hello,',
        '',
        'You asked to manage your Sprout subscription.',
        what,
        link,
        '',
        "If you didn't ask for this, you can ignore this email.",
      ].join('\n'),
    };
  }

  private async startCheckout(parent: Parent) {
    const checkout = await this.billing.startCheckout(customerOf(parent));
    if (checkout && checkout.customerId !== parent.stripeCustomerId) {
      await this.parents.setStripeCustomer(parent.uid, checkout.customerId);
    }
    return checkout;
  }

  private async requireParent(uid: string): Promise<Parent> {
    const parent = await this.parents.find(uid);
    if (!parent) throw new DomainError(403, ROLE_MESSAGES.noAccount, 'forbidden');
    return parent;
  }

  private assertParentToken(user: AuthUser, email: string) {
    if (user.role === 'kid') throw new DomainError(403, ACCOUNT_MESSAGES.kidAccount, 'forbidden');
    if (!user.email || user.email.toLowerCase() !== email.trim().toLowerCase()) {
      throw new DomainError(403, ACCOUNT_MESSAGES.emailMismatch, 'forbidden');
    }
  }
}

function customerOf(parent: Parent): BillingCustomer {
  return { uid: parent.uid, email: parent.email, stripeCustomerId: parent.stripeCustomerId };
}
