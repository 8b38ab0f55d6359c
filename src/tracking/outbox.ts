/**
 * The durable outbox of usage records (architecture, "Data that must never be lost"): a record is
 * stored in host storage before anything is sent, and removed only once the server confirmed it.
 * Every attempt carries the entry's id as `Idempotency-Key`, so a retry after a lost response
 * answers with the first record instead of a second one: exactly once, across reloads and windows.
 *
 * The lock is held only around storage reads and writes, never across a network call. While an
 * entry is being sent, this page marks it in memory and pushes its `nextAttemptAt` out by
 * `CLAIM_MS` in storage, so neither a second flush here nor another window sends it meanwhile.
 */
import type { KeyValueStorage } from '../../hosts/host';
import { ApiError, type ApiClient } from '../api/client';
import { newOutboxId, OUTBOX_ID_PATTERN, parseOutboxEntry, type OutboxEntry, type OutboxRequest } from './outbox-entry';
import { defaultOutboxLocks, type OutboxLocks } from './outbox-lock';
import { createOutboxResults } from './outbox-results';
import { createOutboxStore, type OutboxLog } from './outbox-store';
import { authRetryDelay, backoffDelay, classifyFailure, pathShape } from './retry-policy';

/** How long a send may take before another window may try the same entry (it would be deduplicated). */
export const CLAIM_MS = 60 * 1000;
/** `drain` looks again at least this often: another window or flush may have sent the entries. */
const DRAIN_POLL_MS = 1000;
const DRAIN_MIN_WAIT_MS = 100;

export interface OutboxDeps {
  storage: KeyValueStorage;
  /** Sends one entry; resolves with the server's answer once it stored it (see `sendWithApiClient`). */
  send: (entry: OutboxEntry) => Promise<unknown>;
  now?: () => number;
  /** In [0, 1), for the backoff jitter. */
  random?: () => number;
  /** `navigator.locks` by default, else an in-process mutex. */
  locks?: OutboxLocks;
  log?: OutboxLog;
  /** Waits between `drain` rounds; a timer by default. */
  sleep?: (ms: number) => Promise<void>;
  newId?: () => string;
}

export interface EnqueueOptions {
  group?: string;
  id?: string;
  /** See `OutboxEntry.keepResult`. */
  keepResult?: string;
  /** See `OutboxEntry.refs`. */
  refs?: Record<string, string>;
}

export interface FlushResult {
  sent: number;
  /** Kept for a later attempt (network, 408, 409, 425, 429, 5xx, 401, 403). */
  failed: number;
  /** Refused by the server for good (other 4xx) and removed. */
  dropped: number;
  /** The owner's entries still in the outbox afterwards. */
  remaining: number;
}

export interface Outbox {
  enqueue(owner: string, request: OutboxRequest, options?: EnqueueOptions): Promise<OutboxEntry>;
  /** Sends the owner's due entries one at a time, in order; `signal` stops it between entries. */
  flush(owner: string, options?: { signal?: AbortSignal }): Promise<FlushResult>;
  pending(owner?: string): Promise<OutboxEntry[]>;
  /** Flushes until nothing of the owner's remains (true) or `timeoutMs` passed (false). */
  drain(owner: string, options: { timeoutMs: number }): Promise<boolean>;
  /** When the owner's next entry may be sent; null when none remains. */
  nextDueAt(owner: string): Promise<number | null>;
}

/** The owner's entries that may go next: all but those waiting behind an earlier entry of their group. */
function heads(entries: OutboxEntry[], owner: string): OutboxEntry[] {
  const groupsSeen = new Set<string>();
  return entries.filter((entry) => {
    if (entry.owner !== owner) return false;
    if (entry.group === undefined) return true;
    if (groupsSeen.has(entry.group)) return false;
    groupsSeen.add(entry.group);
    return true;
  });
}

