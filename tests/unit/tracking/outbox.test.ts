import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient } from '../../../src/api/client';
import { createOutbox, CLAIM_MS, sendWithApiClient, type OutboxDeps } from '../../../src/tracking/outbox';
import type { OutboxEntry } from '../../../src/tracking/outbox-entry';
import { createInProcessLocks, defaultOutboxLocks, OUTBOX_LOCK_NAME, type OutboxLocks } from '../../../src/tracking/outbox-lock';
import { OUTBOX_MAX_ENTRIES, OUTBOX_STORAGE_KEY } from '../../../src/tracking/outbox-store';
import { BACKOFF_CAP_MS } from '../../../src/tracking/retry-policy';
import {
  deferred,
  httpError,
  makeClock,
  makeEntry,
  makeFakeServer,
  makeMemoryStorage,
  makeRequest,
  makeSharedLocks,
  networkError,
  noLocks,
  seeded,
  settle,
} from './fakes';

let windows = 0;

/** One "window": an outbox over `storage` with a fake clock and a scriptable send. */
function setup(options: { storage?: ReturnType<typeof makeMemoryStorage>; locks?: OutboxLocks; clock?: ReturnType<typeof makeClock>; random?: () => number } & Partial<OutboxDeps> = {}) {
  const storage = options.storage ?? makeMemoryStorage();
  const clock = options.clock ?? makeClock();
  const sent: OutboxEntry[] = [];
  const warn = vi.fn();
  let respond: (entry: OutboxEntry) => Promise<void> = () => Promise.resolve();
  const window = (windows += 1);
  let ids = 0;
  const outbox = createOutbox({
    storage,
    send: (entry) => {
      sent.push(entry);
      return respond(entry);
    },
    now: clock.now,
    random: options.random ?? (() => 0.5),
    locks: options.locks ?? makeSharedLocks(),
    log: { warn },
    sleep: clock.sleep,
    newId: () => `outbox:w${window}-${(ids += 1)}`,
  });
  return {
    outbox,
    storage,
    clock,
    sent,
    warn,
    answer: (next: (entry: OutboxEntry) => Promise<void>) => {
      respond = next;
    },
    sentIds: () => sent.map((entry) => entry.id),
  };
}

const body = (n: number) => ({ n, autoResponseContent: `Reply number ${n}` });

describe('enqueue', () => {
  it('stores the entry as a JSON array under the spec name, before anything is sent', async () => {
    const { outbox, storage, clock, sent } = setup();
    const entry = await outbox.enqueue('alice', makeRequest({ body: body(1) }), { group: 'session-1' });
    expect(entry).toEqual({ id: expect.stringMatching(/^[\w.:-]{8,128}$/), owner: 'alice', request: makeRequest({ body: body(1) }), attempts: 0, nextAttemptAt: clock.now(), createdAt: clock.now(), group: 'session-1' });
    expect(JSON.parse(storage.data.get(OUTBOX_STORAGE_KEY)!)).toEqual([entry]);
    expect(sent).toEqual([]);
  });

  it('makes ids the server accepts as Idempotency-Key, different each time', async () => {
    const outbox = createOutbox({ storage: makeMemoryStorage(), send: () => Promise.resolve(), locks: makeSharedLocks() });
    const ids = await Promise.all([1, 2, 3].map(async (n) => (await outbox.enqueue('alice', makeRequest({ body: body(n) }))).id));
    for (const id of ids) expect(id).toMatch(/^[\w.:-]{8,128}$/);
    expect(new Set(ids).size).toBe(3);
  });

  it('keeps one entry when the same id is enqueued twice, and refuses ids the server would refuse', async () => {
    const { outbox } = setup();
    await outbox.enqueue('alice', makeRequest({ body: body(1) }), { id: 'record:42-abcdef' });
    const again = await outbox.enqueue('alice', makeRequest({ body: body(2) }), { id: 'record:42-abcdef' });
    expect(again.request.body).toEqual(body(1));
    expect(await outbox.pending()).toHaveLength(1);
    await expect(outbox.enqueue('alice', makeRequest(), { id: 'short' })).rejects.toThrow(TypeError);
    await expect(outbox.enqueue('alice', makeRequest(), { id: 'has space in it' })).rejects.toThrow(TypeError);
    await expect(outbox.enqueue('', makeRequest())).rejects.toThrow(TypeError);
  });

  it('drops the oldest entries with a warning beyond the cap', async () => {
    const { outbox, storage, warn } = setup();
    const full = Array.from({ length: OUTBOX_MAX_ENTRIES }, (_, i) => makeEntry({ id: `outbox:old-${i}` }));
    storage.data.set(OUTBOX_STORAGE_KEY, JSON.stringify(full));
    const entry = await outbox.enqueue('alice', makeRequest());
    const pending = await outbox.pending();
    expect(pending).toHaveLength(OUTBOX_MAX_ENTRIES);
    expect(pending[0]!.id).toBe('outbox:old-1');
    expect(pending.at(-1)).toEqual(entry);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('the 1 oldest were dropped'));
  });
});

