import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../server/db/database';
import { mailQueue } from '../../server/mail/schema';
import { identityVerificationCodes } from '../../server/identity/schema';
import { runMailCommand } from '../../server/cli/mail-command';
import { loadMailConfig } from '../../server/mail/config';
import { assertSendable, enqueueMail, mailQueueStatus, type MailMessage } from '../../server/mail/queue';
import { createMailTransport } from '../../server/mail/transport';
import { MailWorker, type MailWorkerOptions } from '../../server/mail/worker';
import { CLIENT_ID, GOOD_PASSWORD, capturedLogger, servePool, type ServedPool } from './identity/support';
import { resetDatabase, testDatabase } from './support/database';
import { fakeSmtp } from './support/smtp';

/**
 * The mail queue against a real SMTP peer on loopback: reset codes queued with their cause and
 * sent by a worker, retries with backoff, dead letters, two workers on one database, expiry,
 * draining at shutdown, and what operators and the log see.
 */
let database: Database;
let closers: Array<() => Promise<void> | void> = [];
beforeAll(async () => {
  database = await testDatabase();
});
beforeEach(async () => {
  await resetDatabase(database);
});
afterEach(async () => {
  for (const close of closers.reverse()) await close();
  closers = [];
});

async function smtpPeer(options: Parameters<typeof fakeSmtp>[0] = {}) {
  const smtp = await fakeSmtp(options);
  closers.push(smtp.close);
  return smtp;
}

/** A worker on the test database with a clock the test moves. */
function worker(smtpUrl: string, options: Partial<MailWorkerOptions> = {}) {
  let offsetMs = 0;
  const captured = capturedLogger();
  const transport = createMailTransport({ smtpUrl, from: 'Cannery <no-reply@cannery.test>', timeoutSeconds: 5 });
  closers.push(() => transport.close());
  const mail = new MailWorker({ db: database.db, transport, logger: captured.logger, now: () => new Date(Date.now() + offsetMs), ...options });
  return {
    mail,
    lines: captured.lines,
    advance: (seconds: number) => {
      offsetMs += seconds * 1000;
    },
  };
}

const message = (overrides: Partial<MailMessage> = {}): MailMessage => ({
  kind: 'reset_code',
  to: 'alice@alder.test',
  subject: 'Your Cannery password reset code',
  body: 'Your verification code is 123456.',
  ...overrides,
});

const rowsOf = () => database.db.select().from(mailQueue);

