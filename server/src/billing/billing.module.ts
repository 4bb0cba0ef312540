import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BillingService } from './billing.service';
import { BillingEvent } from './entities/billing-event.entity';
import { Subscription } from './entities/subscription.entity';

@Module({
  imports: [TypeOrmModule.forFeature([Subscription, BillingEvent])],
  providers: [BillingService],
  exports: [BillingService],
})
export class BillingModule {}
