import path from 'node:path';

/** Raised at start-up for a missing or malformed variable; the message names the variable. */
export class ConfigError extends Error {
  constructor(variable: string, problem: string) {
    super(`Configuration error: ${variable} ${problem}`);
    this.name = 'ConfigError';
  }
}

export type AiProviderName = 'auto' | 'openai' | 'local' | 'scripted';
type Env = Record<string, string | undefined>;

/**
 * Every environment variable the server reads, validated once at boot (ARCHITECTURE §2,
 * docs/configuration.md). Defaults make the embedded mode run with no `.env`.
 */
export class AppConfig {
  readonly nodeEnv: 'development' | 'production' | 'test';
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly mysqlUrl: string | null;
  readonly sqlitePath: string;
  readonly firebaseProjectId: string;
  readonly firebaseAuthEmulatorHost: string | null;
  readonly firebaseWeb: {
    apiKey: string;
    authDomain: string;
    appId?: string;
    measurementId?: string;
  };
  readonly aiProvider: AiProviderName;
  readonly openaiApiKey: string | null;
  readonly openaiBaseUrl: string | null;
  readonly openaiModel: string;
  readonly openaiModerationModel: string;
  readonly aiModelPath: string | null;
  readonly aiModelUrl: string;
  readonly aiMaxTokens: number;
  readonly aiTimeoutMs: number;
  readonly stripeSecretKey: string | null;
  readonly stripePriceId: string | null;
  readonly stripeWebhookSecret: string | null;
  readonly stripeApiBase: string | null;
  readonly stripePublishableKey: string | null;
  readonly trialDays: number;
  readonly smtpUrl: string | null;
  readonly mailFrom: string;
  readonly supportEmail: string;
  readonly publicUrl: string;
  readonly kidsEmailDomain: string;
  readonly redisUrl: string | null;
  readonly staticDir: string | null;
  readonly logLevel: 'debug' | 'info' | 'warn' | 'error';
  readonly logRetentionDays: number;
  readonly seedDemo: boolean;
  readonly appStoreUrl: string | null;
  readonly playStoreUrl: string | null;
  readonly appPromoCode: string | null;
  readonly trustProxy: string | number | boolean;
  /** How the crisis answer names a helpline, e.g. "call or text 988"; null = the US 988 default. */
  readonly crisisHelpline: string | null;