describe('reset codes through the queue', () => {
  let served: ServedPool;
  let smtp: Awaited<ReturnType<typeof fakeSmtp>>;
  let mail: MailWorker;
  let woken = 0;
  beforeEach(async () => {
    smtp = await smtpPeer({ auth: true });
    mail = worker(`smtp://mailer:s3cret@127.0.0.1:${smtp.port}`).mail;
    woken = 0;
    served = await servePool(database, {
      onMailQueued: () => {
        woken += 1;
        mail.wake();
      },
    });
    closers.push(() => served.close());
    await served.pool.createUser({ email: 'alice@alder.test', password: GOOD_PASSWORD });
  });

  it('queues the code with its cause, wakes the worker, and the SMTP peer receives it', async () => {
    const response = await served.call('ForgotPassword', { ClientId: CLIENT_ID, Username: 'alice@alder.test' });
    expect(response.status).toBe(200);
    expect(woken).toBe(1);
    // Woken, the worker sends at once; stopping it waits for that.
    await mail.stop(Date.now() + 10_000);
    const [conversation] = smtp.transcripts;
    expect(conversation!.commands.map((line) => line.split(' ')[0]).slice(0, 5)).toEqual(['EHLO', 'AUTH', 'MAIL', 'RCPT', 'DATA']);
    expect(Buffer.from(conversation!.commands[1]!.split(' ')[2]!, 'base64').toString()).toBe('\0mailer\0s3cret');
    expect(conversation!.commands[3]).toBe('RCPT TO:<alice@alder.test>');
    expect(conversation!.data).toContain('Subject: Your Cannery password reset code');
    expect(conversation!.data).toMatch(/verification code is \d{6}/);
    const [sent] = await rowsOf();
    expect(sent).toMatchObject({ kind: 'reset_code', toAddress: 'alice@alder.test', status: 'sent', attempts: 1, lastError: null });
    // Once sent, the queue keeps who, what kind and when, never the code.
    expect(sent!.body).toBe('');
    expect(sent!.sentAt).toBeInstanceOf(Date);
    // The queued mail lives as long as the code: past that it would not be sent.
    const [code] = await database.db.select().from(identityVerificationCodes);
    expect(sent!.discardAfter?.getTime()).toBe(code!.expiresAt.getTime());
  });

  it('keeps neither the code nor the mail when queuing fails: both are one transaction', async () => {
    await database.db.execute(sql.raw(`CREATE FUNCTION refuse_mail() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'queue refused'; END $$`));
    await database.db.execute(sql.raw('CREATE TRIGGER refuse_mail BEFORE INSERT ON mail_queue FOR EACH ROW EXECUTE FUNCTION refuse_mail()'));
    try {
      const response = await served.call('ForgotPassword', { ClientId: CLIENT_ID, Username: 'alice@alder.test' });
      expect(response.body.__type).toBe('InternalErrorException');
      expect(await database.db.select().from(identityVerificationCodes)).toEqual([]);
      expect(await rowsOf()).toEqual([]);
    } finally {
      await database.db.execute(sql.raw('DROP TRIGGER refuse_mail ON mail_queue'));
      await database.db.execute(sql.raw('DROP FUNCTION refuse_mail()'));
    }
  });
});

