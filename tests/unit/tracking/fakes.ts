/** Fakes for the outbox tests: storage, clock, locks, a server that deduplicates like the real one. */
import type { KeyValueStorage } from '../../../hosts/host';
import { ApiError } from '../../../src/api/client';
import type { OutboxEntry, OutboxRequest } from '../../../src/tracking/outbox-entry';
import type { OutboxLocks } from '../../../src/tracking/outbox-lock';
import { createRandom } from '../../../bench/random';

/** Each call yields to other tasks before and after, as chrome.storage does, so interleavings happen. */
export function makeMemoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  const tick = async () => {
    await Promise.resolve();
    await Promise.resolve();
  };
  return {
    data,
    get: async (key) => {
      await tick();
      return data.get(key) ?? null;
    },
    set: async (key, value) => {
      await tick();
      data.set(key, value);
    },
    remove: async (key) => {
      await tick();
      data.delete(key);
    },
    clear: async () => {
      await tick();
      data.clear();
    },
  };
}

export function makeClock(start = Date.UTC(2025, 0, 6, 9, 0, 0)) {
  let time = start;
  return {
    now: () => time,
    advance: (ms: number) => {
      time += ms;
    },
    /** `sleep` for `drain`: waiting is just time passing. */
    sleep: (ms: number) => {
      time += ms;
      return Promise.resolve();
    },
  };
}

/** A FIFO mutex per name, shared by the "windows" it is given to, like navigator.locks. */
export function makeSharedLocks(): OutboxLocks & { requests: number } {
  const tails = new Map<string, Promise<unknown>>();
  const locks = {
    requests: 0,
    request<T>(name: string, callback: () => Promise<T>): Promise<T> {
      locks.requests += 1;
      const result = (tails.get(name) ?? Promise.resolve()).then(callback);
      tails.set(name, result.catch(() => undefined));
      return result;
    },
  };
  return locks;
}

/** A "lock" that excludes nothing: what the outbox would do without one. */
export const noLocks: OutboxLocks = { request: (_name, callback) => callback() };

const ACCOUNT = '65a1f0c2b3d4e5f60718293a';
const TEAM = '65a1f0c2b3d4e5f60718293b';

export function makeRequest(overrides: Partial<OutboxRequest> = {}): OutboxRequest {
  return {
    method: 'POST',
    path: `/accounts/${ACCOUNT}/teams/${TEAM}/sentautoresponses`,
    body: { autoResponseName: 'Refund', autoResponseContent: 'Dear customer, your refund is on its way.' },
    ...overrides,
  };
}

export function makeEntry(overrides: Partial<OutboxEntry> = {}): OutboxEntry {
  return { id: 'outbox:test-0001', owner: 'alice', request: makeRequest(), attempts: 0, nextAttemptAt: 0, createdAt: 0, ...overrides };
}

export const networkError = () => new ApiError(0, 'network_error', 'Cannery could not reach its server.');
export const httpError = (status: number) => new ApiError(status, `http_${status}`, `The server answered ${status}`);

/** Stores a record once per Idempotency-Key, as server/http/idempotency.ts does. */
export function makeFakeServer() {
  const records = new Map<string, unknown>();
  let repeats = 0;
  return {
    records,
    get repeats() {
      return repeats;
    },
    store(entry: OutboxEntry): void {
      if (records.has(entry.id)) repeats += 1;
      else records.set(entry.id, entry.request.body);
    },
  };
}

/** A seeded generator, so a failing seed fails the same way every run. */
export function seeded(seed: number): () => number {
  return createRandom(seed).next;
}

export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets promise chains run: the fakes here only use microtasks, so no real time needs to pass. */
export async function settle(rounds = 200): Promise<void> {
  for (let i = 0; i < rounds; i += 1) await Promise.resolve();
}
