import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { ChatLogsService } from './chat-logs.service';

const EVERY_MS = 6 * 60 * 60_000;

/** Deletes chat logs older than LOG_RETENTION_DAYS (the privacy policy promises it). */
@Injectable()
export class RetentionService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(RetentionService.name);
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly config: AppConfig,
    private readonly chatLogs: ChatLogsService,
  ) {}

  onApplicationBootstrap() {
    if (this.config.nodeEnv === 'test' || this.config.logRetentionDays === 0) return;
    const run = () => void this.purge();
    this.timer = setInterval(run, EVERY_MS);
    this.timer.unref();
    setTimeout(run, 60_000).unref();
  }

  async purge(): Promise<number> {
    try {
      const deleted = await this.chatLogs.purgeOlderThan(this.config.logRetentionDays);
      if (deleted)
        this.logger.log({
          msg: 'old chat logs deleted',
          deleted,
          days: this.config.logRetentionDays,
        });
      return deleted;
    } catch (error) {
      this.logger.error({ msg: 'retention purge failed', error: (error as Error).message });
      return 0;
    }
  }

  onModuleDestroy() {
    if (this.timer) clearInterval(this.timer);
  }
}
