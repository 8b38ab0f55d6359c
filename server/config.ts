import type { TrustedIssuer } from './auth/verifier';
import { parseTrustedProxies, type TrustedProxies } from './http/client-address';
import { readSetting } from './settings/load';

export {
  DEFAULT_INVITATIONS_PER_DAY,
  DEFAULT_LEARNING_RETENTION_DAYS,
  MAX_INVITATIONS_PER_DAY,
  MAX_LEARNING_RETENTION_DAYS,
  parseAllowedHosts,
  parseApiBase,
  parseDnsServers,
  parseFrameAncestors,
} from './settings/values';

/**
 * Server configuration: a view of the settings (server/settings/schema.ts, docs/configuration.md).
 */
export interface ServerConfig {
  /**
   * `production` (CANNERY_MODE=production, or NODE_ENV=production without CANNERY_MODE) seeds no
   * demo data and refuses development settings at start (server/production.ts).
   */
  mode: 'development' | 'production';
  /** Which variable decided the mode (`default`: neither is set). */
  modeSource: 'CANNERY_MODE' | 'NODE_ENV' | 'default';
  port: number;
  /**
   * The interface the listeners bind to (`CANNERY_HOST`). Loopback unless set: a server that others can
   * reach must be configured to be one.
   */
  host: string;
  /** PostgreSQL connection string; unset means the embedded PGlite. */
  databaseUrl: string | undefined;
  /** PGlite data directory (`memory://` keeps nothing on disk). */
  dataDir: string;
  /** `demo` seeds the demo account into an empty database at start (the default outside production). */
  seed: 'demo' | 'none';
  logLevel: string;
  /**
   * The origin Outlook reaches the task pane on (HTTPS). The add-in manifest is served with it.
   * Defaults to https://localhost:{httpsPort}.
   */
  publicOrigin: string;
  /** Whether CANNERY_PUBLIC_ORIGIN was set or the default is in use. */
  publicOriginSource: 'CANNERY_PUBLIC_ORIGIN' | 'default';
  /** Port of the HTTPS listener for Outlook sideloading; 0 turns it off. */
  httpsPort: number;
  /** PEM certificate and key for HTTPS; a self-signed pair is generated in `.certs/` when unset. */
  tlsCertFile: string | undefined;
  tlsKeyFile: string | undefined;
  /** Folder of the built web app (task pane and playground). */
  webRoot: string;
  /** Identity services whose ID tokens the API accepts (beyond the built-in pool). */
  trustedIssuers: TrustedIssuer[];
  /** Browser origins allowed to call the API: the task pane's, the playground's, the extension's. */
  allowedOrigins: string[];
  /**
   * `Host` values the server answers (server/http/host-check.ts), against DNS rebinding: loopback names
   * on the server's ports, the public origin's host, the `CANNERY_HOST` address, and CANNERY_ALLOWED_HOSTS.
   */
  allowedHosts: string[];
  /** Origins besides Outlook's that may frame the task pane (CANNERY_FRAME_ANCESTORS). */
  taskPaneFrameAncestors: string[];
  /** How many blocks Home's Frequently Used group shows (rules §9 numMostFreqAutoResponses). */
  numMostFreqAutoResponses: number;
  /** Minutes without interaction that end a usage session (CANNERY_SESSION_IDLE_MINUTES, default 30). */
  sessionIdleMinutes: number;
  /**
   * The reverse proxies whose forwarding header names the client (CANNERY_TRUSTED_PROXIES,
   * CANNERY_PROXY_HEADER; server/http/client-address.ts). Unset, nothing is trusted.
   */
  trustedProxies: TrustedProxies;
  /** The byte budget of the ETag body cache (CANNERY_ETAG_CACHE_MB, default 64 MB; 0 keeps nothing). */
  bodyCacheBytes: number;
  /** Where clients reach the API, published in `/api/config` (CANNERY_API_BASE); unset: the path `/api`. */
  apiBase: string | undefined;
  /**
   * Days a team's learned associations are kept after their last use (CANNERY_LEARNING_RETENTION_DAYS,
   * default 365); 0 turns learning from the team's choices off: no email signature is stored.
   */
  learningRetentionDays: number;
  /** Days the audit log keeps an event (CANNERY_AUDIT_RETENTION_DAYS); null keeps every one. */
  auditRetentionDays: number | null;
  /** How often scheduled changes are looked for (CANNERY_PUBLISH_EVERY_SECONDS). */
  publishEverySeconds: number;
  /** The Prometheus endpoint's port (0: none) and interface. */
  metricsPort: number;
  metricsHost: string;
  /** OTLP/HTTP base URL for traces and metrics; undefined: none sent. */
  otlpEndpoint: string | undefined;
  serviceName: string;
  /** Seconds readiness fails before the listeners close on SIGTERM. */
  shutdownGraceSeconds: number;
  /** DNS servers that prove accounts' domains (CANNERY_DNS_SERVERS, `ip` or `ip:port`); empty: the system's. */
  dnsServers: string[];
  /** Invitations one account may send in 24 hours (CANNERY_INVITATIONS_PER_DAY, default 1,000). */
  invitationsPerDay: number;
  /** The secret a CDN in front adds to each request (CANNERY_ORIGIN_SECRET); requests without it are refused. */
  originSecret: string | undefined;
  /** Who runs this server, as /privacy, /terms and /support name them (CANNERY_OPERATOR_NAME, CANNERY_OPERATOR_CONTACT). */
  operator: Operator;
}

/** The operator of a deployment, as its privacy, terms and support pages name it. */
export interface Operator {
  name: string;
  contact: { kind: 'email' | 'url'; value: string } | undefined;
}

