import { Module } from '@nestjs/common';
import { ModerationService } from './moderation.service';

/** Prompt and answer moderation; AppConfig comes from the global ConfigModule. */
@Module({
  providers: [ModerationService],
  exports: [ModerationService],
})
export class ModerationModule {}
