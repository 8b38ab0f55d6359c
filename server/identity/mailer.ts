/**
 * Mail from the pool (password-reset codes). Every message is first written to the outbox table;
 * then, with `SMTP_URL` set, it is sent and marked `sent_at`. Without SMTP it stays in the outbox,
 * the log says so (never with the code), and in development `GET /identity/dev/outbox` shows it.
 *
 * The SMTP client is a small one on Node's `net`/`tls`: EHLO, STARTTLS when offered, AUTH PLAIN
 * when the URL carries credentials, one recipient, a plain-text body. `smtps://` connects with TLS
 * from the start (port 465); `smtp://` upgrades with STARTTLS when the server offers it (port 587
 * by default) and refuses to send credentials over a connection that is not encrypted, except to
 * a loopback address.
 */
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { hostname } from 'node:os';
import tls from 'node:tls';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import type { Logger } from '../logger';
import { summarizeFailure } from './errors';
import { identityOutbox } from './schema';

export interface MailMessage {
  to: string;
  subject: string;
  body: string;
}

export interface Mailer {
  /** `smtp` sends; `outbox` only keeps messages in the table. */
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}

export interface MailerOptions {
  /** `smtp://user:pass@host:587` or `smtps://user:pass@host:465`; unset keeps mail in the outbox. */
  smtpUrl?: string | undefined;
  /** The From address. */
  from: string;
  /** Seconds before an SMTP conversation is abandoned. */
  timeoutSeconds?: number;
}

export function createMailer(options: MailerOptions): Mailer {
  if (!options.smtpUrl) {
    return {
      kind: 'outbox',
      send: () => Promise.resolve(),
    };
  }
  const url = new URL(options.smtpUrl);
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw new Error('SMTP_URL must start with smtp:// or smtps://');
  return {
    kind: 'smtp',
    send: (message) => sendSmtp(url, options.from, message, (options.timeoutSeconds ?? 20) * 1000),
  };
}

/** Writes a message to the outbox; returns its id. */
export async function enqueueMail(db: Db, message: MailMessage, now: Date): Promise<string> {
  const id = randomUUID();
  await db.insert(identityOutbox).values({ id, toAddress: message.to, subject: message.subject, body: message.body, createdAt: now });
  return id;
}

/** Sends an outbox message with the mailer and records the outcome; never throws. */
export async function deliverMail(db: Db, mailer: Mailer, logger: Logger, id: string, message: MailMessage, now: () => Date): Promise<void> {
  if (mailer.kind === 'outbox') {
    logger.info({ outboxId: id, subject: message.subject }, 'mail kept in the identity outbox (no SMTP_URL)');
    return;
  }
  try {
    await mailer.send(message);
    await db.update(identityOutbox).set({ sentAt: now(), lastError: null }).where(eq(identityOutbox.id, id));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    // The SMTP server's reply may quote the address: the log gets the error's kind, the outbox row the reason.
    logger.error({ outboxId: id, failure: summarizeFailure(error) }, 'sending mail failed; it stays in the identity outbox (see its last_error)');
    await db
      .update(identityOutbox)
      .set({ lastError: reason.slice(0, 500) })
      .where(eq(identityOutbox.id, id))
      .catch(() => undefined);
  }
}

export async function latestOutbox(db: Db, limit = 50) {
  return db.select().from(identityOutbox).orderBy(desc(identityOutbox.createdAt)).limit(limit);
}

// --- SMTP ------------------------------------------------------------------------------------

/** No header may carry a line break: that would let an address or subject add headers. */
function assertHeaderSafe(value: string, what: string): void {
  if (/[\r\n]/.test(value)) throw new Error(`The ${what} of a message may not contain line breaks`);
}

function encodeHeader(value: string): string {
  // Non-ASCII subjects go as an RFC 2047 encoded word.
  return /^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}

