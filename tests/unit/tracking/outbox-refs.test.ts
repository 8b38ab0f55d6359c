// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { createOutbox } from '../../../src/tracking/outbox';
import type { OutboxEntry } from '../../../src/tracking/outbox-entry';
import { OUTBOX_RESULTS_KEY } from '../../../src/tracking/outbox-results';
import { httpError, makeClock, makeMemoryStorage, makeSharedLocks, networkError } from './fakes';

/**
 * A record created and then updated through the outbox (recorded checklists, sessions): the
 * update names the create's entry, and goes out with the id the server gave the record.
 */

const OWNER = 'user-1';
const create = { method: 'POST' as const, path: 'accounts/a/teams/t/recordedphoneflows', body: { name: 'Run' } };
const update = (tasks: number) => ({ method: 'PUT' as const, path: 'accounts/a/teams/t/recordedphoneflows', body: { recordedPhoneFlowId: '', tasks } });

function setup(storage = makeMemoryStorage(), clock = makeClock()) {
  const sent: OutboxEntry[] = [];
  const warn = vi.fn();
  let respond: (entry: OutboxEntry) => Promise<unknown> = (entry) => Promise.resolve(entry.request.method === 'POST' ? { _id: 'f'.repeat(24) } : {});
  const outbox = createOutbox({
    storage,
    send: (entry) => {
      sent.push(entry);
      return respond(entry);
    },
    now: clock.now,
    random: () => 0.5,
    locks: makeSharedLocks(),
    log: { warn },
    sleep: clock.sleep,
  });
  return { outbox, storage, clock, sent, warn, answer: (next: typeof respond) => (respond = next) };
}

async function startRun(outbox: ReturnType<typeof setup>['outbox']) {
  const created = await outbox.enqueue(OWNER, create, { id: 'outbox:run-1', group: 'outbox:run-1', keepResult: '_id' });
  await outbox.enqueue(OWNER, update(1), { group: created.id, refs: { recordedPhoneFlowId: created.id } });
  await outbox.enqueue(OWNER, update(2), { group: created.id, refs: { recordedPhoneFlowId: created.id } });
  return created;
}

describe('outbox: an update refers to the record its create made', () => {
  it('sends the create first, then each update with the id the server answered', async () => {
    const { outbox, sent } = setup();
    await startRun(outbox);
    expect(await outbox.flush(OWNER)).toMatchObject({ sent: 3, remaining: 0 });
    expect(sent.map((entry) => [entry.request.method, entry.request.body])).toEqual([
      ['POST', { name: 'Run' }],
      ['PUT', { recordedPhoneFlowId: 'f'.repeat(24), tasks: 1 }],
      ['PUT', { recordedPhoneFlowId: 'f'.repeat(24), tasks: 2 }],
    ]);
  });

  it('holds the updates while the create fails, and keeps the answer across a reload', async () => {
    const storage = makeMemoryStorage();
    const clock = makeClock();
    const first = setup(storage, clock);
    await startRun(first.outbox);
    first.answer(() => Promise.reject(networkError()));
    expect(await first.outbox.flush(OWNER)).toMatchObject({ sent: 0, failed: 1, remaining: 3 });
    expect(first.sent).toHaveLength(1);

    // The create goes through, the page reloads before the updates are sent.
    first.answer((entry) => Promise.resolve(entry.request.method === 'POST' ? { _id: 'a'.repeat(24) } : Promise.reject(networkError())));
    clock.advance(60_000);
    await first.outbox.flush(OWNER);
    expect(JSON.parse(storage.data.get(OUTBOX_RESULTS_KEY)!)).toMatchObject({ 'outbox:run-1': { value: 'a'.repeat(24) } });

    const second = setup(storage, clock);
    clock.advance(60_000);
    expect(await second.outbox.flush(OWNER)).toMatchObject({ sent: 2, remaining: 0 });
    expect(second.sent.map((entry) => entry.request.body)).toEqual([
      { recordedPhoneFlowId: 'a'.repeat(24), tasks: 1 },
      { recordedPhoneFlowId: 'a'.repeat(24), tasks: 2 },
    ]);
  });

  it('drops the updates of a create the server refused for good, with a warning that names no content', async () => {
    const { outbox, sent, warn, answer } = setup();
    await startRun(outbox);
    answer(() => Promise.reject(httpError(400)));
    const result = await outbox.flush(OWNER);
    expect(result).toMatchObject({ dropped: 3, remaining: 0 });
    expect(sent).toHaveLength(1);
    expect(warn.mock.calls.flat().join(' ')).not.toContain('Run');
  });
});
