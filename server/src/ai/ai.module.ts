import { Module } from '@nestjs/common';
import { AiService } from './ai.service';

/** AI providers and system prompts (ARCHITECTURE §6); AppConfig comes from the global ConfigModule. */
@Module({ providers: [AiService], exports: [AiService] })
export class AiModule {}
