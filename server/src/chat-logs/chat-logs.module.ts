import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MailModule } from '../mail/mail.module';
import { AlertsService } from './alerts.service';
import { ChatLogsService } from './chat-logs.service';
import { RetentionService } from './retention.service';
import { AlertState } from './entities/alert-state.entity';
import { ChatLog } from './entities/chat-log.entity';

/** The chat log shared by the kids module (writes) and the parents module (reads, reviews). */
@Module({
  imports: [TypeOrmModule.forFeature([ChatLog, AlertState]), MailModule],
  providers: [ChatLogsService, AlertsService, RetentionService],
  exports: [ChatLogsService, AlertsService],
})
export class ChatLogsModule {}