describe('flush', () => {
  it('sends the owner’s due entries first in, first out, and removes each once confirmed', async () => {
    const { outbox, sentIds } = setup();
    const ids = [];
    for (const n of [1, 2, 3]) ids.push((await outbox.enqueue('alice', makeRequest({ body: body(n) }))).id);
    expect(await outbox.flush('alice')).toEqual({ sent: 3, failed: 0, dropped: 0, remaining: 0 });
    expect(sentIds()).toEqual(ids);
    expect(await outbox.pending()).toEqual([]);
  });

  it('sends only the given owner’s entries', async () => {
    const { outbox, sent } = setup();
    await outbox.enqueue('alice', makeRequest({ body: body(1) }));
    await outbox.enqueue('bob', makeRequest({ body: body(2) }));
    await outbox.enqueue('alice', makeRequest({ body: body(3) }));
    expect(await outbox.flush('alice')).toEqual({ sent: 2, failed: 0, dropped: 0, remaining: 0 });
    expect(sent.map((entry) => entry.owner)).toEqual(['alice', 'alice']);
    expect((await outbox.pending('bob')).map((entry) => entry.request.body)).toEqual([body(2)]);
    expect(await outbox.nextDueAt('alice')).toBeNull();
  });

  it('keeps a group in order: a later entry waits while an earlier one remains; other entries go on', async () => {
    const { outbox, clock, answer, sentIds } = setup();
    const first = await outbox.enqueue('alice', makeRequest({ body: body(1) }), { group: 'session-1' });
    const second = await outbox.enqueue('alice', makeRequest({ body: body(2) }), { group: 'session-1' });
    const loose = await outbox.enqueue('alice', makeRequest({ body: body(3) }));
    answer((entry) => (entry.id === first.id ? Promise.reject(httpError(503)) : Promise.resolve()));

    expect(await outbox.flush('alice')).toEqual({ sent: 1, failed: 1, dropped: 0, remaining: 2 });
    expect(sentIds()).toEqual([first.id, loose.id]);
    // The waiting entry does not count as due, or a pump would spin on it.
    expect(await outbox.nextDueAt('alice')).toBe(clock.now() + 500);

    answer(() => Promise.resolve());
    clock.advance(500);
    expect(await outbox.flush('alice')).toEqual({ sent: 2, failed: 0, dropped: 0, remaining: 0 });
    expect(sentIds()).toEqual([first.id, loose.id, first.id, second.id]);
  });

  it('does not send entries before their due time', async () => {
    const { outbox, clock, answer, sent } = setup();
    await outbox.enqueue('alice', makeRequest());
    answer(() => Promise.reject(networkError()));
    await outbox.flush('alice');
    answer(() => Promise.resolve());
    expect(await outbox.flush('alice')).toEqual({ sent: 0, failed: 0, dropped: 0, remaining: 1 });
    clock.advance(499);
    expect((await outbox.flush('alice')).sent).toBe(0);
    clock.advance(1);
    expect((await outbox.flush('alice')).sent).toBe(1);
    expect(sent).toHaveLength(2);
  });
});

