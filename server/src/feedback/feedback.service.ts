import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { FEEDBACK_DESCRIPTION_REQUIRED, type MessageResponse } from '@sprout/shared';
import type { AuthUser } from '../common/auth-user';
import { badRequest } from '../common/domain-error';
import { AppConfig } from '../config/app-config';
import { MailService } from '../mail/mail.service';
import { Feedback } from './entities/feedback.entity';
import type { FeedbackDto } from './dto/feedback.dto';

@Injectable()
export class FeedbackService implements OnModuleDestroy {
  private readonly logger = new Logger(FeedbackService.name);
  /** Mails still being sent; shutdown waits for them. */
  private readonly pending = new Set<Promise<void>>();

  constructor(
    @InjectRepository(Feedback) private readonly repo: Repository<Feedback>,
    private readonly mail: MailService,
    private readonly config: AppConfig,
  ) {}

  /** Stores the report and forwards it to the support inbox. */
  async submit(user: AuthUser, dto: FeedbackDto): Promise<MessageResponse> {
    if (!dto.content) throw badRequest(FEEDBACK_DESCRIPTION_REQUIRED, 'validation_failed');
    const saved = await this.repo.save(
      this.repo.create({
        parentUid: user.uid,
        type: dto.type,
        content: dto.content,
        context: dto.context ?? null,
      }),
    );
    const label = dto.type === 'issue' ? 'Issue report' : 'Feature suggestion';
    const sending = this.mail
      .send({
        to: this.config.supportEmail,
        subject: `Sprout feedback #${saved.id}: ${label}`,
        text: [
          `${label} from ${user.email ?? user.uid}`,
          '',
          dto.content,
          '',
          `Context: ${JSON.stringify(dto.context ?? {}, null, 2)}`,
        ].join('\n'),
      })
      .catch((e: unknown) =>
        this.logger.error({ msg: 'feedback mail failed', error: (e as Error).message }),
      )
      .finally(() => this.pending.delete(sending));
    this.pending.add(sending);
    return { message: `Your ${dto.type} has been submitted. Thank you for your feedback!` };
  }

  async onModuleDestroy() {
    await Promise.allSettled([...this.pending]);
  }
}
