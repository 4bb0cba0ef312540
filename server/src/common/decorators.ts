import { SetMetadata, createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { AuthUser } from './auth-user';

export const IS_PUBLIC = 'sprout:public';
export const ROLES = 'sprout:roles';
export const ADMIN_ONLY = 'sprout:admin';
export const SKIP_SUBSCRIPTION = 'sprout:skip-subscription';

/** No token needed. */
export const Public = () => SetMetadata(IS_PUBLIC, true);
/** The token's role must be one of these. */
export const Roles = (...roles: ('parent' | 'kid')[]) => SetMetadata(ROLES, roles);
/** The token's admin claim must be true. */
export const AdminOnly = () => SetMetadata(ADMIN_ONLY, true);
/** Parent routes a lapsed parent needs to pay again (login, signup, billing). */
export const SkipSubscription = () => SetMetadata(SKIP_SUBSCRIPTION, true);

export const CurrentUser = createParamDecorator(
  (_data: unknown, ctx: ExecutionContext): AuthUser => {
    return ctx.switchToHttp().getRequest<{ user: AuthUser }>().user;
  },
);
