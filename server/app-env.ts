import type { EmailClassifier } from './classifier/service';
import type { IdentityProvisioner } from './identity/provisioning';

export interface ClientIdentityConfig {
  /**
   * Where clients reach the REST API (CANNERY_API_BASE): an absolute URL, or a path taken relative
   * to the address the client fetched the config from. `/api` when unset.
   */
  apiBase?: string;
  /** The user pool: the built-in one (endpoint `/identity`) or AWS Cognito (endpoint null). */
  userPool: { poolId: string; clientId: string; endpoint: string | null };
  /** The work-account provider, when single sign-on is set up. */
  /**
   * The work-account provider. `authorizationEndpoint`/`endSessionEndpoint` are published when the
   * server knows them (the stand-in, as paths on this server: each page gets them on its own origin);
   * otherwise the client reads them from the provider's discovery document.
   */
  sso: { authority: string; clientId: string; authorizationEndpoint?: string; endSessionEndpoint?: string } | null;
  /** How many most-used blocks Home asks for (rules §9 numMostFreqAutoResponses); 5 when unset. */
  numMostFreqAutoResponses?: number;
  /** Minutes without interaction that end a usage session; 30 when unset. */
  sessionIdleMinutes?: number;
  /**
   * How long the built-in pool refuses an account after repeated wrong passwords, in whole minutes,
   * so the sign-in screen can say when to try again; unset for AWS Cognito (whose lockout grows).
   */
  signInLockoutMinutes?: number;
  /** What becomes of queued mail (server/mail/config.ts): the admin app says it when inviting; `sent` when unset. */
  mail?: MailDelivery;
}
import type { Database } from './db/database';
import type { Logger } from './logger';
import type { MailDelivery } from './mail/config';
import type { TokenVerifier, VerifiedIdentity } from './auth/verifier';
import type { SsoBroker } from './sso/broker';
import type { BodyCache } from './http/body-cache';
import type { Telemetry } from './observability/telemetry';

/** Looks up the TXT records of a name: each record as the strings it is made of (server/people/domains.ts). */
export type TxtResolver = (name: string) => Promise<string[][]>;

/** What every route can reach through `c.var.services`. */
export interface Services {
  database: Database;
  logger: Logger;
  /** Verifies bearer ID tokens against the trusted issuers. */
  verifyIdToken: TokenVerifier;
  /** Origins allowed to call the API from a browser (task pane, extension). */
  allowedOrigins: string[];
  /** What clients need to sign in, published at `GET /api/config`. */
  clientConfig: ClientIdentityConfig;
  /**
   * Labels emails and learns from feedback (server/classifier). Left out, `createApp` provides
   * the built-in per-account naive Bayes classifier over `database`; `null` turns it off (503).
   */
  classifier?: EmailClassifier | null;
  /**
   * Serialised lists by ETag (server/http/etag.ts), bounded by bytes (CANNERY_ETAG_CACHE_MB). Left out,
   * `createApp` gives the app one of the default size.
   */
  bodyCache?: BodyCache;
  /**
   * Creates, disables and removes password sign-ins for the people pages (server/people): the
   * built-in pool's or AWS Cognito's (server/identity/provisioning.ts). Absent: password users
   * cannot be invited (503), work-account users can.
   */
  provisioner?: IdentityProvisioner | undefined;
  /** `off` (CANNERY_MAIL=off): nothing is mailed, so password invitations are refused; left out, mail is queued. */
  mailDelivery?: MailDelivery | undefined;
  /** Wakes the mail worker after a request queued a message (an invitation). */
  mailQueued?: (() => void) | undefined;
  /** Who runs this server, for /privacy, /terms and /support (left out: the public origin's host, no contact). */
  operator?: { name: string; contact: { kind: 'email' | 'url'; value: string } | undefined } | undefined;
  /** The deployment's public origin: Outlook's manifest is served there, and invitations name it. */
  publicOrigin?: string | undefined;
  /** Where people open Cannery in a browser when that is not `publicOrigin` (a development server's HTTP port). */
  webOrigin?: string | undefined;
  /**
   * Days learned associations are kept after their last use (CANNERY_LEARNING_RETENTION_DAYS);
   * 0 turns learning off. Left out: 365.
   */
  learningRetentionDays?: number | undefined;
  /** Looks up TXT records to prove an account's domain (CANNERY_DNS_SERVERS); left out, the system's resolver. */
  resolveTxt?: TxtResolver | undefined;
  /** Invitations an account may send in 24 hours (CANNERY_INVITATIONS_PER_DAY); left out, 1,000. */
  invitationsPerDay?: number | undefined;
  /** The clock that decides which days it is for accounts' dates and scheduled changes; left out, the system's. */
  now?: (() => Date) | undefined;
  /** Work-account token exchanges (`/api/complete-pkce`, `/api/refresh-tokens`); absent without SSO (404). */
  ssoBroker?: SsoBroker | undefined;
  /** What the server counts and traces (server/observability); left out, nothing is kept. */
  telemetry?: Telemetry | undefined;
  /**
   * Whether this instance is stopping: readiness then answers 503 so load balancers stop sending
   * requests before the listeners close (server/entry/start-node.ts). Left out, never.
   */
  draining?: (() => boolean) | undefined;
}

/** The signed-in caller, as the database knows them. */
export interface Caller {
  id: string;
  email: string;
  accountId: string;
  /** adminTeams ∪ editorTeams ∪ teams, without duplicates (rules §3). */
  teamIds: string[];
  teams: string[];
  adminTeams: string[];
  /** Teams whose blocks they draft changes to in the admin app (server/library/drafts.ts). */
  editorTeams: string[];
  /** Manages the account's people, teams and settings (server/people). */
  accountAdmin: boolean;
  cognitoSub: string | null;
  microsoftSub: string | null;
  /** Where the request came from (server/http/client-address.ts), for the audit log. */
  address: string;
}

export interface AppEnv {
  Variables: { services: Services; identity: VerifiedIdentity; caller: Caller };
}