/** The `Host` values of the server itself: loopback names on its ports, the public origin's host, the bound address. */
function ownHosts(host: string, ports: number[], publicOrigin: string): string[] {
  const hosts = new Set<string>();
  for (const port of ports.filter((candidate) => candidate > 0)) {
    for (const name of ['localhost', '127.0.0.1', '[::1]']) hosts.add(`${name}:${port}`);
  }
  const url = new URL(publicOrigin);
  hosts.add(url.host.toLowerCase());
  // A browser leaves the default port out; other clients may write it.
  if (!url.port) hosts.add(`${url.hostname.toLowerCase()}:${url.protocol === 'https:' ? 443 : 80}`);
  const bound = host.toLowerCase();
  if (bound !== '0.0.0.0' && bound !== '::' && bound !== '') {
    const name = bound.includes(':') && !bound.startsWith('[') ? `[${bound}]` : bound;
    for (const port of ports.filter((candidate) => candidate > 0)) hosts.add(`${name}:${port}`);
  }
  return [...hosts];
}

/** The unpacked extension's origin (its id is fixed by the `key` in wxt.config.ts). */
export const DEV_EXTENSION_ORIGIN = 'chrome-extension://hklgohkhkhiglabbllmgfibmhlidhlic';

/** CANNERY_MODE when set, else NODE_ENV=production, else development. */
function modeFrom(env: NodeJS.ProcessEnv): Pick<ServerConfig, 'mode' | 'modeSource'> {
  const explicit = readSetting(env, 'CANNERY_MODE');
  if (explicit) return { mode: explicit, modeSource: 'CANNERY_MODE' };
  return readSetting(env, 'NODE_ENV') === 'production' ? { mode: 'production', modeSource: 'NODE_ENV' } : { mode: 'development', modeSource: 'default' };
}

/** The server's settings (server/settings/schema.ts), with the defaults that depend on one another. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const { mode, modeSource } = modeFrom(env);
  const port = readSetting(env, 'CANNERY_PORT');
  const httpsPort = readSetting(env, 'CANNERY_HTTPS_PORT');
  const host = readSetting(env, 'CANNERY_HOST');
  const explicitOrigin = readSetting(env, 'CANNERY_PUBLIC_ORIGIN');
  const publicOrigin = explicitOrigin ?? `https://localhost:${httpsPort || 8443}`;
  const seed = readSetting(env, 'CANNERY_SEED') ?? (mode === 'production' ? 'none' : 'demo');
  return {
    mode,
    modeSource,
    port,
    host,
    databaseUrl: readSetting(env, 'CANNERY_DATABASE_URL'),
    dataDir: readSetting(env, 'CANNERY_DATA_DIR'),
    seed,
    logLevel: readSetting(env, 'CANNERY_LOG_LEVEL'),
    publicOrigin,
    publicOriginSource: explicitOrigin ? 'CANNERY_PUBLIC_ORIGIN' : 'default',
    httpsPort,
    tlsCertFile: readSetting(env, 'CANNERY_TLS_CERT_FILE'),
    tlsKeyFile: readSetting(env, 'CANNERY_TLS_KEY_FILE'),
    webRoot: readSetting(env, 'CANNERY_WEB_ROOT'),
    numMostFreqAutoResponses: readSetting(env, 'CANNERY_MOST_FREQUENT'),
    sessionIdleMinutes: readSetting(env, 'CANNERY_SESSION_IDLE_MINUTES'),
    bodyCacheBytes: readSetting(env, 'CANNERY_ETAG_CACHE_MB'),
    apiBase: readSetting(env, 'CANNERY_API_BASE'),
    learningRetentionDays: readSetting(env, 'CANNERY_LEARNING_RETENTION_DAYS'),
    auditRetentionDays: readSetting(env, 'CANNERY_AUDIT_RETENTION_DAYS'),
    publishEverySeconds: readSetting(env, 'CANNERY_PUBLISH_EVERY_SECONDS'),
    metricsPort: readSetting(env, 'CANNERY_METRICS_PORT'),
    metricsHost: readSetting(env, 'CANNERY_METRICS_HOST'),
    otlpEndpoint: readSetting(env, 'OTEL_EXPORTER_OTLP_ENDPOINT'),
    serviceName: readSetting(env, 'OTEL_SERVICE_NAME'),
    shutdownGraceSeconds: readSetting(env, 'CANNERY_SHUTDOWN_GRACE_SECONDS'),
    dnsServers: readSetting(env, 'CANNERY_DNS_SERVERS'),
    originSecret: readSetting(env, 'CANNERY_ORIGIN_SECRET'),
    invitationsPerDay: readSetting(env, 'CANNERY_INVITATIONS_PER_DAY'),
    operator: { name: readSetting(env, 'CANNERY_OPERATOR_NAME') ?? new URL(publicOrigin).hostname, contact: readSetting(env, 'CANNERY_OPERATOR_CONTACT') },
    trustedIssuers: readSetting(env, 'CANNERY_TRUSTED_ISSUERS'),
    allowedOrigins: [`http://localhost:${port}`, DEV_EXTENSION_ORIGIN, publicOrigin, ...readSetting(env, 'CANNERY_ALLOWED_ORIGINS')],
    allowedHosts: [...ownHosts(host, [port, httpsPort], publicOrigin), ...readSetting(env, 'CANNERY_ALLOWED_HOSTS')],
    taskPaneFrameAncestors: readSetting(env, 'CANNERY_FRAME_ANCESTORS'),
    trustedProxies: parseTrustedProxies(readSetting(env, 'CANNERY_TRUSTED_PROXIES'), readSetting(env, 'CANNERY_PROXY_HEADER')),
  };
}
