/**
 * Production mode (NODE_ENV=production, or CANNERY_MODE=production): the server refuses to start
 * with settings that only make sense on a developer's machine, and names all of them in one
 * message, so an operator fixes them in one go instead of one restart each.
 */
import type { ServerConfig } from './config';
import type { IdentityConfig } from './identity';
import type { MailConfig } from './mail/config';
import type { SsoConfig } from './sso/config';

/** A start-up refusal whose message is for the operator as it is (no stack needed). */
export class StartupRefusal extends Error {
  override name = 'StartupRefusal';
}

/** Runs a settings reader; what it refuses (a message naming the variable) becomes a StartupRefusal. */
export function readSettings<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    throw error instanceof Error && !(error instanceof StartupRefusal) ? new StartupRefusal(error.message) : error;
  }
}

export interface ProductionFacts {
  config: Pick<ServerConfig, 'mode' | 'modeSource' | 'seed' | 'publicOrigin' | 'publicOriginSource' | 'httpsPort' | 'tlsCertFile' | 'tlsKeyFile'>;
  sso: SsoConfig;
  /** The built-in pool's settings; absent where the pool is AWS Cognito (Lambda). */
  identity?: Pick<IdentityConfig, 'devOutbox' | 'dataKey'>;
  /** This process's mail settings; absent where another function sends the queue (Lambda's API). */
  mail?: Pick<MailConfig, 'smtpUrl' | 'off'>;
  /** Whether this entry serves HTTPS itself (Node); Lambda sits behind the API gateway's TLS. */
  servesHttps: boolean;
}

/** Whether a host name is this machine: `localhost`, `*.localhost`, 127/8, `::1`, or the unspecified address. */
export function isLocalHostName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    /^127(?:\.\d{1,3}){3}$/.test(name) ||
    name === '::1' ||
    name === '::ffff:127.0.0.1' ||
    name === '0.0.0.0' ||
    name === '::'
  );
}

/** What stands between these settings and production, one sentence each; empty when nothing does. */
export function productionProblems({ config, sso, identity, mail, servesHttps }: ProductionFacts): string[] {
  const problems: string[] = [];
  if (sso.mode === 'stand-in') {
    problems.push('CANNERY_SSO_STAND_IN is on: the local work-account stand-in signs anyone in as its demo users. Remove it and set CANNERY_SSO_AUTHORITY to your provider (or leave both unset).');
  }
  if (identity?.devOutbox) {
    problems.push('CANNERY_DEV_OUTBOX=1 shows password-reset codes in a page. Remove it and set CANNERY_SMTP_URL to send them by mail.');
  }
  if (mail && !mail.smtpUrl && !mail.off && !identity?.devOutbox) {
    problems.push(
      'CANNERY_SMTP_URL is not set: invitations and password-reset codes would wait in the queue and never be sent. Set it to your mail server (smtp://user:password@mail.example.org:587), or CANNERY_MAIL=off if this server sends no mail on purpose.',
    );
  }
  if (identity && !identity.dataKey) {
    problems.push('CANNERY_POOL_DATA_KEY is not set: authenticator secrets would be sealed with a key kept in the database. Set it to 32 random bytes in base64 (openssl rand -base64 32) and keep it.');
  }
  if (isLocalHostName(new URL(config.publicOrigin).hostname)) {
    problems.push(
      config.publicOriginSource === 'default'
        ? `CANNERY_PUBLIC_ORIGIN is not set, so it is ${config.publicOrigin}. Set it to the https origin users reach Cannery on (https://cannery.example.org).`
        : `CANNERY_PUBLIC_ORIGIN ${config.publicOrigin} is this machine. Set it to the https origin users reach Cannery on (https://cannery.example.org).`,
    );
  }
  if (servesHttps && config.httpsPort > 0 && !(config.tlsCertFile && config.tlsKeyFile)) {
    problems.push(
      `CANNERY_HTTPS_PORT ${config.httpsPort} would serve a self-signed certificate. Set CANNERY_TLS_CERT_FILE and CANNERY_TLS_KEY_FILE to your certificate and key, or CANNERY_HTTPS_PORT=0 behind a proxy that ends TLS.`,
    );
  }
  if (config.seed === 'demo') {
    problems.push('CANNERY_SEED=demo puts the demo account, with its published passwords, into an empty database. Remove it.');
  }
  return problems;
}

/** Throws one StartupRefusal naming every problem, in production mode; does nothing in development. */
export function refuseUnsafeProduction(facts: ProductionFacts): void {
  if (facts.config.mode !== 'production') return;
  const problems = productionProblems(facts);
  if (problems.length === 0) return;
  const because = facts.config.modeSource === 'CANNERY_MODE' ? 'CANNERY_MODE=production' : 'NODE_ENV=production';
  throw new StartupRefusal(
    [`Cannery does not start in production mode (${because}) with ${problems.length === 1 ? 'this development setting' : `these ${problems.length} development settings`}:`, ...problems.map((problem) => `  - ${problem}`)].join('\n'),
  );
}
