import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Logger, type LoggerService } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { MailService, slugify } from './mail.service';

interface ReceivedMail {
  auth: string | null;
  from: string;
  to: string[];
  data: string;
}

/** Just enough SMTP (RFC 5321) for nodemailer: EHLO, AUTH PLAIN, MAIL, RCPT, DATA, QUIT. */
class TinySmtpServer {
  readonly mails: ReceivedMail[] = [];
  private readonly server = net.createServer((socket) => this.session(socket));

  async start(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return (this.server.address() as net.AddressInfo).port;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private session(socket: net.Socket) {
    let buffer = '';
    let inData = false;
    let mail: ReceivedMail = { auth: null, from: '', to: [], data: '' };
    let auth: string | null = null;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 tiny.test ESMTP ready');
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          mail.data = buffer.slice(0, end + 2).replace(/^\.\./gm, '.');
          buffer = buffer.slice(end + 5);
          inData = false;
          this.mails.push({ ...mail, auth });
          mail = { auth: null, from: '', to: [], data: '' };
          reply('250 2.0.0 Ok: queued as TEST1');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol === -1) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.split(' ')[0].toUpperCase();
        if (verb === 'EHLO') {
          reply('250-tiny.test');
          reply('250-AUTH PLAIN');
          reply('250 8BITMIME');
        } else if (verb === 'AUTH') {
          auth = Buffer.from(line.split(' ')[2] ?? '', 'base64')
            .toString('utf8')
            .split('\0')
            .slice(1)
            .join(':');
          reply('235 2.7.0 Authentication successful');
        } else if (verb === 'MAIL') {
          mail.from = /<(.*)>/.exec(line)?.[1] ?? '';
          reply('250 2.1.0 Ok');
        } else if (verb === 'RCPT') {
          mail.to.push(/<(.*)>/.exec(line)?.[1] ?? '');
          reply('250 2.1.5 Ok');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'QUIT') {
          reply('221 2.0.0 Bye');
          socket.end();
        } else if (verb === 'RSET' || verb === 'NOOP') {
          reply('250 2.0.0 Ok');
        } else {
          reply('502 5.5.2 Command not recognized');
        }
      }
    });
  }
}

/** Collects log lines so that tests can check what is (and is not) logged. */
class MemoryLogger implements LoggerService {
  readonly lines: unknown[] = [];
  log(message: unknown) {
    this.lines.push(message);
  }
  error(message: unknown) {
    this.lines.push(message);
  }
  warn(message: unknown) {
    this.lines.push(message);
  }
}

const MAIL = {
  to: 'parent@example.com',
  subject: 'Manage your Sprout subscription',
  text: 'Hello,\n\nUse this secure link:\nhttps://sprout.test/portal/abc123\n',
};

