import { type CanActivate, type ExecutionContext, Injectable, Logger } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { DomainError } from '../common/domain-error';
import { IS_PUBLIC } from '../common/decorators';
import type { AuthUser } from '../common/auth-user';
import { requestContext } from '../common/request-context';
import { FirebaseService, firebaseCode } from './firebase.service';

export const AUTH_MESSAGES = {
  missing: 'Authentication required: send an Authorization: Bearer <Firebase ID token> header.',
  invalid: 'Your session is not valid. Please log in again.',
  expired: 'Your session has expired. Please log in again.',
} as const;

/** Deny by default: every route needs a valid Firebase ID token unless it is @Public(). */
@Injectable()
export class FirebaseAuthGuard implements CanActivate {
  private readonly logger = new Logger(FirebaseAuthGuard.name);

  constructor(
    private readonly reflector: Reflector,
    private readonly firebase: FirebaseService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (isPublic) return true;
    const request = context.switchToHttp().getRequest<Request & { user?: AuthUser }>();
    const header = request.header('authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw new DomainError(401, AUTH_MESSAGES.missing, 'unauthorized');
    try {
      const decoded = await this.firebase.verifyIdToken(match[1]);
      const claims = decoded as unknown as Record<string, unknown>;
      request.user = {
        uid: decoded.uid,
        email: decoded.email ?? null,
        role: claims.role === 'kid' ? 'kid' : claims.role === 'parent' ? 'parent' : null,
        admin: claims.admin === true,
        parentUid: typeof claims.parent === 'string' ? claims.parent : null,
        claims,
      };
      const store = requestContext.getStore();
      if (store) store.uid = decoded.uid;
      return true;
    } catch (error) {
      const code = firebaseCode(error);
      if (code && !code.startsWith('auth/'))
        this.logger.warn({ msg: 'token verification failed', code });
      throw new DomainError(
        401,
        code === 'auth/id-token-expired' ? AUTH_MESSAGES.expired : AUTH_MESSAGES.invalid,
        'unauthorized',
      );
    }
  }
}
