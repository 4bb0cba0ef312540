import fs from 'node:fs/promises';
import path from 'node:path';
import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import { AppConfig } from '../config/app-config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}

export type MailTransport = 'smtp' | 'outbox';

/** A mail transport that does not answer within this time counts as down. */
const HEALTH_TIMEOUT_MS = 5_000;

/**
 * Sends the server's mail (ARCHITECTURE §2): through SMTP when SMTP_URL is set, otherwise into an
 * outbox folder under DATA_DIR as one `.eml` file per message, ready to open in a mail client.
 * Logs name the recipient, the subject and where the mail went, never the body: bodies carry
 * links with tokens.
 */
@Injectable()
export class MailService implements OnModuleDestroy {
  private readonly logger = new Logger(MailService.name);
  readonly transport: MailTransport;
  readonly outboxDir: string;
  private readonly transporter: Transporter;

  constructor(private readonly config: AppConfig) {
    this.outboxDir = path.join(config.dataDir, 'outbox');
    if (config.smtpUrl) {
      this.transport = 'smtp';
      this.transporter = nodemailer.createTransport({
        url: config.smtpUrl,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      });
    } else {
      this.transport = 'outbox';
      // RFC 5322 lines end with CRLF, which is also what mail clients expect in an .eml file.
      this.transporter = nodemailer.createTransport({
        streamTransport: true,
        buffer: true,
        newline: 'windows',
      });
    }
  }

  async send(mail: MailMessage): Promise<void> {
    const message = {
      from: this.config.mailFrom,
      to: mail.to,
      replyTo: mail.replyTo,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    };
    if (this.transport === 'smtp') {
      const info = await this.transporter.sendMail(message);
      this.logger.log({
        msg: 'mail sent',
        to: mail.to,
        subject: mail.subject,
        messageId: info.messageId,
      });
      return;
    }
    const info = (await this.transporter.sendMail(message)) as { message: Buffer };
    const file = await this.writeOutbox(mail.subject, info.message);
    this.logger.log({ msg: 'mail written to outbox', to: mail.to, subject: mail.subject, file });
  }

  /** SMTP: the server answers and accepts our login; outbox: the folder can be written. */
  async health(): Promise<{ ok: boolean; transport: MailTransport; detail: string }> {
    try {
      if (this.transport === 'smtp') {
        await withTimeout(
          this.transporter.verify(),
          HEALTH_TIMEOUT_MS,
          'the SMTP server did not answer in time',
        );
        return { ok: true, transport: this.transport, detail: 'SMTP server reachable' };
      }
      await fs.mkdir(this.outboxDir, { recursive: true });
      await fs.access(this.outboxDir, fs.constants.W_OK);
      return { ok: true, transport: this.transport, detail: `writing mail to ${this.outboxDir}` };
    } catch (error) {
      return { ok: false, transport: this.transport, detail: (error as Error).message };
    }
  }

  onModuleDestroy() {
    this.transporter.close();
  }

  /** Writes `{timestamp}-{slug}.eml`, never replacing an earlier mail with the same name. */
  private async writeOutbox(subject: string, raw: Buffer): Promise<string> {
    await fs.mkdir(this.outboxDir, { recursive: true });
    const base = `${new Date().toISOString().replace(/[:.]/g, '-')}-${slugify(subject)}`;
    for (let n = 1; ; n++) {
      const file = path.join(this.outboxDir, `${base}${n > 1 ? `-${n}` : ''}.eml`);
      try {
        await fs.writeFile(file, raw, { flag: 'wx' });
        return file;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
    }
  }
}

/** A file-name-safe version of a subject: lower-case ASCII words joined by dashes. */
export function slugify(subject: string): string {
  const slug = subject
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'mail';
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