describe('failures', () => {
  async function outcomeOf(error: Error) {
    const { outbox, clock, answer, warn } = setup({ random: () => 0.5 });
    await outbox.enqueue('alice', makeRequest({ body: { autoResponseContent: 'Secret: the customer’s card ends 4242' } }));
    answer(() => Promise.reject(error));
    const result = await outbox.flush('alice');
    const [entry] = await outbox.pending();
    return { result, entry, delay: entry ? entry.nextAttemptAt - clock.now() : null, warn };
  }

  it.each([0, 408, 409, 425, 429, 500, 502, 503, 504])('keeps the entry, counts the attempt and backs off on %i', async (status) => {
    const { result, entry, delay } = await outcomeOf(status === 0 ? networkError() : httpError(status));
    expect(result).toEqual({ sent: 0, failed: 1, dropped: 0, remaining: 1 });
    expect(entry!.attempts).toBe(1);
    expect(delay).toBe(500);
  });

  it('keeps the entry on an error that is not an answer of the server', async () => {
    const { result, entry } = await outcomeOf(new TypeError('send is broken'));
    expect(result.failed).toBe(1);
    expect(entry!.attempts).toBe(1);
  });

  it.each([401, 403])('keeps the entry on %i without counting it, and waits 15 to 30 s', async (status) => {
    const { result, entry, delay } = await outcomeOf(httpError(status));
    expect(result).toEqual({ sent: 0, failed: 1, dropped: 0, remaining: 1 });
    expect(entry!.attempts).toBe(0);
    expect(delay).toBeGreaterThanOrEqual(15_000);
    expect(delay).toBeLessThanOrEqual(30_000);
  });

  it.each([400, 404, 413, 422])('drops the entry on %i, warning with the path’s shape and never the body', async (status) => {
    const { result, entry, warn } = await outcomeOf(httpError(status));
    expect(result).toEqual({ sent: 0, failed: 0, dropped: 1, remaining: 0 });
    expect(entry).toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(1);
    const message = String(warn.mock.calls[0]![0]);
    expect(message).toContain('POST /accounts/:id/teams/:id/sentautoresponses');
    expect(message).toContain(String(status));
    expect(message).not.toMatch(/4242|Secret|65a1f0c2/);
  });

  it.each([
    ['lowest', 0, [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]],
    ['highest', 0.999_999, [1, 2, 4, 8, 16, 32, 64, 128, 256, 300, 300, 300, 300, 300].map((s) => s * 1000 - 1)],
    ['middle', 0.5, [1, 2, 4, 8, 16, 32, 64, 128, 256, 300, 300, 300, 300, 300].map((s) => s * 500)],
  ])('backs off exponentially with full jitter up to five minutes (%s draw)', async (_, draw, expected) => {
    const { outbox, clock, answer } = setup({ random: () => draw });
    await outbox.enqueue('alice', makeRequest());
    answer(() => Promise.reject(httpError(503)));
    const delays = [];
    for (let attempt = 1; attempt <= expected.length; attempt += 1) {
      await outbox.flush('alice');
      const [entry] = await outbox.pending();
      expect(entry!.attempts).toBe(attempt);
      const delay = entry!.nextAttemptAt - clock.now();
      expect(delay).toBeGreaterThanOrEqual(0);
      expect(delay).toBeLessThan(Math.min(1000 * 2 ** (attempt - 1), BACKOFF_CAP_MS));
      delays.push(delay);
      clock.advance(delay);
    }
    expect(delays).toEqual(expected);
  });

  it('tries an entry once per flush even when its jittered delay is zero', async () => {
    const { outbox, answer, sent } = setup({ random: () => 0 });
    await outbox.enqueue('alice', makeRequest());
    answer(() => Promise.reject(networkError()));
    expect(await outbox.flush('alice')).toEqual({ sent: 0, failed: 1, dropped: 0, remaining: 1 });
    expect(sent).toHaveLength(1);
  });

  it('retries a record the server could not store yet because another request with its key was in flight, and it arrives', async () => {
    const { outbox, clock, answer, sentIds } = setup({ random: () => 0.5 });
    const server = makeFakeServer();
    const entry = await outbox.enqueue('alice', makeRequest());
    // The first attempt of the same key is still being written: the server says 409, try again.
    answer(() => Promise.reject(httpError(409)));
    expect(await outbox.flush('alice')).toEqual({ sent: 0, failed: 1, dropped: 0, remaining: 1 });
    answer((sent) => Promise.resolve(server.store(sent)));
    clock.advance(1000);
    expect(await outbox.flush('alice')).toEqual({ sent: 1, failed: 0, dropped: 0, remaining: 0 });
    expect(sentIds()).toEqual([entry.id, entry.id]);
    expect([...server.records.keys()]).toEqual([entry.id]);
  });

  it('retries with the same id after a lost response, and the server keeps one record', async () => {
    const { outbox, clock, answer, sentIds } = setup();
    const server = makeFakeServer();
    const entry = await outbox.enqueue('alice', makeRequest());
    answer((sent) => {
      server.store(sent);
      return Promise.reject(networkError());
    });
    await outbox.flush('alice');
    answer((sent) => Promise.resolve(server.store(sent)));
    clock.advance(1000);
    await outbox.flush('alice');
    expect(sentIds()).toEqual([entry.id, entry.id]);
    expect(server.records.size).toBe(1);
    expect(await outbox.pending()).toEqual([]);
  });
});

