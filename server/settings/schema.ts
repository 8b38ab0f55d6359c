/**
 * Every setting the server reads from its environment, once: its name, how its value is read and
 * checked (a zod schema over the raw string), its default, where it applies (the Node server, the
 * AWS Lambda functions, or both), one line for operators, and whether it is a secret. Every name
 * starts with `CANNERY_`, except the few the platform sets (`external`); `old` is the name a setting
 * had before, still accepted (server/settings/load.ts). docs/configuration.md and .env.example are
 * written from this table by scripts/settings-docs.ts, and a server test fails when they differ.
 */
import type { z } from 'zod';
import { parseDataKey } from '../identity/secret-box';
import { DEFAULT_LIMITS } from '../identity/limits';
import { DEFAULT_LIFETIMES, MIN_REFRESH_TOKEN_SECONDS } from '../identity/tokens';
import { MAIL_DEFAULTS } from '../mail/worker';
import { DEFAULT_MOST_FREQUENT, MAX_MOST_FREQUENT } from '../../src/api/contract/block';
import { DEFAULT_SESSION_IDLE_MINUTES, MAX_SESSION_IDLE_MINUTES } from '../../src/api/contract/session';
import {
  absoluteUrl,
  capFrom,
  commaList,
  countFrom,
  DEFAULT_INVITATIONS_PER_DAY,
  MAX_AUDIT_RETENTION_DAYS,
  MIN_AUDIT_RETENTION_DAYS,
  DEFAULT_LEARNING_RETENTION_DAYS,
  MAX_INVITATIONS_PER_DAY,
  MAX_LEARNING_RETENTION_DAYS,
  megabytesFrom,
  parseAllowedHosts,
  parseApiBase,
  parseCognitoEndpoint,
  parseDnsServers,
  parseFrameAncestors,
  parseIssuers,
  parseOriginSecret,
  retentionDaysFrom,
  secondsFrom,
  readSmtpUrl,
  readMail,
  readMailFrom,
  readMode,
  readPublicOrigin,
  readSeed,
  readPoolId,
  readPoolTemporaryPasswordDays,
  readSsoStandInTokenSeconds,
  otlpEndpoint,
  wholeNumber,
} from './values';
import { flag, mailNumber, port, raw, reader, text } from './readers';
import { LAMBDA_SETTINGS } from './lambda-settings';
import { PAGE_SETTINGS } from './page-settings';
import { spec, type SettingSpec } from './spec';

export { SECTIONS, type Deployment, type SettingSpec } from './spec';

