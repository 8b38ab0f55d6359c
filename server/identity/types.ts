/**
 * The types the pool's HTTP face (routes.ts) and its operations share, so that neither imports
 * the other's module.
 */
import type { Context } from 'hono';
import type { JSONWebKeySet } from 'jose';
import type { Logger } from '../logger';

/** What an operation knows of the request besides its body. */
export interface RequestContext {
  /** The caller's address, for the per-address caps. */
  ip: string;
}

/** A protocol request's JSON body (an object; each operation reads its own fields). */
export type OperationInput = Record<string, unknown>;

/** A message of the mail queue, as the development outbox page shows it. */
export interface OutboxMessage {
  id: string;
  toAddress: string;
  subject: string;
  body: string;
  status: string;
  attempts: number;
  createdAt: Date;
  sentAt: Date | null;
}

/** What the HTTP layer needs from a pool (createUserPool returns it, plus the routes). */
export interface IdentityEndpoint {
  poolId: string;
  issuer: string;
  devOutbox: boolean;
  /** Browser origins allowed to call the pool cross-origin (CORS); same-origin pages need none. */
  corsOrigins: readonly string[];
  logger: Logger;
  clientIp: ((c: Context) => string) | undefined;
  handle(operation: string, input: OperationInput, request: RequestContext): Promise<unknown>;
  jwks(): Promise<JSONWebKeySet>;
  latestOutbox(limit?: number): Promise<OutboxMessage[]>;
}