describe('the worker', () => {
  it('retries an SMTP failure after a backoff and then sends, logging no address', async () => {
    const smtp = await smtpPeer({ rcpt: (conversation) => (conversation === 1 ? '451 4.3.0 mailbox busy for alice@alder.test' : '250 ok') });
    const { mail, lines, advance } = worker(smtp.url, { retrySeconds: 30 });
    const id = await enqueueMail(database.db, message(), new Date());

    expect(await mail.runOnce()).toMatchObject({ sent: 0, retried: 1 });
    const [failed] = await rowsOf();
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed!.lastError).toContain('451');
    expect(failed!.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(25_000);
    // Not due before the backoff has passed.
    expect(await mail.runOnce()).toMatchObject({ sent: 0, retried: 0 });
    advance(31);
    expect(await mail.runOnce()).toMatchObject({ sent: 1 });
    expect((await rowsOf())[0]).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(smtp.delivered()).toHaveLength(1);

    const log = lines.join('\n');
    expect(log).toContain(id);
    expect(log).toContain('"code":"451"');
    expect(log).not.toMatch(/alice|alder|verification/);
  });

  it('marks a message dead after the last try, doubling the wait between tries, and operators see and requeue it', async () => {
    const smtp = await smtpPeer({ rcpt: () => '451 4.3.0 try later' });
    const { mail, lines, advance } = worker(smtp.url, { retrySeconds: 10, maxAttempts: 3 });
    const id = await enqueueMail(database.db, message(), new Date());
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const before = Date.now();
      await mail.runOnce();
      const [row] = await rowsOf();
      if (row!.status === 'pending') {
        waits.push(Math.round((row!.nextAttemptAt.getTime() - before) / 1000));
        advance(3600);
      }
    }
    expect(waits.map((wait, index) => wait - index * 3600)).toEqual([10, 20]);
    const [dead] = await rowsOf();
    expect(dead).toMatchObject({ status: 'dead', attempts: 3 });
    expect(smtp.transcripts).toHaveLength(3);
    expect(lines.join('\n')).toContain('mail is dead');
    expect(lines.join('\n')).not.toMatch(/alice|alder/);

    expect(await mailQueueStatus(database.db)).toMatchObject({ counts: { pending: 0, sent: 0, dead: 1, expired: 0 }, oldestPendingAt: null });
    const printed: string[] = [];
    expect(await runMailCommand(database.db, ['status'], (line) => printed.push(line))).toBe(0);
    expect(printed[0]).toBe('pending 0 · sent 0 · dead 1 · expired 0');
    expect(printed[2]).toContain(`dead ${id} reset_code to a***@alder.test, 3 tries`);
    expect(printed[2]).toContain('451 4.3.0 try later');
    // A dead message keeps no body, so it cannot be sent again: the command says what to do instead.
    expect(dead!.body).toBe('');
    expect(await runMailCommand(database.db, ['retry', id], (line) => printed.push(line))).toBe(1);
    expect(printed.at(-1)).toContain('resend the invitation from People, or ask for a new reset code');
    expect((await rowsOf())[0]).toMatchObject({ status: 'dead' });
  });

  it('marks a message the server refuses for good dead at once', async () => {
    const smtp = await smtpPeer({ rcpt: () => '550 5.1.1 no such mailbox' });
    const { mail } = worker(smtp.url);
    await enqueueMail(database.db, message(), new Date());
    expect(await mail.runOnce()).toMatchObject({ dead: 1 });
    expect((await rowsOf())[0]).toMatchObject({ status: 'dead', attempts: 1 });
  });

  it('never sends one message twice when two workers share the database', async () => {
    const smtp = await smtpPeer();
    const first = worker(smtp.url, { batchSize: 3 });
    const second = worker(smtp.url, { batchSize: 3 });
    const now = new Date();
    for (let index = 0; index < 24; index += 1) await enqueueMail(database.db, message({ subject: `Message ${index}` }), now);
    const passes = await Promise.all([first.mail.drain(), second.mail.drain(), first.mail.drain(), second.mail.drain()]);
    expect(passes.reduce((total, pass) => total + pass.sent, 0)).toBe(24);
    const subjects = smtp.delivered().map((data) => /Subject: (.*)/.exec(data)![1]);
    expect(subjects).toHaveLength(24);
    expect(new Set(subjects).size).toBe(24);
    expect((await rowsOf()).every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
  });

  it('does not send a message past its discard time: it expires instead', async () => {
    const smtp = await smtpPeer();
    const { mail } = worker(smtp.url);
    await enqueueMail(database.db, message({ discardAfter: new Date(Date.now() - 1000) }), new Date(Date.now() - 60_000));
    expect(await mail.runOnce()).toMatchObject({ sent: 0, expired: 1 });
    expect((await rowsOf())[0]).toMatchObject({ status: 'expired', body: '' });
    expect(smtp.transcripts).toHaveLength(0);
  });

  it('drops rows older than the retention, whatever became of them, and keeps the rest', async () => {
    const smtp = await smtpPeer();
    const { mail } = worker(smtp.url, { retentionDays: 30 });
    const day = 86_400_000;
    await enqueueMail(database.db, message({ subject: 'Old' }), new Date(Date.now() - 31 * day));
    await enqueueMail(database.db, message({ subject: 'Recent' }), new Date(Date.now() - 29 * day));
    expect(await mail.runOnce()).toMatchObject({ purged: 1, sent: 1 });
    expect((await rowsOf()).map((row) => [row.subject, row.status, row.body])).toEqual([['Recent', 'sent', '']]);
  });

  it('takes back a message whose worker died mid-send once its lease ends', async () => {
    const smtp = await smtpPeer();
    const { mail, advance } = worker(smtp.url, { leaseSeconds: 120 });
    const id = await enqueueMail(database.db, message(), new Date());
    // A worker claimed it and died: the claim counted a try and leased the message.
    await database.db
      .update(mailQueue)
      .set({ attempts: 1, nextAttemptAt: new Date(Date.now() + 120_000) })
      .where(eq(mailQueue.id, id));
    expect(await mail.runOnce()).toMatchObject({ sent: 0 });
    advance(121);
    expect(await mail.runOnce()).toMatchObject({ sent: 1 });
    expect((await rowsOf())[0]).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('sends what is due when stopped, though its next poll is an hour away', async () => {
    const smtp = await smtpPeer();
    const { mail, lines } = worker(smtp.url, { pollSeconds: 3600 });
    mail.start();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await enqueueMail(database.db, message(), new Date());
    await mail.stop(Date.now() + 10_000);
    expect(smtp.delivered()).toHaveLength(1);
    expect(lines.join('\n')).toContain('mail queue drained at shutdown');
  });
});

describe('hostile input', () => {
  it('refuses a message that could add headers or recipients, naming the field only', () => {
    for (const to of ['alice@alder.test\r\nBcc: evil@x.test', 'alice@alder.test, evil@x.test', 'Alice <alice@alder.test>', '', 'no-at-sign', `${'a'.repeat(320)}@x.test`]) {
      expect(() => assertSendable(message({ to })), to).toThrow(/^The recipient of a message must be one plain email address$/);
    }
    expect(() => assertSendable(message({ subject: 'Code\r\nBcc: evil@x.test' }))).toThrow(/subject/);
    expect(() => assertSendable(message({ body: 'x'.repeat(65 * 1024) }))).toThrow(/body/);
    expect(() => assertSendable(message({ kind: 'Reset Code' }))).toThrow(/kind/);
  });

  it('checks the mail settings at start with a clear message', () => {
    expect(loadMailConfig({})).toEqual({ smtpUrl: undefined, off: false, from: 'Cannery <no-reply@localhost>', maxAttempts: 8, retrySeconds: 30, pollSeconds: 10, drainSeconds: 10, retentionDays: 30 });
    for (const url of ['http://mail.example.org', 'mail.example.org:587', 'smtp://', 'smtp://mail.example.org:99999']) {
      expect(() => loadMailConfig({ SMTP_URL: url }), url).toThrow(/^SMTP_URL /);
    }
    for (const from of ['Cannery\r\nBcc: evil@x.test <a@b.test>', 'not an address', 'a@b.test, c@d.test', `${'a'.repeat(400)}@x.test`]) {
      expect(() => loadMailConfig({ CANNERY_MAIL_FROM: from }), from).toThrow(/^CANNERY_MAIL_FROM must be an address/);
    }
    expect(loadMailConfig({ CANNERY_MAIL_FROM: 'County Help <help@county.example>' }).from).toBe('County Help <help@county.example>');
    for (const [name, value] of [
      ['CANNERY_MAIL_MAX_ATTEMPTS', '0'],
      ['CANNERY_MAIL_MAX_ATTEMPTS', '101'],
      ['CANNERY_MAIL_RETRY_SECONDS', '1.5'],
      ['CANNERY_MAIL_POLL_SECONDS', 'soon'],
      ['CANNERY_MAIL_DRAIN_SECONDS', '-1'],
      ['CANNERY_MAIL_DRAIN_SECONDS', '5\u0000'],
      ['CANNERY_MAIL_RETENTION_DAYS', '0'],
    ] as const) {
      expect(() => loadMailConfig({ [name]: value }), `${name}=${value}`).toThrow(new RegExp(`^${name} must be a whole number from \\d+ to \\d+, got "[^\\u0000]*"$`));
    }
  });

  it('answers the mail command with its usage for anything it does not know', async () => {
    const printed: string[] = [];
    expect(await runMailCommand(database.db, ['purge'], (line) => printed.push(line))).toBe(2);
    expect(await runMailCommand(database.db, ['send'], (line) => printed.push(line), {})).toBe(1);
    expect(printed).toEqual(['Usage: npm run cannery -- mail status | retry <id> | send', 'CANNERY_SMTP_URL is not set: there is nowhere to send mail.']);
  });
});