describe('MailService', () => {
  let dataDir: string;
  let logger: MemoryLogger;

  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sprout-mail-'));
    logger = new MemoryLogger();
    Logger.overrideLogger(logger);
  });
  afterEach(() => {
    jest.useRealTimers();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  describe('without SMTP_URL', () => {
    const make = () => new MailService(new AppConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }));

    it('writes each mail as an .eml file into the outbox', async () => {
      jest.useFakeTimers({
        now: new Date('2026-03-04T05:06:07.089Z'),
        doNotFake: [
          'nextTick',
          'setImmediate',
          'clearImmediate',
          'setTimeout',
          'clearTimeout',
          'setInterval',
          'clearInterval',
          'queueMicrotask',
        ],
      });
      const mail = make();
      expect(mail.transport).toBe('outbox');
      await mail.send(MAIL);
      const outbox = path.join(dataDir, 'outbox');
      expect(fs.readdirSync(outbox)).toEqual([
        '2026-03-04T05-06-07-089Z-manage-your-sprout-subscription.eml',
      ]);
      const raw = fs.readFileSync(path.join(outbox, fs.readdirSync(outbox)[0]), 'utf8');
      const split = raw.indexOf('\r\n\r\n');
      const [head, body] = [raw.slice(0, split), raw.slice(split + 4)];
      expect(head.split('\r\n')).toEqual(
        expect.arrayContaining([
          'From: Sprout <no-reply@sprout.invalid>',
          'To: parent@example.com',
          'Subject: Manage your Sprout subscription',
          'Content-Type: text/plain; charset=utf-8',
          'MIME-Version: 1.0',
          'Date: Wed, 04 Mar 2026 05:06:07 +0000',
        ]),
      );
      expect(head).toMatch(/^Message-ID: <.+@sprout\.invalid>$/m);
      expect(body).toBe(
        'Hello,\r\n\r\nUse this secure link:\r\nhttps://sprout.test/portal/abc123\r\n',
      );
    });

    it('logs the recipient, the subject and the file, never the body', async () => {
      const mail = make();
      await mail.send(MAIL);
      const file = path.join(dataDir, 'outbox', fs.readdirSync(path.join(dataDir, 'outbox'))[0]);
      expect(logger.lines).toEqual([
        { msg: 'mail written to outbox', to: 'parent@example.com', subject: MAIL.subject, file },
      ]);
      expect(JSON.stringify(logger.lines)).not.toContain('abc123');
    });

    it('keeps both mails when two have the same name', async () => {
      jest.useFakeTimers({
        now: new Date('2026-03-04T05:06:07.089Z'),
        doNotFake: [
          'nextTick',
          'setImmediate',
          'clearImmediate',
          'setTimeout',
          'clearTimeout',
          'setInterval',
          'clearInterval',
          'queueMicrotask',
        ],
      });
      const mail = make();
      await mail.send(MAIL);
      await mail.send({ ...MAIL, text: 'second' });
      expect(fs.readdirSync(path.join(dataDir, 'outbox')).sort()).toEqual([
        '2026-03-04T05-06-07-089Z-manage-your-sprout-subscription-2.eml',
        '2026-03-04T05-06-07-089Z-manage-your-sprout-subscription.eml',
      ]);
    });

    it('sends text and HTML as alternatives, with a reply-to', async () => {
      const mail = make();
      await mail.send({ ...MAIL, html: '<p>Hello</p>', replyTo: 'helper@example.com' });
      const outbox = path.join(dataDir, 'outbox');
      const raw = fs.readFileSync(path.join(outbox, fs.readdirSync(outbox)[0]), 'utf8');
      expect(raw).toMatch(/^Content-Type: multipart\/alternative;/m);
      expect(raw).toMatch(/^Reply-To: helper@example\.com$/m);
      expect(raw).toContain('Content-Type: text/html; charset=utf-8');
      expect(raw).toContain('<p>Hello</p>');
    });

    it('is healthy when the outbox can be written', async () => {
      await expect(make().health()).resolves.toEqual({
        ok: true,
        transport: 'outbox',
        detail: `writing mail to ${path.join(dataDir, 'outbox')}`,
      });
    });
  });

  describe('with SMTP_URL', () => {
    const smtp = new TinySmtpServer();
    let port: number;
    beforeAll(async () => {
      port = await smtp.start();
    });
    afterAll(() => smtp.stop());
    beforeEach(() => smtp.mails.splice(0));

    const make = (url = `smtp://mailer:s3cret@127.0.0.1:${port}`) => {
      const mail = new MailService(
        new AppConfig({
          NODE_ENV: 'test',
          DATA_DIR: dataDir,
          SMTP_URL: url,
          MAIL_FROM: 'Sprout <hello@sprout.test>',
        }),
      );
      return mail;
    };

    it('sends through the SMTP server with the credentials of the URL', async () => {
      const mail = make();
      expect(mail.transport).toBe('smtp');
      await mail.send(MAIL);
      mail.onModuleDestroy();
      expect(smtp.mails).toHaveLength(1);
      const [received] = smtp.mails;
      expect(received.auth).toBe('mailer:s3cret');
      expect(received.from).toBe('hello@sprout.test');
      expect(received.to).toEqual(['parent@example.com']);
      expect(received.data).toMatch(/^Subject: Manage your Sprout subscription$/m);
      expect(received.data).toMatch(/^From: Sprout <hello@sprout\.test>$/m);
      expect(received.data).toContain('https://sprout.test/portal/abc123');
      expect(fs.existsSync(path.join(dataDir, 'outbox'))).toBe(false);
      expect(logger.lines).toEqual([
        {
          msg: 'mail sent',
          to: 'parent@example.com',
          subject: MAIL.subject,
          messageId: expect.stringMatching(/@sprout\.test>$/),
        },
      ]);
    });

    it('is healthy when the SMTP server answers', async () => {
      const mail = make();
      await expect(mail.health()).resolves.toEqual({
        ok: true,
        transport: 'smtp',
        detail: 'SMTP server reachable',
      });
      mail.onModuleDestroy();
    });

    it('fails the send and the health check when the SMTP server is down', async () => {
      const closed = net.createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const downPort = (closed.address() as net.AddressInfo).port;
      await new Promise((resolve) => closed.close(resolve));
      const mail = make(`smtp://127.0.0.1:${downPort}`);
      await expect(mail.send(MAIL)).rejects.toThrow(/ECONNREFUSED/);
      await expect(mail.health()).resolves.toMatchObject({ ok: false, transport: 'smtp' });
    });
  });
});

describe('slugify', () => {
  it('makes a file-name-safe slug of a subject', () => {
    expect(slugify('Sprout: Émile may need your support!')).toBe(
      'sprout-emile-may-need-your-support',
    );
    expect(slugify('   ')).toBe('mail');
    expect(slugify('a'.repeat(100))).toHaveLength(60);
  });
});
