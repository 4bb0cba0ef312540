import { Controller, Get, Res } from '@nestjs/common';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import type {
  ClientConfigResponse,
  HealthCheckResponse,
  IapHealthCheckResponse,
} from '@sprout/shared';
import { Public } from '../common/decorators';
import { AppConfig } from '../config/app-config';
import { FirebaseService } from '../auth/firebase.service';
import { AiService } from '../ai/ai.service';
import { MailService } from '../mail/mail.service';
import { BillingService } from '../billing/billing.service';

const VERSION = process.env.npm_package_version ?? '0.1.0';

async function timed<T extends { ok: boolean; detail?: string }>(fn: () => Promise<T>) {
  const start = process.hrtime.bigint();
  try {
    const result = await fn();
    return {
      ok: result.ok,
      detail: result.detail,
      latency_ms: Math.round(Number(process.hrtime.bigint() - start) / 1e5) / 10,
    };
  } catch (error) {
    return {
      ok: false,
      detail: (error as Error).message.slice(0, 200),
      latency_ms: null as unknown as number,
    };
  }
}

@Controller()
@Public()
export class HealthController {
  constructor(
    private readonly dataSource: DataSource,
    private readonly firebase: FirebaseService,
    private readonly ai: AiService,
    private readonly mail: MailService,
    private readonly billing: BillingService,
    private readonly config: AppConfig,
  ) {}

  /** Database, identity service and AI; 503 when the database or identity service is down. */
  @Get('health-check')
  async health(@Res({ passthrough: true }) res: Response): Promise<HealthCheckResponse> {
    const [database, identity, ai] = await Promise.all([
      timed(async () => {
        await this.dataSource.query('SELECT 1');
        return { ok: true, detail: this.config.databaseType };
      }),
      timed(() => this.firebase.health()),
      timed(async () => {
        const h = await this.ai.health();
        return { ok: h.ok, detail: `${h.provider}: ${h.detail}` };
      }),
    ]);
    const essential = database.ok && identity.ok;
    res.status(essential ? 200 : 503);
    return {
      status: essential && ai.ok ? 'ok' : 'degraded',
      checks: { database, identity, ai },
      version: VERSION,
    };
  }

  /** The payment integrations: billing mode, Stripe configuration and reachability, mail. */
  @Get('iap-health-check')
  async iapHealth(): Promise<IapHealthCheckResponse> {
    const stripe = await this.billing.health();
    return {
      status: stripe.configured && !stripe.reachable ? 'degraded' : 'ok',
      billing: this.billing.mode,
      stripe,
      mail: { transport: this.mail.transport },
    };
  }

  /** Firebase web settings for the apps, read at run time so one build serves every environment. */
  @Get('public/client-config')
  clientConfig(): ClientConfigResponse {
    const emulator = this.config.firebaseAuthEmulatorHost;
    return {
      firebase: { ...this.config.firebaseWeb, projectId: this.config.firebaseProjectId },
      authEmulatorUrl: emulator ? `http://${emulator}` : null,
      billing: this.billing.mode,
      stripePublishableKey: this.config.stripePublishableKey,
      supportEmail: this.config.supportEmail,
      appStoreUrl: this.config.appStoreUrl,
      playStoreUrl: this.config.playStoreUrl,
      promoCode: this.config.appPromoCode,
    };
  }
}
