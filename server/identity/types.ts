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
  /**
   * The access key id whose signature the request carried, set by the HTTP face only after it
   * checked the signature (sigv4.ts): Admin operations run only with it.
   */
  signedBy?: string;
}

/** Whether an operation is an administrator's (admin-protocol.ts), which must be signed: served or not, so an unsigned caller learns neither. */
export const isAdminOperation = (operation: string) => operation.startsWith('Admin');

/** What the signature check reads of an HTTP request (sigv4.ts). */
export interface SignedRequest {
  method: string;
  /** The full URL the request was made to. */
  url: string;
  headers: Headers;
  body: string;
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
  /** Checks the SigV4 signature of an Admin request; returns the access key id, or throws CognitoError. */
  verifyAdminRequest(request: SignedRequest): Promise<string>;
  jwks(): Promise<JSONWebKeySet>;
  latestOutbox(limit?: number): Promise<OutboxMessage[]>;
}