describe('storage', () => {
  it('continues after a reload: a new outbox on the same storage sends what the old one left', async () => {
    const first = setup();
    const kept = await first.outbox.enqueue('alice', makeRequest({ body: body(1) }));
    first.answer(() => Promise.reject(networkError()));
    await first.outbox.flush('alice');

    const second = setup({ storage: first.storage, clock: first.clock });
    expect(await second.outbox.pending('alice')).toEqual([{ ...kept, attempts: 1, nextAttemptAt: first.clock.now() + 500 }]);
    first.clock.advance(500);
    expect(await second.outbox.flush('alice')).toEqual({ sent: 1, failed: 0, dropped: 0, remaining: 0 });
    expect(second.sentIds()).toEqual([kept.id]);
  });

  it.each([
    ['not JSON', '[{"id":'],
    ['not a list', '{"id":"outbox:x-0001"}'],
    ['null', 'null'],
  ])('replaces a stored value that is %s, with a warning, and goes on', async (_, raw) => {
    const { outbox, storage, warn } = setup();
    storage.data.set(OUTBOX_STORAGE_KEY, raw);
    expect(await outbox.pending()).toEqual([]);
    expect(await outbox.flush('alice')).toEqual({ sent: 0, failed: 0, dropped: 0, remaining: 0 });
    const entry = await outbox.enqueue('alice', makeRequest());
    expect(JSON.parse(storage.data.get(OUTBOX_STORAGE_KEY)!)).toEqual([entry]);
    // Said each time the bad value is read, until it is replaced; the log holds none of its content.
    expect(warn.mock.calls.length).toBeGreaterThan(0);
    for (const [message] of warn.mock.calls) expect(message).toMatch(/^Outbox: the stored value is not (JSON|a list); it is replaced/);
  });

  it('leaves out entries that fail the check and keeps the others', async () => {
    const { outbox, storage, warn } = setup();
    const good = makeEntry({ id: 'outbox:good-0001' });
    const bad = [{ ...good, id: 'x' }, { ...good, id: 'outbox:bad-0001', attempts: -1 }, { ...good, id: 'outbox:bad-0002', request: { ...good.request, method: 'DELETE' } }, 'text', null];
    storage.data.set(OUTBOX_STORAGE_KEY, JSON.stringify([bad[0], good, ...bad.slice(1)]));
    expect(await outbox.pending()).toEqual([good]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('5 unreadable entries'));
  });
});