export function formatMessage(from: string, message: MailMessage, date = new Date()): string {
  assertHeaderSafe(from, 'sender');
  assertHeaderSafe(message.to, 'recipient');
  assertHeaderSafe(message.subject, 'subject');
  const domain = from.split('@')[1]?.replace(/>$/, '') || 'localhost';
  // Base64 lines never start with a dot, so the body needs no dot-stuffing.
  const body = (Buffer.from(message.body, 'utf8').toString('base64').match(/.{1,76}/g) ?? []).join('\r\n');
  return [
    `From: ${from}`,
    `To: ${message.to}`,
    `Subject: ${encodeHeader(message.subject)}`,
    `Date: ${date.toUTCString()}`,
    `Message-ID: <${randomUUID()}@${domain}>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    body,
  ].join('\r\n');
}

/** Reads SMTP replies (`250-...` continues, `250 ...` ends) from whichever socket is current. */
class ReplyReader {
  private buffer = '';
  private lines: string[] = [];
  private waiting: { resolve: (reply: { code: number; text: string }) => void; reject: (error: Error) => void } | undefined;
  private failure: Error | undefined;

  attach(socket: net.Socket): void {
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      this.buffer += chunk;
      let newline: number;
      while ((newline = this.buffer.indexOf('\n')) >= 0) {
        this.lines.push(this.buffer.slice(0, newline).replace(/\r$/, ''));
        this.buffer = this.buffer.slice(newline + 1);
      }
      this.flush();
    });
    socket.on('error', (error) => this.fail(error));
    socket.on('close', () => this.fail(new Error('The SMTP server closed the connection')));
  }

  detach(socket: net.Socket): void {
    socket.removeAllListeners('data');
    socket.removeAllListeners('error');
    socket.removeAllListeners('close');
  }

  next(): Promise<{ code: number; text: string }> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.flush();
    });
  }

  fail(error: Error): void {
    this.failure ??= error;
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.reject(error);
  }

  private flush(): void {
    if (!this.waiting) return;
    const end = this.lines.findIndex((line) => /^\d{3}(?: |$)/.test(line));
    if (end < 0) return;
    const reply = this.lines.splice(0, end + 1);
    const last = reply[reply.length - 1] ?? '';
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting.resolve({ code: Number(last.slice(0, 3)), text: reply.map((line) => line.slice(4)).join('\n') });
  }
}

function connect(url: URL, timeoutMs: number): Promise<net.Socket> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const secure = url.protocol === 'smtps:';
  const port = Number(url.port) || (secure ? 465 : 587);
  return new Promise((resolve, reject) => {
    const socket = secure ? tls.connect({ host, port, servername: net.isIP(host) ? undefined : host }) : net.connect({ host, port });
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error('The SMTP server did not answer in time')));
    socket.once(secure ? 'secureConnect' : 'connect', () => resolve(socket));
    socket.once('error', reject);
  });
}

async function sendSmtp(url: URL, from: string, message: MailMessage, timeoutMs: number): Promise<void> {
  const data = formatMessage(from, message);
  const envelopeFrom = /<([^>]+)>/.exec(from)?.[1] ?? from;
  let socket = await connect(url, timeoutMs);
  let encrypted = url.protocol === 'smtps:';
  const reader = new ReplyReader();
  reader.attach(socket);
  const expect = async (codes: number[], step: string) => {
    const reply = await reader.next();
    if (!codes.includes(reply.code)) throw new Error(`SMTP ${step} refused: ${reply.code} ${reply.text.split('\n')[0] ?? ''}`);
    return reply;
  };
  const command = async (line: string, codes: number[], step: string) => {
    socket.write(`${line}\r\n`);
    return expect(codes, step);
  };
  try {
    await expect([220], 'greeting');
    let ehlo = await command(`EHLO ${hostname() || 'localhost'}`, [250], 'EHLO');
    if (!encrypted && /^STARTTLS\b/im.test(ehlo.text)) {
      await command('STARTTLS', [220], 'STARTTLS');
      reader.detach(socket);
      const host = url.hostname.replace(/^\[|\]$/g, '');
      socket = await new Promise<tls.TLSSocket>((resolve, reject) => {
        const upgraded = tls.connect({ socket, servername: net.isIP(host) ? undefined : host }, () => resolve(upgraded));
        upgraded.once('error', reject);
      });
      socket.setTimeout(timeoutMs, () => socket.destroy(new Error('The SMTP server did not answer in time')));
      reader.attach(socket);
      encrypted = true;
      ehlo = await command(`EHLO ${hostname() || 'localhost'}`, [250], 'EHLO');
    }
    if (url.username) {
      const loopback = ['localhost', '127.0.0.1', '[::1]', '::1'].includes(url.hostname);
      if (!encrypted && !loopback) throw new Error('The SMTP server offers no TLS; credentials are not sent in the clear');
      const credentials = Buffer.from(`\0${decodeURIComponent(url.username)}\0${decodeURIComponent(url.password)}`).toString('base64');
      await command(`AUTH PLAIN ${credentials}`, [235], 'AUTH');
    }
    await command(`MAIL FROM:<${envelopeFrom}>`, [250], 'MAIL FROM');
    await command(`RCPT TO:<${message.to}>`, [250, 251], 'RCPT TO');
    await command('DATA', [354], 'DATA');
    await command(`${data}\r\n.`, [250], 'message');
    // The message is accepted at this point; a server that drops the line instead of saying goodbye is fine.
    await command('QUIT', [221], 'QUIT').catch(() => undefined);
  } finally {
    reader.detach(socket);
    socket.on('error', () => undefined);
    socket.end();
  }
}