export function createOutbox(deps: OutboxDeps): Outbox {
  const { send } = deps;
  const now = deps.now ?? Date.now;
  const random = deps.random ?? Math.random;
  const log = deps.log ?? console;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const newId = deps.newId ?? newOutboxId;
  const locks = deps.locks ?? defaultOutboxLocks();
  const store = createOutboxStore({ storage: deps.storage, locks, log });
  const results = createOutboxResults({ storage: deps.storage, locks });
  const inFlight = new Set<string>();

  function replace(id: string, change: (entry: OutboxEntry) => OutboxEntry | null): Promise<void> {
    return store.update((entries) => {
      // Gone already: another window sent it, or the size cap dropped it.
      if (!entries.some((entry) => entry.id === id)) return { entries: null, result: undefined };
      const next = entries.flatMap((entry) => (entry.id === id ? (change(entry) ?? []) : [entry]));
      return { entries: next, result: undefined };
    });
  }

  /**
   * Claims the first sendable entry in storage, then marks it in flight here. The mark outlasts the
   * claim when a send takes longer than `CLAIM_MS`: this page must still not send it twice.
   */
  async function claimNext(owner: string, tried: Set<string>): Promise<OutboxEntry | null> {
    const claimed = await store.update((entries) => {
      const at = now();
      const next = heads(entries, owner).find((entry) => entry.nextAttemptAt <= at && !inFlight.has(entry.id) && !tried.has(entry.id));
      if (!next) return { entries: null, result: null };
      return { entries: entries.map((entry) => (entry.id === next.id ? { ...entry, nextAttemptAt: at + CLAIM_MS } : entry)), result: next };
    });
    if (claimed) inFlight.add(claimed.id);
    return claimed;
  }

  /**
   * The entry as it goes out: its `refs` filled from the answers they name. Null when one is
   * missing: the create it names was refused for good (dropped), so this entry cannot be sent.
   */
  async function resolved(entry: OutboxEntry): Promise<OutboxEntry | null> {
    if (!entry.refs) return entry;
    const body = { ...(entry.request.body as Record<string, unknown>) };
    for (const [field, entryId] of Object.entries(entry.refs)) {
      const value = await results.get(entryId);
      if (value === null) return null;
      body[field] = value;
    }
    return { ...entry, request: { ...entry.request, body } };
  }

  async function attempt(claimed: OutboxEntry): Promise<'sent' | 'failed' | 'dropped'> {
    const entry = await resolved(claimed);
    if (!entry) {
      log.warn(`Outbox: ${claimed.request.method} ${pathShape(claimed.request.path)} refers to a record the server never created; it was dropped.`);
      await replace(claimed.id, () => null);
      return 'dropped';
    }
    let answer: unknown;
    try {
      answer = await send(entry);
    } catch (error) {
      const kind = classifyFailure(error);
      if (kind === 'drop') {
        const status = error instanceof ApiError ? `${error.status} ${error.code}` : 'error';
        // Never the body: it holds email content.
        log.warn(`Outbox: the server refused ${entry.request.method} ${pathShape(entry.request.path)} (${status}); the record was dropped.`);
        await replace(entry.id, () => null);
        return 'dropped';
      }
      await replace(entry.id, (stored) => {
        const attempts = kind === 'retry' ? stored.attempts + 1 : stored.attempts;
        const delay = kind === 'retry' ? backoffDelay(attempts, random) : authRetryDelay(random);
        return { ...stored, attempts, nextAttemptAt: now() + delay };
      });
      return 'failed';
    }
    if (entry.keepResult) {
      const value = (answer as Record<string, unknown> | null | undefined)?.[entry.keepResult];
      if (typeof value === 'string') await results.put(entry.id, value, now());
      else log.warn(`Outbox: the answer to ${entry.request.method} ${pathShape(entry.request.path)} has no ${entry.keepResult}.`);
    }
    await replace(entry.id, () => null);
    return 'sent';
  }

  async function pending(owner?: string): Promise<OutboxEntry[]> {
    const entries = await store.read();
    return owner === undefined ? entries : entries.filter((entry) => entry.owner === owner);
  }

  async function flush(owner: string, options: { signal?: AbortSignal } = {}): Promise<FlushResult> {
    const result = { sent: 0, failed: 0, dropped: 0 };
    // Tried once per flush: an entry whose jittered backoff is ~0 must not spin this loop.
    const tried = new Set<string>();
    while (!options.signal?.aborted) {
      const entry = await claimNext(owner, tried);
      if (!entry) break;
      tried.add(entry.id);
      try {
        result[await attempt(entry)] += 1;
      } finally {
        inFlight.delete(entry.id);
      }
    }
    return { ...result, remaining: (await pending(owner)).length };
  }

  async function nextDueAt(owner: string): Promise<number | null> {
    const due = heads(await store.read(), owner).map((entry) => entry.nextAttemptAt);
    return due.length === 0 ? null : Math.min(...due);
  }

  return {
    async enqueue(owner, request, options = {}) {
      const at = now();
      const draft = {
        id: options.id ?? newId(),
        owner,
        request,
        attempts: 0,
        nextAttemptAt: at,
        createdAt: at,
        group: options.group,
        keepResult: options.keepResult,
        refs: options.refs,
      };
      if (!OUTBOX_ID_PATTERN.test(draft.id)) throw new TypeError(`Outbox: an id must match ${String(OUTBOX_ID_PATTERN)}.`);
      // Stored as JSON and checked as it will be read back, so an entry accepted here is never left out later.
      const entry = parseOutboxEntry(JSON.parse(JSON.stringify(draft)));
      if (!entry) throw new TypeError(`Outbox: not a valid entry for ${request.method} ${pathShape(request.path)}.`);
      return store.update((entries) => {
        // Enqueueing an id again is a no-op, so a caller may retry its own enqueue.
        const existing = entries.find((stored) => stored.id === entry.id);
        return existing ? { entries: null, result: existing } : { entries: [...entries, entry], result: entry };
      });
    },
    flush,
    pending,
    async drain(owner, { timeoutMs }) {
      const deadline = now() + timeoutMs;
      for (;;) {
        const { remaining } = await flush(owner);
        if (remaining === 0) return true;
        const at = now();
        if (at >= deadline) return false;
        const due = (await nextDueAt(owner)) ?? at;
        await sleep(Math.min(Math.max(due - at, DRAIN_MIN_WAIT_MS), DRAIN_POLL_MS, deadline - at));
      }
    },
    nextDueAt,
  };
}

/**
 * `send` for `createOutbox` over the app's API client. With `currentOwner`, an entry whose owner is
 * not the signed-in user is not sent (it would be recorded under the wrong user) and is kept like a 401.
 */
export function sendWithApiClient(client: ApiClient, options: { currentOwner?: () => string | null | undefined } = {}): (entry: OutboxEntry) => Promise<unknown> {
  return async (entry) => {
    // Checked in the same tick as the client reads the token, so a sign-out cannot slip in between.
    if (options.currentOwner && options.currentOwner() !== entry.owner) {
      throw new ApiError(401, 'owner_signed_out', 'The owner of this record is not signed in.');
    }
    try {
      return await client.request(entry.request.method, entry.request.path, { body: entry.request.body, headers: { 'Idempotency-Key': entry.id }, keepalive: true });
    } catch (error) {
      // A 2xx whose body was not JSON: the server stored the record all the same.
      if (error instanceof ApiError && error.status >= 200 && error.status < 300) return undefined;
      throw error;
    }
  };
}