  constructor(env: Env = process.env) {
    this.nodeEnv = oneOf(env, 'NODE_ENV', ['development', 'production', 'test'], 'development');
    this.port = int(env, 'PORT', 8080, 1, 65535);
    this.host = env.HOST || '0.0.0.0';
    this.dataDir = path.resolve(env.DATA_DIR || './data');
    this.mysqlUrl = url(env, 'MYSQL_URL', ['mysql:', 'mariadb:']);
    this.sqlitePath = env.SQLITE_PATH
      ? path.resolve(env.SQLITE_PATH)
      : path.join(this.dataDir, 'sprout.sqlite');
    this.firebaseProjectId = env.FIREBASE_PROJECT_ID || 'demo-sprout';
    this.firebaseAuthEmulatorHost = env.FIREBASE_AUTH_EMULATOR_HOST || null;
    if (this.firebaseAuthEmulatorHost && !/^[\w.-]+:\d+$/.test(this.firebaseAuthEmulatorHost)) {
      throw new ConfigError(
        'FIREBASE_AUTH_EMULATOR_HOST',
        'must be host:port, e.g. 127.0.0.1:9099',
      );
    }
    this.firebaseWeb = {
      apiKey: env.FIREBASE_API_KEY || 'demo-api-key',
      authDomain: env.FIREBASE_AUTH_DOMAIN || `${this.firebaseProjectId}.firebaseapp.com`,
      appId: env.FIREBASE_APP_ID || undefined,
      measurementId: env.FIREBASE_MEASUREMENT_ID || undefined,
    };
    this.aiProvider = oneOf(env, 'AI_PROVIDER', ['auto', 'openai', 'local', 'scripted'], 'auto');
    this.openaiApiKey = env.OPENAI_API_KEY || null;
    this.openaiBaseUrl = url(env, 'OPENAI_BASE_URL', ['http:', 'https:']);
    this.openaiModel = env.OPENAI_MODEL || 'gpt-4o-mini';
    this.openaiModerationModel = env.OPENAI_MODERATION_MODEL || 'omni-moderation-latest';
    this.aiModelPath = env.AI_MODEL_PATH ? path.resolve(env.AI_MODEL_PATH) : null;
    this.aiModelUrl =
      env.AI_MODEL_URL ||
      'https://huggingface.co/Qwen/Qwen2.5-0.5B-Instruct-GGUF/resolve/9217f5db79a29953eb74d5343926648285ec7e67/qwen2.5-0.5b-instruct-q4_k_m.gguf';
    this.aiMaxTokens = int(env, 'AI_MAX_TOKENS', 600, 16, 8192);
    this.aiTimeoutMs = int(env, 'AI_TIMEOUT_MS', 60_000, 1000, 600_000);
    if (this.aiProvider === 'openai' && !this.openaiApiKey) {
      throw new ConfigError('OPENAI_API_KEY', 'is required when AI_PROVIDER=openai');
    }
    this.stripeSecretKey = env.STRIPE_SECRET_KEY || null;
    this.stripePriceId = env.STRIPE_PRICE_ID || null;
    this.stripeWebhookSecret = env.STRIPE_WEBHOOK_SECRET || null;
    this.stripeApiBase = url(env, 'STRIPE_API_BASE', ['http:', 'https:']);
    this.stripePublishableKey = env.STRIPE_PUBLISHABLE_KEY || null;
    if (this.stripeSecretKey && !this.stripePriceId) {
      throw new ConfigError('STRIPE_PRICE_ID', 'is required when STRIPE_SECRET_KEY is set');
    }
    this.trialDays = int(env, 'TRIAL_DAYS', 0, 0, 365);
    this.smtpUrl = url(env, 'SMTP_URL', ['smtp:', 'smtps:']);
    this.mailFrom = env.MAIL_FROM || 'Sprout <no-reply@sprout.invalid>';
    this.supportEmail = env.SUPPORT_EMAIL || 'support@sprout.invalid';
    this.publicUrl = (
      url(env, 'PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${this.port}`
    ).replace(/\/$/, '');
    this.kidsEmailDomain = (env.KIDS_EMAIL_DOMAIN || 'kids.sprout.invalid').toLowerCase();
    if (!/^[a-z0-9.-]+\.[a-z]{2,}$/.test(this.kidsEmailDomain)) {
      throw new ConfigError('KIDS_EMAIL_DOMAIN', 'must be a domain name such as kids.example.com');
    }
    this.redisUrl = url(env, 'REDIS_URL', ['redis:', 'rediss:']);
    this.staticDir = env.STATIC_DIR ? path.resolve(env.STATIC_DIR) : null;
    this.logLevel = oneOf(env, 'LOG_LEVEL', ['debug', 'info', 'warn', 'error'], 'info');
    this.logRetentionDays = int(env, 'LOG_RETENTION_DAYS', 365, 0, 3650);
    this.seedDemo = bool(env, 'SEED_DEMO', false);
    this.appStoreUrl = url(env, 'APP_STORE_URL', ['https:']);
    this.playStoreUrl = url(env, 'PLAY_STORE_URL', ['https:']);
    this.appPromoCode = env.APP_PROMO_CODE || null;
    this.trustProxy = trustProxy(env.TRUST_PROXY);
    this.crisisHelpline = env.CRISIS_HELPLINE?.trim() || null;
    if (this.nodeEnv === 'production' && this.firebaseAuthEmulatorHost) {
      // With the emulator host set, firebase-admin accepts unsigned tokens (ARCHITECTURE §11).
      throw new ConfigError(
        'FIREBASE_AUTH_EMULATOR_HOST',
        'must not be set when NODE_ENV=production',
      );
    }
  }

  get billingMode(): 'stripe' | 'complimentary' {
    return this.stripeSecretKey ? 'stripe' : 'complimentary';
  }

  get databaseType(): 'mysql' | 'sqlite' {
    return this.mysqlUrl ? 'mysql' : 'sqlite';
  }
}

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(name, `must be a whole number from ${min} to ${max} (got "${raw}")`);
  }
  return value;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(name, `must be true or false (got "${env[name]}")`);
}

function oneOf<T extends string>(env: Env, name: string, values: readonly T[], fallback: T): T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!(values as readonly string[]).includes(raw)) {
    throw new ConfigError(name, `must be one of ${values.join(', ')} (got "${raw}")`);
  }
  return raw as T;
}

function url(env: Env, name: string, protocols: string[]): string | null {
  const raw = env[name];
  if (raw === undefined || raw === '') return null;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, 'must be a URL');
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(name, `must start with ${protocols.map((p) => `${p}//`).join(' or ')}`);
  }
  return raw;
}

function trustProxy(raw: string | undefined): string | number | boolean {
  if (raw === undefined || raw === '') return 'loopback';
  if (/^\d+$/.test(raw)) return Number(raw);
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  return raw;
}