describe('concurrency', () => {
  it('two flushes at once send each entry once', async () => {
    const { outbox, answer, sentIds } = setup();
    for (const n of [1, 2, 3, 4]) await outbox.enqueue('alice', makeRequest({ body: body(n) }));
    const gates: Array<() => void> = [];
    answer(() => new Promise<void>((resolve) => gates.push(resolve)));
    const flushes = [outbox.flush('alice'), outbox.flush('alice')];
    // Let both claim what they can, then answer everything in turn (storage yields only microtasks).
    for (let round = 0; round < 50; round += 1) {
      await settle(10);
      gates.splice(0).forEach((open) => open());
    }
    const results = await Promise.all(flushes);
    expect(results.reduce((sum, result) => sum + result.sent, 0)).toBe(4);
    expect(new Set(sentIds()).size).toBe(4);
    expect(sentIds()).toHaveLength(4);
  });

  it('another window leaves an entry alone while it is being sent, and takes it over if that window died', async () => {
    const locks = makeSharedLocks();
    const one = setup({ locks });
    const other = setup({ locks, storage: one.storage, clock: one.clock });
    const entry = await one.outbox.enqueue('alice', makeRequest());
    one.answer(() => new Promise<void>(() => undefined)); // the window closes mid-send
    void one.outbox.flush('alice');
    await settle();
    expect(one.sent).toHaveLength(1);

    expect(await other.outbox.flush('alice')).toEqual({ sent: 0, failed: 0, dropped: 0, remaining: 1 });
    one.clock.advance(CLAIM_MS);
    expect(await other.outbox.flush('alice')).toEqual({ sent: 1, failed: 0, dropped: 0, remaining: 0 });
    expect(other.sentIds()).toEqual([entry.id]);
  });

  async function enqueueFromTwoWindows(locks: OutboxLocks) {
    const one = setup({ locks });
    const other = setup({ locks, storage: one.storage, clock: one.clock });
    await Promise.all(Array.from({ length: 40 }, (_, n) => (n % 2 ? one : other).outbox.enqueue('alice', makeRequest({ body: body(n) }))));
    return one.outbox.pending();
  }

  it('two windows enqueueing at once lose nothing under a shared lock', async () => {
    expect(await enqueueFromTwoWindows(makeSharedLocks())).toHaveLength(40);
  });

  it('the in-process fallback serialises too, and a failed holder does not wedge it', async () => {
    const locks = createInProcessLocks();
    expect(await enqueueFromTwoWindows(locks)).toHaveLength(40);
    await expect(locks.request(OUTBOX_LOCK_NAME, () => Promise.reject(new Error('storage broke')))).rejects.toThrow('storage broke');
    await expect(locks.request(OUTBOX_LOCK_NAME, () => Promise.resolve('next'))).resolves.toBe('next');
  });

  it('uses navigator.locks by default when the platform has it', async () => {
    const request = vi.fn((_name: string, callback: () => Promise<unknown>) => callback());
    vi.stubGlobal('navigator', { locks: { request } });
    try {
      await expect(defaultOutboxLocks().request(OUTBOX_LOCK_NAME, () => Promise.resolve(7))).resolves.toBe(7);
      expect(request).toHaveBeenCalledWith('cannery-outbox', expect.any(Function));
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('falls back to the in-process mutex where the platform refuses Web Locks (the picker framed in a page)', async () => {
    const request = vi.fn(() => Promise.reject(new DOMException('The request was denied.', 'SecurityError')));
    vi.stubGlobal('navigator', { locks: { request } });
    try {
      const locks = defaultOutboxLocks();
      const callback = vi.fn(() => Promise.resolve(7));
      await expect(locks.request(OUTBOX_LOCK_NAME, callback)).resolves.toBe(7);
      expect(callback).toHaveBeenCalledOnce();
      // Refused once, not asked again; the fallback still serialises.
      expect(await enqueueFromTwoWindows(locks)).toHaveLength(40);
      expect(request).toHaveBeenCalledOnce();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('does not run a callback twice when the callback itself fails with a SecurityError', async () => {
    const request = vi.fn((_name: string, callback: () => Promise<unknown>) => callback());
    vi.stubGlobal('navigator', { locks: { request } });
    try {
      const callback = vi.fn(() => Promise.reject(new DOMException('denied', 'SecurityError')));
      await expect(defaultOutboxLocks().request(OUTBOX_LOCK_NAME, callback)).rejects.toThrow('denied');
      expect(callback).toHaveBeenCalledOnce();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('(check of the check) without a lock, the same interleaving loses entries', async () => {
    expect((await enqueueFromTwoWindows(noLocks)).length).toBeLessThan(40);
  });
});

describe('drain', () => {
  it('resolves false after the timeout while the server stays down, having kept retrying', async () => {
    const { outbox, clock, answer, sent } = setup();
    await outbox.enqueue('alice', makeRequest());
    answer(() => Promise.reject(httpError(503)));
    const start = clock.now();
    expect(await outbox.drain('alice', { timeoutMs: 10_000 })).toBe(false);
    expect(clock.now() - start).toBeGreaterThanOrEqual(10_000);
    expect(clock.now() - start).toBeLessThan(11_000);
    expect(sent.length).toBeGreaterThan(2);
    expect(await outbox.pending('alice')).toHaveLength(1);
  });

  it('resolves true once the server recovers within the timeout', async () => {
    const { outbox, clock, answer } = setup();
    for (const n of [1, 2]) await outbox.enqueue('alice', makeRequest({ body: body(n) }));
    const recoversAt = clock.now() + 4000;
    answer(() => (clock.now() < recoversAt ? Promise.reject(networkError()) : Promise.resolve()));
    expect(await outbox.drain('alice', { timeoutMs: 30_000 })).toBe(true);
    expect(clock.now()).toBeGreaterThanOrEqual(recoversAt);
    expect(await outbox.pending()).toEqual([]);
  });

  it('resolves true at once when nothing of the owner remains', async () => {
    const { outbox, sent } = setup();
    await outbox.enqueue('bob', makeRequest());
    expect(await outbox.drain('alice', { timeoutMs: 0 })).toBe(true);
    expect(sent).toEqual([]);
  });
});

describe('sendWithApiClient', () => {
  function client(respond: () => Response) {
    const fetch = vi.fn((_url: string | URL | Request, _init?: RequestInit) => Promise.resolve(respond()));
    return { fetch, api: createApiClient({ baseUrl: '/api', getIdToken: () => 'token-of-alice', getCookie: () => null, fetch }) };
  }

  it('sends the request with the entry id as Idempotency-Key, able to outlive a closing pane', async () => {
    const { fetch, api } = client(() => Response.json({ _id: '65a1f0c2b3d4e5f60718293c' }, { status: 201 }));
    const entry = makeEntry();
    await sendWithApiClient(api)(entry);
    const [url, init] = fetch.mock.calls[0]!;
    const headers = new Headers(init!.headers);
    expect(url).toBe(`/api${entry.request.path}`);
    expect(init!.method).toBe('POST');
    expect(headers.get('Idempotency-Key')).toBe(entry.id);
    expect(headers.get('Authorization')).toBe('Bearer token-of-alice');
    expect(JSON.parse(init!.body as string)).toEqual(entry.request.body);
    expect(init!.keepalive).toBe(true);
  });

  it('counts a 2xx that is not JSON as stored, and passes other errors on', async () => {
    await expect(sendWithApiClient(client(() => new Response('ok', { status: 201 })).api)(makeEntry())).resolves.toBeUndefined();
    await expect(sendWithApiClient(client(() => new Response('', { status: 503 })).api)(makeEntry())).rejects.toMatchObject({ status: 503 });
  });

  it('does not send an entry of another user than the signed-in one', async () => {
    const { fetch, api } = client(() => Response.json({}));
    const error = await sendWithApiClient(api, { currentOwner: () => 'bob' })(makeEntry({ owner: 'alice' })).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401 });
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('exactly once, on random failures and reloads', () => {
  /**
   * Two windows share storage and a lock. Sends fail 30% of the time: before the server stored the
   * record, or after (the response is lost); now and then a window dies mid-send and is reloaded.
   */
  async function run(seed: number) {
    const random = seeded(seed);
    const storage = makeMemoryStorage();
    const clock = makeClock();
    const locks = makeSharedLocks();
    const server = makeFakeServer();

    function open() {
      const died = deferred();
      const outbox = createOutbox({
        storage,
        locks,
        now: clock.now,
        random,
        log: { warn: () => undefined },
        send: (entry) => {
          const roll = random();
          if (roll < 0.1) return Promise.reject(networkError());
          if (roll < 0.18) return Promise.reject(httpError(503));
          if (roll < 0.2) return Promise.reject(httpError(401));
          if (roll < 0.3) {
            server.store(entry);
            return Promise.reject(networkError());
          }
          if (roll < 0.33) {
            if (random() < 0.5) server.store(entry);
            died.resolve();
            return new Promise<void>(() => undefined);
          }
          server.store(entry);
          return Promise.resolve();
        },
      });
      return { outbox, died: died.promise.then(() => 'died' as const) };
    }

    const windows = [open(), open()];
    let enqueued = 0;
    const enqueue = (window: number) => (enqueued < 100 ? windows[window]!.outbox.enqueue('alice', makeRequest({ body: body((enqueued += 1)) })) : Promise.resolve());
    const flush = async (window: number) => {
      if ((await Promise.race([windows[window]!.outbox.flush('alice'), windows[window]!.died])) === 'died') windows[window] = open();
    };

    for (let step = 0; step < 2000 && enqueued < 100; step += 1) {
      const roll = random();
      const window = random() < 0.5 ? 0 : 1;
      if (roll < 0.4) await enqueue(window);
      else if (roll < 0.6) await flush(window);
      else if (roll < 0.75) await Promise.all([flush(0), flush(1), enqueue(window)]);
      else if (roll < 0.85) windows[window] = open();
      else clock.advance(Math.floor(random() * 70_000));
    }
    for (let round = 0; round < 200 && (await windows[0]!.outbox.pending()).length > 0; round += 1) {
      clock.advance(CLAIM_MS);
      await flush(round % 2);
    }
    return { server, enqueued, left: await windows[0]!.outbox.pending() };
  }

  it.each([1, 2, 3, 4, 5, 6, 7, 8])('seed %i: the server holds exactly the 100 records', async (seed) => {
    const { server, enqueued, left } = await run(seed);
    expect(enqueued).toBe(100);
    expect(left).toEqual([]);
    expect(server.records.size).toBe(100);
    const numbers = [...server.records.values()].map((record) => (record as { n: number }).n).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    // The run did exercise retries of records the server already had.
    expect(server.repeats).toBeGreaterThan(0);
  });
});
