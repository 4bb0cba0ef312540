import { Module } from '@nestjs/common';
import { AiModule } from '../ai/ai.module';
import { ChatLogsModule } from '../chat-logs/chat-logs.module';
import { ModerationModule } from '../moderation/moderation.module';
import { ParentsModule } from '../parents/parents.module';
import { ChatService } from './chat.service';
import { KidsController } from './kids.controller';
import { KidsService } from './kids.service';

@Module({
  imports: [ParentsModule, ChatLogsModule, ModerationModule, AiModule],
  controllers: [KidsController],
  providers: [KidsService, ChatService],
})
export class KidsModule {}
