/**
 * The mail settings, from the environment, checked at start: `SMTP_URL` (where mail is sent),
 * `CANNERY_MAIL=off` (this deployment sends none on purpose) and `CANNERY_MAIL_FROM`, `_MAX_ATTEMPTS`,
 * `_RETRY_SECONDS`, `_POLL_SECONDS`, `_DRAIN_SECONDS`, `_RETENTION_DAYS`; each, its default and its
 * range: docs/configuration.md. Without `SMTP_URL`, mail stays in the queue (the development outbox
 * shows it) and no worker runs; production refuses to start that way unless `CANNERY_MAIL=off`.
 * With mail off nothing is queued: invitations are work-account ones (password sign-ins come from
 * `npm run user`), and reset codes are refused.
 */
import { MAIL_DEFAULTS } from './worker';
import { parseSmtpUrl } from './transport';

export interface MailConfig {
  smtpUrl: string | undefined;
  /** `CANNERY_MAIL=off`: the operator turned mail off on purpose. */
  off: boolean;
  from: string;
  maxAttempts: number;
  retrySeconds: number;
  pollSeconds: number;
  drainSeconds: number;
  retentionDays: number;
}

function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const value = env[name];
  if (value === undefined || value.trim() === '') return fallback;
  const parsed = Number(value);
  if (!/^\d+$/.test(value.trim()) || parsed < min || parsed > max) {
    // eslint-disable-next-line no-control-regex -- control characters are shown as ?
    const shown = (value.length > 40 ? `${value.slice(0, 40)}…` : value).replace(/[\u0000-\u001f\u007f]/g, '?');
    throw new Error(`${name} must be a whole number from ${min} to ${max}, got "${shown}"`);
  }
  return parsed;
}

/** A From header: an address, or `Name <address>`, on one line. */
const FROM = /^(?:[^<>\r\n@]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/;

export function loadMailConfig(env: NodeJS.ProcessEnv = process.env): MailConfig {
  const smtpUrl = env.SMTP_URL?.trim() || undefined;
  if (smtpUrl) parseSmtpUrl(smtpUrl);
  const mode = env.CANNERY_MAIL?.trim() ?? '';
  if (mode !== '' && mode !== 'off') throw new Error(`CANNERY_MAIL must be "off" or unset, got "${mode.slice(0, 40)}"`);
  const off = mode === 'off';
  if (off && smtpUrl) throw new Error('CANNERY_MAIL=off and SMTP_URL are both set: remove SMTP_URL to send no mail, or CANNERY_MAIL to send it');
  const from = env.CANNERY_MAIL_FROM?.trim() || 'Cannery <no-reply@localhost>';
  // eslint-disable-next-line no-control-regex -- a control character would break the header
  if (from.length > 320 || !FROM.test(from) || /[\u0000-\u001f\u007f]/.test(from)) {
    throw new Error('CANNERY_MAIL_FROM must be an address (no-reply@example.org) or a name and an address (Cannery <no-reply@example.org>), on one line');
  }
  return {
    smtpUrl,
    off,
    from,
    maxAttempts: wholeNumber(env, 'CANNERY_MAIL_MAX_ATTEMPTS', MAIL_DEFAULTS.maxAttempts, 1, 100),
    retrySeconds: wholeNumber(env, 'CANNERY_MAIL_RETRY_SECONDS', MAIL_DEFAULTS.retrySeconds, 1, 3600),
    pollSeconds: wholeNumber(env, 'CANNERY_MAIL_POLL_SECONDS', MAIL_DEFAULTS.pollSeconds, 1, 3600),
    drainSeconds: wholeNumber(env, 'CANNERY_MAIL_DRAIN_SECONDS', 10, 0, 120),
    retentionDays: wholeNumber(env, 'CANNERY_MAIL_RETENTION_DAYS', MAIL_DEFAULTS.retentionDays, 1, 3650),
  };
}

/**
 * What becomes of the mail this server queues, as the admin app tells an inviting admin:
 * `sent` (a worker sends it), `held` (no SMTP_URL in development: it waits in the queue and the
 * development outbox) or `off` (nothing is mailed, on purpose).
 */
export type MailDelivery = 'sent' | 'held' | 'off';

export function mailDeliveryOf(config: Pick<MailConfig, 'smtpUrl' | 'off'>): MailDelivery {
  if (config.off) return 'off';
  return config.smtpUrl ? 'sent' : 'held';
}
