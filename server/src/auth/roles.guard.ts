import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { AuthUser } from '../common/auth-user';
import { ADMIN_ONLY, ROLES } from '../common/decorators';
import { DomainError } from '../common/domain-error';
import { ParentsService } from '../parents/parents.service';

export const ROLE_MESSAGES = {
  kidOnly: "This is for children's accounts. Please log in as a child.",
  parentOnly: "This is for parents' accounts. Please log in as a parent.",
  noAccount: 'No Sprout parent account was found for this login. Please sign up first.',
  adminOnly: 'This page is for administrators only.',
} as const;

/**
 * `@Roles('kid')` needs the `role: 'kid'` claim the server set when it created the account.
 * `@Roles('parent')` accepts the `role: 'parent'` claim or, for a token minted before signup set
 * the claim, a parent row for the uid. `@AdminOnly()` needs the `admin` claim.
 */
@Injectable()
export class RolesGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly parents: ParentsService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    const roles = this.reflector.getAllAndOverride<('parent' | 'kid')[] | undefined>(
      ROLES,
      targets,
    );
    const adminOnly = this.reflector.getAllAndOverride<boolean>(ADMIN_ONLY, targets);
    const user = context.switchToHttp().getRequest<{ user?: AuthUser }>().user;
    if (!user) return true; // public route
    if (adminOnly && !user.admin) throw new DomainError(403, ROLE_MESSAGES.adminOnly, 'forbidden');
    if (!roles?.length) return true;
    if (roles.includes('kid') && user.role === 'kid') return true;
    if (roles.includes('parent') && user.role !== 'kid') {
      if (user.role === 'parent' || (await this.parents.exists(user.uid))) {
        user.role = 'parent';
        return true;
      }
      throw new DomainError(403, ROLE_MESSAGES.noAccount, 'forbidden');
    }
    throw new DomainError(
      403,
      roles.includes('kid') ? ROLE_MESSAGES.kidOnly : ROLE_MESSAGES.parentOnly,
      'forbidden',
    );
  }
}
