/**
 * One usage record waiting in the outbox (architecture, "Data that must never be lost"), and the
 * check applied to every entry read back from host storage: storage outlives the code that wrote it
 * and is shared by several windows, so nothing read from it is trusted.
 */
import { z } from '../api/contract/zod';

/** The create call that stores the record; `body` is JSON and may hold email content: never log it. */
export interface OutboxRequest {
  method: 'POST' | 'PUT';
  path: string;
  body: unknown;
}

export interface OutboxEntry {
  /** Also the `Idempotency-Key`: a retry of the same entry can never create a second record. */
  id: string;
  /** The user's sub: an entry is sent only while its owner is signed in, with the owner's token. */
  owner: string;
  request: OutboxRequest;
  /** Failed attempts that counted toward the backoff (401/403 do not). */
  attempts: number;
  /** Epoch ms before which the entry is not sent (backoff, or another window sending it). */
  nextAttemptAt: number;
  createdAt: number;
  /** Entries of one group are sent strictly in order: a later one waits while an earlier one remains. */
  group?: string;
  /**
   * A create call whose answer later entries need (the new record's id): the field of the answer
   * to keep, e.g. `_id`. Kept under this entry's id once the server confirmed it.
   */
  keepResult?: string;
  /**
   * Fields of `request.body` filled in at send time from the kept answer of another entry: body
   * field name to that entry's id. Put the entries in one group, so the create is sent first.
   */
  refs?: Record<string, string>;
}

/** What the server accepts as `Idempotency-Key` (server/auth/middleware.ts, contract `idempotencyKey`). */
export const OUTBOX_ID_PATTERN = /^[\w.:-]{8,128}$/;

const outboxEntry = z.object({
  id: z.string().regex(OUTBOX_ID_PATTERN),
  owner: z.string().min(1),
  request: z.object({
    method: z.enum(['POST', 'PUT']),
    path: z.string().min(1),
    body: z.unknown(),
  }),
  attempts: z.number().int().nonnegative(),
  nextAttemptAt: z.number().finite(),
  createdAt: z.number().finite(),
  group: z.string().min(1).optional(),
  keepResult: z.string().min(1).optional(),
  refs: z.record(z.string(), z.string().regex(OUTBOX_ID_PATTERN)).optional(),
});

/** The entry when `value` is one, else null. Unknown fields are stripped. */
export function parseOutboxEntry(value: unknown): OutboxEntry | null {
  const parsed = outboxEntry.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** A fresh id: random, so two windows enqueueing at once cannot collide. */
export function newOutboxId(): string {
  return `outbox:${crypto.randomUUID()}`;
}