export const SETTINGS = {
  // ---- Required (the self-host kit) ----
  CANNERY_POOL_DATA_KEY: spec({
    section: 'required', deploy: 'both', secret: true, example: 'REPLACE-with-openssl-rand-base64-32-output=',
    defaultNote: 'unset (development key in the database, with a warning)',
    description: '32 random bytes in base64 (openssl rand -base64 32): seals authenticator-app secrets at rest; production must set it and keep it with the backups',
    type: reader((value) => parseDataKey(value)),
  }),
  CANNERY_SMTP_URL: spec({
    section: 'required', deploy: 'both', secret: true, old: 'SMTP_URL', example: 'smtp://cannery:REPLACE-password@mail.example.org:587',
    description: 'where the mail queue is sent: smtp://user:pass@host:587 (STARTTLS, required with credentials unless the host is this machine) or smtps://…:465; unset, mail stays queued and no worker runs, which production refuses unless CANNERY_MAIL=off',
    type: reader(readSmtpUrl),
  }),
  CANNERY_MAIL: spec({
    section: 'required', deploy: 'both',
    description: 'off: this deployment sends no mail on purpose (work-account invitations only, no reset codes; password sign-ins come from npm run cannery -- users create); refused together with CANNERY_SMTP_URL',
    type: reader(readMail),
  }),
  CANNERY_MAIL_FROM: spec({
    section: 'required', deploy: 'both', default: 'Cannery <no-reply@localhost>', example: 'Cannery <no-reply@example.org>',
    description: "the From header of Cannery's mail: an address, or a name and an address",
    type: reader(readMailFrom),
  }),

  // ---- Server ----
  NODE_ENV: spec({
    section: 'server', deploy: 'both', external: true,
    description: 'production turns production mode on unless CANNERY_MODE says otherwise (the container image sets it)',
    type: raw,
  }),
  CANNERY_MODE: spec({
    section: 'server', deploy: 'both', defaultNote: '`production` when `NODE_ENV=production`, else `development`',
    description: 'production seeds no demo data and refuses to start with development settings (see "Production mode"); development overrides NODE_ENV',
    type: reader(readMode),
  }),
  CANNERY_HOST: spec({
    section: 'server', deploy: 'node', old: 'HOST', default: '127.0.0.1',
    description: 'interface the server listens on; 0.0.0.0 (or an address) serves other machines (the image: 0.0.0.0)',
    type: reader((value) => value?.trim() || '127.0.0.1'),
  }),
  CANNERY_PORT: spec({ section: 'server', deploy: 'node', old: 'PORT', default: '8787', description: 'HTTP port of the server', type: port(8787) }),
  CANNERY_HTTPS_PORT: spec({
    section: 'server', deploy: 'node', old: 'HTTPS_PORT', default: '8443',
    description: 'HTTPS port of the server itself, for Outlook; 0 turns it off (the image: 0, a proxy ends TLS)',
    type: port(8443),
  }),
  CANNERY_TLS_CERT_FILE: spec({
    section: 'server', deploy: 'node', old: 'TLS_CERT_FILE', defaultNote: 'self-signed in `.certs/`',
    description: 'PEM certificate file for HTTPS', type: raw,
  }),
  CANNERY_TLS_KEY_FILE: spec({
    section: 'server', deploy: 'node', old: 'TLS_KEY_FILE', defaultNote: 'self-signed in `.certs/`',
    description: 'PEM key file for HTTPS', type: raw,
  }),
  CANNERY_PUBLIC_ORIGIN: spec({
    section: 'server', deploy: 'both', old: 'PUBLIC_ORIGIN', defaultNote: '`https://localhost:$CANNERY_HTTPS_PORT`',
    description: 'the https origin users reach Cannery on, written into the Outlook manifest (compose sets it from CANNERY_DOMAIN)',
    type: reader(readPublicOrigin),
  }),
  CANNERY_DATABASE_URL: spec({
    section: 'server', deploy: 'both', old: 'DATABASE_URL', secret: true,
    defaultNote: 'unset (embedded PGlite)',
    description: 'PostgreSQL connection string (compose sets it); unset, the embedded PGlite in CANNERY_DATA_DIR',
    type: raw,
  }),
  CANNERY_DATA_DIR: spec({ section: 'server', deploy: 'node', default: './data', description: 'PGlite data directory; memory:// keeps nothing on disk', type: reader((value) => value || './data') }),
  CANNERY_SEED: spec({
    section: 'server', deploy: 'node', defaultNote: '`demo` (`none` in production mode)',
    description: 'demo seeds the demo account into an empty database; none does not; production mode refuses demo',
    type: reader(readSeed),
  }),
  CANNERY_WEB_ROOT: spec({ section: 'server', deploy: 'node', default: 'dist/web', description: 'folder of the built task pane and playground', type: reader((value) => value || 'dist/web') }),
  CANNERY_LOG_LEVEL: spec({
    section: 'server', deploy: 'both', old: 'LOG_LEVEL', default: 'info', defaultNote: '`info` (`warn` under `npm start`)',
    description: 'pino log level', type: reader((value) => value || 'info'),
  }),

  // ---- Behind a proxy ----
  CANNERY_TRUSTED_PROXIES: spec({
    section: 'proxy', deploy: 'both', defaultNote: 'unset (no proxy trusted)',
    description: 'the reverse proxies in front of the server, as addresses and CIDR subnets (127.0.0.1,10.0.0.0/8,fd00::/8) or a hop count (1-10); only their requests have the client address read from X-Forwarded-For (compose: 1)',
    type: raw,
  }),
  CANNERY_PROXY_HEADER: spec({
    section: 'proxy', deploy: 'both', default: 'x-forwarded-for',
    description: 'the header the trusted proxies write: x-forwarded-for or forwarded (RFC 7239); only with CANNERY_TRUSTED_PROXIES',
    type: raw,
  }),
  CANNERY_ALLOWED_HOSTS: spec({
    section: 'proxy', deploy: 'both',
    description: "more Host names the server answers, comma-separated, each with an optional port (cannery.example.org,10.0.0.5:8787); needed when other machines reach it by another name than CANNERY_PUBLIC_ORIGIN's",
    type: reader((value) => parseAllowedHosts(value)),
  }),
  CANNERY_ALLOWED_ORIGINS: spec({
    section: 'proxy', deploy: 'both',
    description: 'more browser origins allowed to call the API and the user pool, comma-separated (chrome-extension://<id> of a store build)',
    type: reader((value) => commaList(value)),
  }),
  CANNERY_FRAME_ANCESTORS: spec({
    section: 'proxy', deploy: 'both',
    description: "more origins allowed to frame the task pane besides Outlook's, comma-separated (https://*.example.org)",
    type: reader((value) => parseFrameAncestors(value)),
  }),
  CANNERY_ORIGIN_SECRET: spec({
    section: 'proxy', deploy: 'both', secret: true,
    description: '32-512 printable characters a CDN in front adds to every request in X-Cannery-Origin; set, a request without it is refused with 403 (the AWS stack generates it)',
    type: reader((value) => parseOriginSecret(value)),
  }),
  CANNERY_DNS_SERVERS: spec({
    section: 'proxy', deploy: 'both', defaultNote: "unset (the system's resolver)",
    description: "DNS servers that prove an account's work-account domain by its TXT record, comma-separated IP addresses with optional ports (192.0.2.53, [2001:db8::53]:53)",
    type: reader((value) => parseDnsServers(value)),
  }),
  CANNERY_API_BASE: spec({
    section: 'proxy', deploy: 'both', defaultNote: 'unset (`/api`)',
    description: 'where clients reach the API, published in /api/config: an http(s) URL (https://cannery.example.org/api) or a path',
    type: reader((value) => parseApiBase(value)),
  }),

  // ---- Product ----
  CANNERY_MOST_FREQUENT: spec({
    section: 'product', deploy: 'both', default: String(DEFAULT_MOST_FREQUENT),
    description: `how many blocks Home's Frequently Used group shows (1-${MAX_MOST_FREQUENT}), published in /api/config`,
    type: reader((value, name) => countFrom(value, name, DEFAULT_MOST_FREQUENT, MAX_MOST_FREQUENT)),
  }),
  CANNERY_SESSION_IDLE_MINUTES: spec({
    section: 'product', deploy: 'both', default: String(DEFAULT_SESSION_IDLE_MINUTES),
    description: `minutes without interaction that end a usage session (1-${MAX_SESSION_IDLE_MINUTES}), published in /api/config`,
    type: reader((value, name) => countFrom(value, name, DEFAULT_SESSION_IDLE_MINUTES, MAX_SESSION_IDLE_MINUTES)),
  }),
  CANNERY_ETAG_CACHE_MB: spec({
    section: 'product', deploy: 'both', default: '64',
    description: "memory budget of each instance's cache of serialised block and checklist lists, in megabytes (0-4096; 0 keeps none)",
    type: reader((value, name) => megabytesFrom(value, name, 64 * 1024 * 1024)),
  }),
  CANNERY_LEARNING_RETENTION_DAYS: spec({
    section: 'product', deploy: 'both', default: String(DEFAULT_LEARNING_RETENTION_DAYS),
    description: `days a team keeps what it learned from its staff's choices (hashed email terms and the block chosen, never text) after their last use (0-${MAX_LEARNING_RETENTION_DAYS}); 0 turns learning off`,
    type: reader((value) => retentionDaysFrom(value)),
  }),
  CANNERY_AUDIT_RETENTION_DAYS: spec({
    section: 'product', deploy: 'both', defaultNote: 'unset (every audit event is kept)',
    description: `days the audit log keeps an event (${MIN_AUDIT_RETENTION_DAYS}-${MAX_AUDIT_RETENTION_DAYS}); older events are deleted every hour, and the database refuses to delete a younger one`,
    type: reader((value, name) => (value === undefined || value === '' ? null : countFrom(value, name, MIN_AUDIT_RETENTION_DAYS, MAX_AUDIT_RETENTION_DAYS, MIN_AUDIT_RETENTION_DAYS))),
  }),
  CANNERY_PUBLISH_EVERY_SECONDS: spec({
    section: 'product', deploy: 'node', default: '60',
    description: 'how often each instance looks for scheduled changes to blocks that are due, in seconds (1-3600); each change is published once, by whichever instance finds it first (on Lambda, the mail function looks every minute)',
    type: reader((value, name) => countFrom(value, name, 60, 3600, 1)),
  }),
  CANNERY_INVITATIONS_PER_DAY: spec({
    section: 'product', deploy: 'both', default: String(DEFAULT_INVITATIONS_PER_DAY),
    description: `invitations (and resent invitations) one account may send in 24 hours (1-${MAX_INVITATIONS_PER_DAY}); more answer 429`,
    type: reader((value, name) => countFrom(value, name, DEFAULT_INVITATIONS_PER_DAY, MAX_INVITATIONS_PER_DAY)),
  }),
  ...PAGE_SETTINGS, // the privacy, terms and support pages' (page-settings.ts)

  // ---- Built-in user pool ----
  // ---- Monitoring ----
  CANNERY_METRICS_PORT: spec({
    section: 'monitoring', deploy: 'node', default: '0', defaultNote: '`0` (no metrics endpoint)',
    description: "port of the Prometheus scrape endpoint (GET /metrics), a listener of its own apart from the app's; 0 turns it off (compose's monitoring profile: 9464)",
    type: port(0),
  }),
  CANNERY_METRICS_HOST: spec({
    section: 'monitoring', deploy: 'node', default: '127.0.0.1',
    description: 'interface the metrics endpoint listens on: this machine only unless set (compose: 0.0.0.0, on the internal network, never published)',
    type: reader((value) => value?.trim() || '127.0.0.1'),
  }),
  OTEL_EXPORTER_OTLP_ENDPOINT: spec({
    section: 'monitoring', deploy: 'node', external: true, defaultNote: 'unset (no OTLP export)',
    description: "OpenTelemetry's OTLP/HTTP endpoint (http://collector:4318): traces and metrics are sent to its /v1/traces and /v1/metrics",
    type: reader((value, name) => (value?.trim() ? otlpEndpoint(value.trim(), name) : undefined)),
  }),
  OTEL_SERVICE_NAME: spec({
    section: 'monitoring', deploy: 'both', external: true, default: 'cannery',
    description: 'the service.name traces and metrics carry',
    type: reader((value) => value?.trim() || 'cannery'),
  }),
  CANNERY_SHUTDOWN_GRACE_SECONDS: spec({
    section: 'monitoring', deploy: 'node', default: '5',
    description: 'on SIGTERM, seconds readiness answers 503 before the listeners close, so load balancers stop sending requests first (0-120)',
    type: reader((value, name) => wholeNumber(value, name, 5, 0, 120)),
  }),

  CANNERY_POOL_ID: spec({
    section: 'pool', deploy: 'both', default: 'local_cannery',
    description: "the built-in user pool's id, <region>_<name> (changing it makes every user set a new password); on Lambda with Cognito, the Cognito pool's",
    type: reader(readPoolId),
  }),
  CANNERY_POOL_CLIENT_ID: spec({ section: 'pool', deploy: 'both', default: 'cannery-app', description: "the user pool's app client id", type: reader((value) => value || 'cannery-app') }),
  CANNERY_POOL_ID_TOKEN_SECONDS: spec({
    section: 'pool', deploy: 'both', default: String(DEFAULT_LIFETIMES.idTokenSeconds), description: "lifetime of the built-in pool's ID tokens, in seconds",
    type: reader((value, name) => secondsFrom(value, name, DEFAULT_LIFETIMES.idTokenSeconds)),
  }),
  CANNERY_POOL_ACCESS_TOKEN_SECONDS: spec({
    section: 'pool', deploy: 'both', default: String(DEFAULT_LIFETIMES.accessTokenSeconds), description: "lifetime of the built-in pool's access tokens, in seconds",
    type: reader((value, name) => secondsFrom(value, name, DEFAULT_LIFETIMES.accessTokenSeconds)),
  }),
  CANNERY_POOL_REFRESH_TOKEN_SECONDS: spec({
    section: 'pool', deploy: 'both', default: String(DEFAULT_LIFETIMES.refreshTokenSeconds),
    description: `lifetime of the built-in pool's refresh tokens, in seconds, at least ${MIN_REFRESH_TOKEN_SECONDS} (20 hours, the shortest limit WCAG 2.2.1 allows without a warning the user can answer); a sign-in ends when its refresh token runs out`,
    type: reader((value, name) => secondsFrom(value, name, DEFAULT_LIFETIMES.refreshTokenSeconds, MIN_REFRESH_TOKEN_SECONDS)),
  }),
  CANNERY_POOL_SIGN_INS_PER_ADDRESS: spec({
    section: 'pool', deploy: 'both', default: String(DEFAULT_LIMITS.signInsPerIp),
    description: 'password sign-ins one client address may start per 10 minutes (1-1000000); raise it when the whole office reaches Cannery from one address',
    type: reader((value, name) => capFrom(value, name, DEFAULT_LIMITS.signInsPerIp)),
  }),
  CANNERY_POOL_SIGN_INS_PER_USERNAME: spec({
    section: 'pool', deploy: 'both', default: String(DEFAULT_LIMITS.signInsPerUsername),
    description: 'password sign-ins one username may start per 10 minutes (1-1000000)',
    type: reader((value, name) => capFrom(value, name, DEFAULT_LIMITS.signInsPerUsername)),
  }),
  CANNERY_POOL_TEMPORARY_PASSWORD_DAYS: spec({
    section: 'pool', deploy: 'both', default: String(DEFAULT_LIMITS.temporaryPasswordSeconds / 86_400),
    description: "days an invitation's temporary password signs in (1-365), as Cognito's default; after that the admin resends the invitation",
    type: reader(readPoolTemporaryPasswordDays),
  }),
  CANNERY_DEV_OUTBOX: spec({
    section: 'pool', deploy: 'node', defaultNote: 'unset (off)',
    description: "1 shows the mail outbox with its codes at /identity/dev/outbox, to this machine's browser only (development only; refused in production)",
    type: flag(),
  }),
  CANNERY_POOL_ADMIN_ACCESS_KEY_ID: spec({
    section: 'pool', deploy: 'both', defaultNote: 'unset (Admin operations refused)',
    description: "with CANNERY_POOL_ADMIN_SECRET_ACCESS_KEY, both or neither: the key id the pool's Cognito Admin operations are signed with (SigV4), 16-128 upper-case letters and digits",
    type: text,
  }),
  CANNERY_POOL_ADMIN_SECRET_ACCESS_KEY: spec({
    section: 'pool', deploy: 'both', secret: true, defaultNote: 'unset (Admin operations refused)',
    description: 'the secret of that key, 32-256 printable characters (openssl rand -base64 30)',
    type: text,
  }),

  // ---- AWS Cognito ----
  CANNERY_COGNITO_USER_POOL_ID: spec({
    section: 'cognito', deploy: 'lambda',
    description: "the AWS Cognito pool (<region>_<id>) the admin app adds, disables and removes people in, with the function role's cognito-idp Admin* rights; the Node server refuses it",
    type: text,
  }),
  CANNERY_COGNITO_ENDPOINT: spec({
    section: 'cognito', deploy: 'lambda', defaultNote: "unset (Cognito's own)",
    description: 'with CANNERY_COGNITO_USER_POOL_ID: another http(s) endpoint for that pool (a VPC endpoint)',
    type: reader((value, name) => parseCognitoEndpoint(value, name)),
  }),

  // ---- Mail queue ----
  CANNERY_MAIL_MAX_ATTEMPTS: spec({
    section: 'mail', deploy: 'both', default: String(MAIL_DEFAULTS.maxAttempts),
    description: 'tries before a message is dead (1-100); a message the mail server refuses for good (5xx) is dead at once',
    type: mailNumber(MAIL_DEFAULTS.maxAttempts, 1, 100),
  }),
  CANNERY_MAIL_RETRY_SECONDS: spec({
    section: 'mail', deploy: 'both', default: String(MAIL_DEFAULTS.retrySeconds),
    description: 'wait before the first retry (1-3600), doubled for each further one, at most an hour',
    type: mailNumber(MAIL_DEFAULTS.retrySeconds, 1, 3600),
  }),
  CANNERY_MAIL_POLL_SECONDS: spec({
    section: 'mail', deploy: 'node', default: String(MAIL_DEFAULTS.pollSeconds),
    description: "how often each server's mail worker looks for due mail (1-3600); mail a server queues itself goes out at once",
    type: mailNumber(MAIL_DEFAULTS.pollSeconds, 1, 3600),
  }),
  CANNERY_MAIL_DRAIN_SECONDS: spec({
    section: 'mail', deploy: 'node', default: '10',
    description: 'how long a stopping server (SIGTERM, SIGINT) keeps sending due mail after its last request (0-120)',
    type: mailNumber(10, 0, 120),
  }),
  CANNERY_MAIL_RETENTION_DAYS: spec({
    section: 'mail', deploy: 'both', default: String(MAIL_DEFAULTS.retentionDays),
    description: "days a message's row stays in the queue (1-3650); its body, which may hold a password or a code, goes once it is sent, dead or expired",
    type: mailNumber(MAIL_DEFAULTS.retentionDays, 1, 3650),
  }),

  // ---- Other identity services ----
  CANNERY_TRUSTED_ISSUERS: spec({
    section: 'identity', deploy: 'both',
    description: 'more ID-token issuers the API accepts (AWS Cognito, Microsoft Entra), as JSON: [{"kind":"cognito","issuer":"…","audience":["…"],"jwks":"https://…"}]',
    type: reader((value) => parseIssuers(value)),
  }),
  CANNERY_SSO_AUTHORITY: spec({
    section: 'identity', deploy: 'both', old: 'SSO_AUTHORITY',
    description: "a real work-account provider's issuer (https://login.microsoftonline.com/<tenant-id>/v2.0); see server/sso/README.md",
    type: reader((value, name) => (value ? absoluteUrl(value, name).replace(/\/+$/, '') : undefined)),
  }),
  CANNERY_SSO_CLIENT_ID: spec({ section: 'identity', deploy: 'both', old: 'SSO_CLIENT_ID', description: "the provider's app registration client id; required with CANNERY_SSO_AUTHORITY", type: raw }),
  CANNERY_SSO_CLIENT_SECRET: spec({
    section: 'identity', deploy: 'both', old: 'SSO_CLIENT_SECRET', secret: true,
    description: 'the client secret of a confidential client; unset, PKCE alone', type: raw,
  }),
  CANNERY_SSO_REDIRECT_URIS: spec({
    section: 'identity', deploy: 'both', old: 'SSO_REDIRECT_URIS',
    description: 'comma-separated redirect URIs clients may use (exact match); required with CANNERY_SSO_AUTHORITY',
    type: reader((value, name) => commaList(value).map((uri) => absoluteUrl(uri, name))),
  }),
  CANNERY_SSO_STAND_IN: spec({
    section: 'identity', deploy: 'node', old: 'SSO_STAND_IN', defaultNote: '`1` under `npm start`',
    description: 'a local work-account provider at /sso-stand-in, to this machine only (development only; refused in production)',
    type: flag(true),
  }),
  CANNERY_SSO_STAND_IN_ORIGIN: spec({
    section: 'identity', deploy: 'node', old: 'SSO_STAND_IN_ORIGIN',
    defaultNote: '`CANNERY_PUBLIC_ORIGIN` when HTTPS is on or it is set, else `http://localhost:$CANNERY_PORT`',
    description: 'origin browsers reach the SSO stand-in on (its issuer is {origin}/sso-stand-in)',
    type: raw,
  }),
  CANNERY_SSO_STAND_IN_TOKEN_SECONDS: spec({
    section: 'identity', deploy: 'node', old: 'SSO_STAND_IN_TOKEN_SECONDS', default: '3600',
    description: "lifetime of the stand-in provider's ID and access tokens, in seconds",
    type: reader(readSsoStandInTokenSeconds),
  }),

  // ---- AWS Lambda only (lambda-settings.ts) ----
  ...LAMBDA_SETTINGS,
} satisfies Record<string, SettingSpec<unknown>>;

export type SettingName = keyof typeof SETTINGS;
/** The typed value of each setting. */
export type Settings = { [K in SettingName]: z.output<ReturnType<(typeof SETTINGS)[K]['type']>> };

