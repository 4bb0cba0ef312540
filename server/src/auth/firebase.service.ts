import { randomUUID } from 'node:crypto';
import { Injectable, Logger, Optional, type OnModuleDestroy } from '@nestjs/common';
import { type App, applicationDefault, deleteApp, initializeApp } from 'firebase-admin/app';
import { type Auth, type DecodedIdToken, getAuth } from 'firebase-admin/auth';
import { AppConfig } from '../config/app-config';
import { CacheBus } from '../common/cache-bus';

/** Firebase error codes we turn into product answers. */
export const FIREBASE_ERRORS = {
  emailExists: 'auth/email-already-exists',
  userNotFound: 'auth/user-not-found',
  invalidPassword: 'auth/invalid-password',
} as const;

export function firebaseCode(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : null;
}

const TOKEN_CACHE_MAX = 10_000;
/** A verified token is trusted again for this long at most (revocation reaches us within it). */
const TOKEN_CACHE_MS = 60_000;

/**
 * The identity service (Firebase Authentication through firebase-admin): the real service with a
 * service account, or the Auth emulator in the embedded default.
 */
@Injectable()
export class FirebaseService implements OnModuleDestroy {
  private readonly logger = new Logger(FirebaseService.name);
  private readonly app: App;
  readonly auth: Auth;
  private readonly tokenCache = new Map<string, { decoded: DecodedIdToken; until: number }>();
  private readonly revokedAfter = new Map<string, number>();

  constructor(
    private readonly config: AppConfig,
    @Optional() private readonly bus?: CacheBus,
  ) {
    this.bus?.on('user-revoked', (uid) => this.dropUser(uid));
    if (config.firebaseAuthEmulatorHost) {
      // firebase-admin reads the emulator address from the environment only.
      process.env.FIREBASE_AUTH_EMULATOR_HOST = config.firebaseAuthEmulatorHost;
    }
    this.app = initializeApp(
      {
        projectId: config.firebaseProjectId,
        ...(config.firebaseAuthEmulatorHost || !process.env.GOOGLE_APPLICATION_CREDENTIALS
          ? {}
          : { credential: applicationDefault() }),
      },
      `sprout-${randomUUID()}`,
    );
    this.auth = getAuth(this.app);
  }

  get usingEmulator(): boolean {
    return Boolean(this.config.firebaseAuthEmulatorHost);
  }

  /**
   * Verifies an ID token. Verified tokens are cached briefly (verification dominates the cost of
   * small requests); accounts we delete or disable locally are dropped from the cache at once.
   */
  async verifyIdToken(token: string): Promise<DecodedIdToken> {
    const now = Date.now();
    const cached = this.tokenCache.get(token);
    if (cached && cached.until > now) {
      const revoked = this.revokedAfter.get(cached.decoded.uid);
      if (!revoked || cached.decoded.auth_time * 1000 > revoked) return cached.decoded;
      this.tokenCache.delete(token);
    }
    const decoded = await this.auth.verifyIdToken(token);
    const revoked = this.revokedAfter.get(decoded.uid);
    if (revoked && decoded.auth_time * 1000 <= revoked) {
      throw Object.assign(new Error('Token revoked'), { code: 'auth/id-token-revoked' });
    }
    if (this.tokenCache.size >= TOKEN_CACHE_MAX) this.tokenCache.clear();
    this.tokenCache.set(token, {
      decoded,
      until: Math.min(now + TOKEN_CACHE_MS, decoded.exp * 1000),
    });
    return decoded;
  }

  /** Forget every cached token of a user (deleted account, changed password). */
  forgetUser(uid: string) {
    if (this.bus) this.bus.publish('user-revoked', uid);
    else this.dropUser(uid);
  }

  private dropUser(uid: string) {
    this.revokedAfter.set(uid, Date.now());
    for (const [token, entry] of this.tokenCache) {
      if (entry.decoded.uid === uid) this.tokenCache.delete(token);
    }
  }

  /** Creates an account; `uid` restores a known one (the demo seed after lost emulator data). */
  async createUser(
    email: string,
    password: string,
    displayName?: string,
    uid?: string,
  ): Promise<string> {
    const user = await this.auth.createUser({
      ...(uid ? { uid } : {}),
      email,
      password,
      displayName,
      emailVerified: false,
    });
    return user.uid;
  }

  async mergeClaims(uid: string, claims: Record<string, unknown>): Promise<void> {
    const user = await this.auth.getUser(uid);
    await this.auth.setCustomUserClaims(uid, { ...(user.customClaims ?? {}), ...claims });
  }

  async setPassword(uid: string, password: string): Promise<void> {
    await this.auth.updateUser(uid, { password });
    await this.auth.revokeRefreshTokens(uid);
    this.forgetUser(uid);
  }

  async deleteUser(uid: string): Promise<void> {
    try {
      await this.auth.deleteUser(uid);
    } catch (error) {
      if (firebaseCode(error) !== FIREBASE_ERRORS.userNotFound) throw error;
    }
    this.forgetUser(uid);
  }

  async findUidByEmail(email: string): Promise<string | null> {
    try {
      return (await this.auth.getUserByEmail(email)).uid;
    } catch (error) {
      if (firebaseCode(error) === FIREBASE_ERRORS.userNotFound) return null;
      throw error;
    }
  }

  /** Reachability of the identity service, for the health check. */
  async health(): Promise<{ ok: boolean; detail: string }> {
    try {
      await this.auth.listUsers(1);
      return { ok: true, detail: this.usingEmulator ? 'auth emulator' : 'firebase' };
    } catch (error) {
      this.logger.warn({ msg: 'identity service unreachable', error: (error as Error).message });
      return { ok: false, detail: 'identity service unreachable' };
    }
  }

  async onModuleDestroy() {
    await deleteApp(this.app).catch(() => undefined);
  }
}
