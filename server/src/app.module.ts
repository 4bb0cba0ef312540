import { Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { ThrottlerModule } from '@nestjs/throttler';
import { AuthModule } from './auth/auth.module';
import { FirebaseAuthGuard } from './auth/firebase-auth.guard';
import { RolesGuard } from './auth/roles.guard';
import { BillingModule } from './billing/billing.module';
import { SubscriptionGuard } from './billing/subscription.guard';
import { HttpExceptionFilter } from './common/http-exception.filter';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { FeedbackModule } from './feedback/feedback.module';
import { HealthModule } from './health/health.module';
import { KidsModule } from './kids/kids.module';
import { ParentsModule } from './parents/parents.module';
import { DemoSeedService } from './database/demo-seed.service';
import { RateLimitStorage } from './common/rate-limit.storage';
import { AppConfig } from './config/app-config';

@Module({
  imports: [
    ConfigModule,
    DatabaseModule,
    AuthModule,
    ThrottlerModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        throttlers: [{ name: 'default', ttl: 60_000, limit: 60 }],
        storage: new RateLimitStorage(config.redisUrl),
        errorMessage: 'Too many requests. Please wait a minute and try again.',
      }),
    }),
    ParentsModule,
    BillingModule,
    KidsModule,
    FeedbackModule,
    HealthModule,
  ],
  providers: [
    // Order matters: identify the caller, check the role, then the subscription.
    { provide: APP_GUARD, useClass: FirebaseAuthGuard },
    { provide: APP_GUARD, useClass: RolesGuard },
    { provide: APP_GUARD, useClass: SubscriptionGuard },
    { provide: APP_FILTER, useClass: HttpExceptionFilter },
    DemoSeedService,
  ],
})
export class AppModule {}
