/**
 * SMTP delivery with nodemailer, from `CANNERY_SMTP_URL`: `smtp://user:pass@host:587` (STARTTLS when the
 * server offers it) or `smtps://user:pass@host:465` (TLS from the start). Credentials are never
 * sent over a connection that is not encrypted, except to a loopback address.
 */
import net from 'node:net';
import nodemailer from 'nodemailer';
import type { MailMessage } from './queue';

export interface MailTransport {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** A delivery failure; `permanent` when the server refused the message or its recipient (5xx): trying again cannot help. */
export class MailDeliveryError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    /** The SMTP reply code, or the socket's error code: what the log keeps. */
    readonly code: string,
  ) {
    super(message);
    this.name = 'MailDeliveryError';
  }
}

export interface TransportOptions {
  smtpUrl: string;
  /** The From header (`Cannery <no-reply@example.org>`). */
  from: string;
  /** Seconds before an SMTP conversation is abandoned. */
  timeoutSeconds?: number;
}

/** Checks an SMTP URL (at start, with a clear message); returns it parsed. */
export function parseSmtpUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error('CANNERY_SMTP_URL must be a URL such as smtp://user:password@mail.example.org:587 or smtps://...:465');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw new Error('CANNERY_SMTP_URL must start with smtp:// or smtps://');
  if (!url.hostname) throw new Error('CANNERY_SMTP_URL must name a host');
  if (url.port && (Number(url.port) < 1 || Number(url.port) > 65535)) throw new Error('CANNERY_SMTP_URL has a port out of range');
  return url;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

export function createMailTransport(options: TransportOptions): MailTransport {
  const url = parseSmtpUrl(options.smtpUrl);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const secure = url.protocol === 'smtps:';
  const user = decodeURIComponent(url.username);
  const timeout = (options.timeoutSeconds ?? 20) * 1000;
  const transporter = nodemailer.createTransport({
    host,
    port: Number(url.port) || (secure ? 465 : 587),
    secure,
    ...(user ? { auth: { user, pass: decodeURIComponent(url.password) } } : {}),
    // With credentials, STARTTLS is required unless the server is this machine.
    requireTLS: Boolean(user) && !secure && !LOOPBACK.has(url.hostname),
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
    ...(net.isIP(host) ? {} : { tls: { servername: host } }),
  });
  return {
    async send(message) {
      try {
        await transporter.sendMail({ from: options.from, to: message.to, subject: message.subject, text: message.body, disableFileAccess: true, disableUrlAccess: true });
      } catch (error) {
        throw deliveryError(error);
      }
    },
    close: () => transporter.close(),
  };
}

function deliveryError(error: unknown): MailDeliveryError {
  const details = (error ?? {}) as { message?: unknown; responseCode?: unknown; code?: unknown };
  const reason = typeof details.message === 'string' ? details.message : String(error);
  const replyCode = typeof details.responseCode === 'number' ? details.responseCode : undefined;
  const code = replyCode !== undefined ? String(replyCode) : typeof details.code === 'string' ? details.code : 'unknown';
  // The server refused this recipient or this message for good; a refused login or a lost
  // connection is the server's or the setting's problem, and may pass.
  const permanent = replyCode !== undefined && replyCode >= 500 && (details.code === 'EENVELOPE' || details.code === 'EMESSAGE');
  return new MailDeliveryError(reason, permanent, code);
}
