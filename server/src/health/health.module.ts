import { Module } from '@nestjs/common';
import { AiModule } from '../ai/ai.module';
import { BillingModule } from '../billing/billing.module';
import { MailModule } from '../mail/mail.module';
import { HealthController } from './health.controller';

@Module({ imports: [AiModule, BillingModule, MailModule], controllers: [HealthController] })
export class HealthModule {}
