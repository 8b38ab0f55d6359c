// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createSessionTracker, DEFAULT_SESSION_IDLE_MS, SESSION_REFRESH_MS, type SessionUser } from '../../../src/tracking/usage-session';

const T0 = Date.UTC(2026, 10, 2, 9, 0, 0);

function setup(options: { idleMs?: number | (() => number) } = {}) {
  let time = T0;
  let tick: (() => void) | null = null;
  const writes: Array<
    { kind: 'create'; user: string; startTime: string; endTime: string; interval: number } | { kind: 'update' | 'beacon'; user: string; handle: string; endTime: string }
  > = [];
  let handles = 0;
  const tracker = createSessionTracker({
    now: () => time,
    setTimer: (callback, ms) => {
      expect(ms).toBe(SESSION_REFRESH_MS);
      tick = callback;
      return 'timer';
    },
    clearTimer: () => {
      tick = null;
    },
    ...(options.idleMs ? { idleMs: options.idleMs } : {}),
    write: {
      create: (user, body) => {
        writes.push({ kind: 'create', user: user.key, startTime: body.startTime, endTime: body.endTime, interval: body.updateInterval });
        return Promise.resolve(`session-${(handles += 1)}`);
      },
      update: (user, handle, endTime) => {
        writes.push({ kind: 'update', user: user.key, handle, endTime });
        return Promise.resolve();
      },
      beacon: (user, handle, endTime) => {
        writes.push({ kind: 'beacon', user: user.key, handle, endTime });
      },
    },
  });
  return {
    tracker,
    writes,
    advance: (ms: number) => {
      time += ms;
    },
    fire: async () => {
      tick?.();
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
    ticking: () => tick !== null,
  };
}

const user = (key: string): SessionUser => ({
  key,
  accountId: 'a'.repeat(24),
  userSub: `sub-${key}`,
  body: { context: 'outlook', teams: ['b'.repeat(24)], userEmail: `${key}@example.gov`, cognitoSub: `sub-${key}`, microsoftSub: null },
});
const iso = (offset: number) => new Date(T0 + offset).toISOString();

describe('usage sessions (rules §4)', () => {
  it('starts when a user is present, with the refresh interval of 300,000 ms', () => {
    const { tracker, writes } = setup();
    tracker.setUser(user('dana'));
    expect(writes).toEqual([{ kind: 'create', user: 'dana', startTime: iso(0), endTime: iso(0), interval: 300_000 }]);
  });

  it('every 300,000 ms records the latest interaction as the end time', async () => {
    const { tracker, writes, advance, fire } = setup();
    tracker.setUser(user('dana'));
    advance(120_000);
    tracker.interaction();
    advance(180_000);
    await fire();
    expect(writes.at(-1)).toEqual({ kind: 'update', user: 'dana', handle: 'session-1', endTime: iso(120_000) });
  });

  it('ends after the idle time without interaction, at the last interaction, and the next interaction starts a new one', async () => {
    const { tracker, writes, advance, fire, ticking } = setup();
    tracker.setUser(user('dana'));
    advance(60_000);
    tracker.interaction();
    for (let elapsed = 0; elapsed < DEFAULT_SESSION_IDLE_MS + SESSION_REFRESH_MS; elapsed += SESSION_REFRESH_MS) {
      advance(SESSION_REFRESH_MS);
      await fire();
    }
    expect(ticking()).toBe(false);
    expect(writes.at(-1)).toEqual({ kind: 'update', user: 'dana', handle: 'session-1', endTime: iso(60_000) });
    const count = writes.length;
    advance(1000);
    tracker.interaction();
    expect(writes.slice(count)).toEqual([expect.objectContaining({ kind: 'create', user: 'dana' })]);
    expect(ticking()).toBe(true);
  });

  it('ends on logout and records its end before resolving', async () => {
    const { tracker, writes, advance, ticking } = setup();
    tracker.setUser(user('dana'));
    advance(5000);
    tracker.interaction();
    await tracker.end();
    expect(writes.at(-1)).toEqual({ kind: 'update', user: 'dana', handle: 'session-1', endTime: iso(5000) });
    expect(ticking()).toBe(false);
  });

  it('a new user gets a new session, and the first one ends', async () => {
    const { tracker, writes } = setup();
    tracker.setUser(user('dana'));
    tracker.setUser(user('dana'));
    tracker.setUser(user('morgan'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(writes.filter((write) => write.kind === 'create').map((write) => write.user)).toEqual(['dana', 'morgan']);
    expect(writes).toContainEqual({ kind: 'update', user: 'dana', handle: 'session-1', endTime: iso(0) });
  });

  it('records nothing without a user', async () => {
    const { tracker, writes } = setup();
    tracker.interaction();
    await tracker.end();
    expect(writes).toEqual([]);
  });

  it('takes the idle time from the deployment, read when it is checked', async () => {
    let idleMs = 60 * 60_000;
    const { tracker, writes, advance, fire, ticking } = setup({ idleMs: () => idleMs });
    tracker.setUser(user('dana'));
    advance(SESSION_REFRESH_MS);
    await fire();
    expect(ticking()).toBe(true);
    // The config arrived: ten minutes.
    idleMs = 10 * 60_000;
    advance(SESSION_REFRESH_MS);
    await fire();
    expect(ticking()).toBe(false);
    expect(writes.at(-1)).toEqual({ kind: 'update', user: 'dana', handle: 'session-1', endTime: iso(0) });
  });

  it('records the latest interaction when the pane is hidden, at once and through the outbox, once per new interaction', async () => {
    const { tracker, writes, advance } = setup();
    tracker.setUser(user('dana'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    tracker.checkpoint();
    advance(42_000);
    tracker.interaction();
    tracker.checkpoint();
    // Sent synchronously, before anything awaited: a closing page runs nothing later.
    expect(writes.at(-1)).toEqual({ kind: 'beacon', user: 'dana', handle: 'session-1', endTime: iso(42_000) });
    tracker.checkpoint();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(writes.filter((write) => write.kind !== 'create')).toEqual([
      { kind: 'beacon', user: 'dana', handle: 'session-1', endTime: iso(42_000) },
      { kind: 'update', user: 'dana', handle: 'session-1', endTime: iso(42_000) },
    ]);
  });

  it('records nothing when hidden without a session', async () => {
    const { tracker, writes, advance } = setup();
    advance(1000);
    tracker.checkpoint();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(writes).toEqual([]);
  });
});

describe('sessions in other mailboxes', () => {
  const inMailbox = (key: string, mailbox: string | undefined): SessionUser => ({ ...user(key), body: { ...user(key).body, ...(mailbox ? { mailbox } : {}) } });

  it('starts a session of its own when the user moves to another mailbox and back, ending the one before', async () => {
    const { tracker, writes, advance } = setup();
    tracker.setUser(inMailbox('dana', undefined));
    advance(60_000);
    tracker.interaction();
    tracker.setUser(inMailbox('dana', 'elections@aldercounty.example'));
    // The same mailbox again is the same session.
    tracker.setUser(inMailbox('dana', 'elections@aldercounty.example'));
    advance(60_000);
    tracker.interaction();
    tracker.setUser(inMailbox('dana', undefined));
    await tracker.end();
    const kinds = writes.map((write) => `${write.kind}${'handle' in write ? ` ${write.handle}` : ''}`);
    expect(kinds.filter((kind) => kind === 'create')).toHaveLength(3);
    expect(kinds.filter((kind) => kind !== 'create').sort()).toEqual(['update session-1', 'update session-2', 'update session-3']);
  });
});
