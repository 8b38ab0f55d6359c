/**
 * The mail settings, checked at start: `CANNERY_SMTP_URL` (where mail is sent),
 * `CANNERY_MAIL=off` (this deployment sends none on purpose) and `CANNERY_MAIL_FROM`, `_MAX_ATTEMPTS`,
 * `_RETRY_SECONDS`, `_POLL_SECONDS`, `_DRAIN_SECONDS`, `_RETENTION_DAYS`; each, its default and its
 * range: server/settings/schema.ts. Without `CANNERY_SMTP_URL`, mail stays in the queue (the development outbox
 * shows it) and no worker runs; production refuses to start that way unless `CANNERY_MAIL=off`.
 * With mail off nothing is queued: invitations are work-account ones (password sign-ins come from
 * `npm run cannery -- users`), and reset codes are refused.
 */
import { rawSetting, readSetting } from '../settings/load';

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

/** The mail settings (server/settings/schema.ts); mail off and an SMTP server are refused together. */
export function loadMailConfig(env: NodeJS.ProcessEnv = process.env): MailConfig {
  const smtpUrl = readSetting(env, 'CANNERY_SMTP_URL');
  const off = readSetting(env, 'CANNERY_MAIL');
  if (off && smtpUrl) {
    const variable = rawSetting(env, 'CANNERY_SMTP_URL').variable;
    throw new Error(`CANNERY_MAIL=off and ${variable} are both set: remove ${variable} to send no mail, or CANNERY_MAIL to send it`);
  }
  return {
    smtpUrl,
    off,
    from: readSetting(env, 'CANNERY_MAIL_FROM'),
    maxAttempts: readSetting(env, 'CANNERY_MAIL_MAX_ATTEMPTS'),
    retrySeconds: readSetting(env, 'CANNERY_MAIL_RETRY_SECONDS'),
    pollSeconds: readSetting(env, 'CANNERY_MAIL_POLL_SECONDS'),
    drainSeconds: readSetting(env, 'CANNERY_MAIL_DRAIN_SECONDS'),
    retentionDays: readSetting(env, 'CANNERY_MAIL_RETENTION_DAYS'),
  };
}

/**
 * What becomes of the mail this server queues, as the admin app tells an inviting admin:
 * `sent` (a worker sends it), `held` (no CANNERY_SMTP_URL in development: it waits in the queue and the
 * development outbox) or `off` (nothing is mailed, on purpose).
 */
export type MailDelivery = 'sent' | 'held' | 'off';

export function mailDeliveryOf(config: Pick<MailConfig, 'smtpUrl' | 'off'>): MailDelivery {
  if (config.off) return 'off';
  return config.smtpUrl ? 'sent' : 'held';
}
