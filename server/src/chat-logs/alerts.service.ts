import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { MailService } from '../mail/mail.service';
import { AlertState } from './entities/alert-state.entity';
import type { ChatLog } from './entities/chat-log.entity';

/** At most one flagged-item mail per child in this window; self-harm signals always mail. */
export const ALERT_WINDOW_MS = 10 * 60_000;

export interface FlaggedAlert {
  log: ChatLog;
  childUsername: string;
  parentEmail: string;
  emailNotifications: boolean;
  selfHarm: boolean;
}

@Injectable()
export class AlertsService {
  private readonly logger = new Logger(AlertsService.name);

  constructor(
    @InjectRepository(AlertState) private readonly repo: Repository<AlertState>,
    private readonly mail: MailService,
    private readonly config: AppConfig,
  ) {}

  /** Returns true when a mail was sent. */
  async flagged(alert: FlaggedAlert, now = new Date()): Promise<boolean> {
    if (!alert.emailNotifications && !alert.selfHarm) return false;
    const state =
      (await this.repo.findOneBy({ childUid: alert.log.childUid })) ??
      this.repo.create({ childUid: alert.log.childUid, lastSentAt: null, pendingCount: 0 });
    const recent = state.lastSentAt && now.getTime() - state.lastSentAt.getTime() < ALERT_WINDOW_MS;
    if (recent && !alert.selfHarm) {
      state.pendingCount += 1;
      await this.repo.save(state);
      return false;
    }
    const earlier = state.pendingCount;
    state.lastSentAt = now;
    state.pendingCount = 0;
    await this.repo.save(state);
    try {
      await this.mail.send(this.compose(alert, earlier));
      return true;
    } catch (error) {
      this.logger.error({
        msg: 'alert mail failed',
        childUid: alert.log.childUid,
        error: (error as Error).message,
      });
      return false;
    }
  }

  private compose(alert: FlaggedAlert, earlier: number) {
    const dashboard = `${this.config.publicUrl}/parents/dashboard`;
    const subject = alert.selfHarm
      ? `Sprout: ${alert.childUsername} may need your support`
      : `Sprout: a message from ${alert.childUsername} was flagged`;
    const lines = alert.selfHarm
      ? [
          `A message ${alert.childUsername} sent in Sprout suggests they may be going through something difficult.`,
          'Sprout answered with care and encouraged them to talk to a trusted grown-up.',
          'Please check in with your child. If you believe they are in danger, contact emergency services; in the US you can call or text 988 (Suicide & Crisis Lifeline).',
        ]
      : [
          `A message ${alert.childUsername} sent in Sprout was flagged (${alert.log.reason ?? 'content violation'}).`,
        ];
    if (earlier > 0)
      lines.push(`${earlier} more flagged item(s) since our last email are waiting for review.`);
    lines.push(
      '',
      `Review it in your dashboard: ${dashboard}`,
      '',
      'You can turn these emails off in Settings.',
    );
    return { to: alert.parentEmail, subject, text: lines.join('\n') };
  }
}
