import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BillingModule } from '../billing/billing.module';
import { ChatLogsModule } from '../chat-logs/chat-logs.module';
import { MailModule } from '../mail/mail.module';
import { AccountsController } from './accounts.controller';
import { AccountsService } from './accounts.service';
import { ChildrenService } from './children.service';
import { DashboardService } from './dashboard.service';
import { Child } from './entities/child.entity';
import { Keyword } from './entities/keyword.entity';
import { Parent } from './entities/parent.entity';
import { KeywordsService } from './keywords.service';
import { ParentsController } from './parents.controller';
import { ParentsService } from './parents.service';
import { PublicController } from './public.controller';

@Module({
  imports: [
    TypeOrmModule.forFeature([Parent, Child, Keyword]),
    BillingModule,
    ChatLogsModule,
    MailModule,
  ],
  controllers: [AccountsController, ParentsController, PublicController],
  providers: [ParentsService, ChildrenService, KeywordsService, DashboardService, AccountsService],
  exports: [ParentsService, ChildrenService, KeywordsService],
})
export class ParentsModule {}
