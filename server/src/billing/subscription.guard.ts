import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ERROR_CODES } from '@sprout/shared';
import type { AuthUser } from '../common/auth-user';
import { ROLES, SKIP_SUBSCRIPTION } from '../common/decorators';
import { DomainError } from '../common/domain-error';
import { BillingService } from './billing.service';

export const DASHBOARD_SUBSCRIPTION_MESSAGE =
  'An active subscription is required to use the dashboard.';

/** Parent routes need an active or trialing plan, except the ones a lapsed parent needs to pay. */
@Injectable()
export class SubscriptionGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly billing: BillingService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    const roles = this.reflector.getAllAndOverride<string[] | undefined>(ROLES, targets);
    if (!roles?.includes('parent')) return true;
    if (this.reflector.getAllAndOverride<boolean>(SKIP_SUBSCRIPTION, targets)) return true;
    const user = context.switchToHttp().getRequest<{ user?: AuthUser }>().user;
    if (!user || user.role !== 'parent') return true;
    if (await this.billing.isActive(user.uid)) return true;
    throw new DomainError(403, DASHBOARD_SUBSCRIPTION_MESSAGE, ERROR_CODES.subscriptionRequired);
  }
}
