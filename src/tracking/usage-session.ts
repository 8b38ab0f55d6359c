/**
 * Usage sessions (rules §4 "Session tracking", §3 "Session", §7): a session starts when a user is
 * present, or on the first interaction after one ended; it is refreshed every 300,000 ms with the
 * latest interaction as its end time; it ends on logout, after `idleMs` without interaction, and
 * when the user changes (a new one starts for the new user).
 *
 * Decision where the spec is silent: "no interaction" means none for `idleMs`, 30 minutes by
 * default (a county office's lunch break ends a session; a long phone call with the pane open
 * does not). A deployment sets it with `CANNERY_SESSION_IDLE_MINUTES`, published to clients as
 * `sessionIdleMinutes` in `/api/config`. The session's end time is then its last interaction, not the moment it was noticed.
 *
 * Pure of the DOM and of React: the clock and the timer are injected, and every write is handed
 * to `write` (the durable outbox in the app), which keeps a create and its updates in order.
 */
import { DEFAULT_SESSION_IDLE_MINUTES, type SessionCreate } from '../api/contract/session';

/** The refresh interval of the spec (rules §9), also sent as the session's `updateInterval`. */
export const SESSION_REFRESH_MS = 300_000;
export const DEFAULT_SESSION_IDLE_MS = DEFAULT_SESSION_IDLE_MINUTES * 60_000;

export interface SessionUser {
  /** Whose session: a change of key is a change of user. */
  key: string;
  /** The account and the sub the sessions path names (rules §7). */
  accountId: string;
  userSub: string;
  /** The create body's fields that come from the user and the host. */
  body: Pick<SessionCreate, 'context' | 'teams' | 'userEmail' | 'cognitoSub' | 'microsoftSub' | 'mailbox'>;
}

export interface SessionWrites {
  /** Records a new session; resolves with a handle the updates name. */
  create: (user: SessionUser, body: SessionCreate) => Promise<string>;
  /** Records the session's latest end time. */
  update: (user: SessionUser, handle: string, endTime: string) => Promise<void>;
  /**
   * Sends the session's latest end time at once, for a page that is going away: whatever is
   * started synchronously here may outlive the page, an `update` that waits for storage may not.
   * Best effort; the `update` made with it still goes out later if this does not.
   */
  beacon?: (user: SessionUser, handle: string, endTime: string) => void;
}

export interface SessionTrackerOptions {
  write: SessionWrites;
  now?: () => number;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  /** How long without interaction ends a session; read each time it is checked (config may arrive late). */
  idleMs?: number | (() => number);
  log?: { warn: (message: string, error?: unknown) => void };
}

export interface SessionTracker {
  /** The signed-in user now, or null when nobody is: starts, switches or ends the session; another `body.mailbox` starts a new one. */
  setUser: (user: SessionUser | null) => void;
  /** The user did something (moved the mouse, typed, clicked). */
  interaction: () => void;
  /**
   * The pane is being hidden or closed: records the latest interaction as the end time now, if it
   * is newer than the one last recorded, so a closed pane's session does not end up to 300,000 ms
   * early.
   */
  checkpoint: () => void;
  /** Ends the session (logout) and waits until its end is recorded. */
  end: () => Promise<void>;
  /** Stops the timer without recording anything (the app unmounts). */
  dispose: () => void;
}

interface Active {
  user: SessionUser;
  handle: Promise<string | null>;
  /** The handle once `create` gave it. */
  handleNow: string | null;
  /** The end time last recorded. */
  recordedEnd: number;
}

export function createSessionTracker(options: SessionTrackerOptions): SessionTracker {
  const now = options.now ?? Date.now;
  const setTimer = options.setTimer ?? ((callback: () => void, ms: number) => setInterval(callback, ms));
  const clearTimer = options.clearTimer ?? ((handle: unknown) => clearInterval(handle as ReturnType<typeof setInterval>));
  const idleOption = options.idleMs ?? DEFAULT_SESSION_IDLE_MS;
  const idleMs = typeof idleOption === 'function' ? idleOption : () => idleOption;
  const log = options.log ?? console;
  let user: SessionUser | null = null;
  let active: Active | null = null;
  let lastInteraction = now();
  let timer: unknown = null;
  let pending: Promise<void> = Promise.resolve();

  const iso = (time: number) => new Date(time).toISOString();

  function start(): void {
    if (!user) return;
    const at = now();
    lastInteraction = at;
    const body: SessionCreate = { ...user.body, startTime: iso(at), endTime: iso(at), updateInterval: SESSION_REFRESH_MS };
    const owner = user;
    const handle = options.write.create(owner, body).catch((error: unknown) => {
      log.warn('Recording a session failed', error);
      return null;
    });
    const session: Active = { user: owner, handle, handleNow: null, recordedEnd: at };
    void handle.then((value) => {
      session.handleNow = value;
    });
    active = session;
    if (timer === null) timer = setTimer(refresh, SESSION_REFRESH_MS);
  }

  function record(session: Active, endTime: number): Promise<void> {
    session.recordedEnd = endTime;
    const written = session.handle.then((handle) =>
      handle === null ? undefined : options.write.update(session.user, handle, iso(endTime)).catch((error: unknown) => log.warn('Recording a session failed', error)),
    );
    pending = pending.then(() => written);
    return written;
  }

  function stop(): Promise<void> {
    const session = active;
    active = null;
    if (timer !== null) {
      clearTimer(timer);
      timer = null;
    }
    return session ? record(session, lastInteraction) : Promise.resolve();
  }

  function refresh(): void {
    if (!active) return;
    if (now() - lastInteraction >= idleMs()) {
      void stop();
      return;
    }
    void record(active, lastInteraction);
  }

  return {
    setUser(next) {
      // Another mailbox (shared, delegated, an alias, or back to the user's own) is another session.
      if (next?.key === user?.key && next?.body.mailbox === user?.body.mailbox) {
        if (next) user = next;
        return;
      }
      void stop();
      user = next;
      if (user) start();
    },
    interaction() {
      lastInteraction = now();
      if (!active && user) start();
    },
    checkpoint() {
      if (!active || lastInteraction <= active.recordedEnd) return;
      if (active.handleNow !== null) options.write.beacon?.(active.user, active.handleNow, iso(lastInteraction));
      void record(active, lastInteraction);
    },
    async end() {
      await stop();
      await pending;
    },
    dispose() {
      if (timer !== null) clearTimer(timer);
      timer = null;
      active = null;
      user = null;
    },
  };
}
