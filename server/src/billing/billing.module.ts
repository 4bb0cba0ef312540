import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BillingController } from './billing.controller';
import { BillingService } from './billing.service';
import { BillingEvent } from './entities/billing-event.entity';
import { Subscription } from './entities/subscription.entity';
import { StripeGateway } from './stripe.gateway';
import { WebhookHandlers } from './webhook-handlers';

@Module({
  imports: [TypeOrmModule.forFeature([Subscription, BillingEvent])],
  controllers: [BillingController],
  providers: [BillingService, StripeGateway, WebhookHandlers],
  exports: [BillingService],
})
export class BillingModule {}
