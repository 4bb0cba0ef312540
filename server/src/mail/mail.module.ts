import { Module } from '@nestjs/common';
import { MailService } from './mail.service';

/** Outgoing mail: SMTP when SMTP_URL is set, otherwise the outbox folder (ARCHITECTURE §2). */
@Module({ providers: [MailService], exports: [MailService] })
export class MailModule {}
