/**
 * The app's side of the durable outbox: one outbox per host storage and API client, pumped for the
 * signed-in user while the app runs, and the hooks screens use to record a use of a block and to
 * empty the outbox before logout clears local storage (rules §4).
 *
 * Owner of an entry: the Cannery user's `_id`. Only the signed-in owner's entries are sent (with
 * their token); entries of a user who logged out before they were sent wait for that user's next
 * sign-in on this device.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useAtomValue, useStore } from 'jotai';
import type { Block } from '../api/contract/block';
import type { UiSource } from '../api/contract/usage';
import { sentRecordRequest } from '../api/block-uses';
import { useUserInfo } from '../api/user-info';
import { useAuthServices } from '../auth/auth-services';
import { authAtom } from '../state/auth';
import { sessionIdleMsAtom } from '../state/config';
import { useHost, useMailHost, usePlatform } from '../state/host-context';
import { OUTBOX_RESULTS_KEY } from './outbox-results';
import { OUTBOX_STORAGE_KEY } from './outbox-store';
import { createOutbox, sendWithApiClient, type Outbox } from './outbox';
import { startOutboxPump } from './outbox-pump';
import { newOutboxId } from './outbox-entry';
import { createSessionTracker, type SessionTracker } from './usage-session';
import { createSessionRequest, sessionSubOf, updateSessionRequest } from '../api/sessions';
import { userTeamIds } from '../domain/teams';
import type { User } from '../api/contract/user';
import type { SessionContext } from '../../hosts/host';
import { buildSentRecord } from './sent-record';
import { openMailboxAtom } from '../state/open-mailbox';

/** How long logout waits for the outbox to empty before it goes on (rules §4 clears local storage). */
export const LOGOUT_DRAIN_MS = 3000;

export interface Tracking {
  outbox: Outbox;
  /** The signed-in user's id, or null. */
  owner(): string | null;
  /** Tells the pump an entry was added. */
  notify(): void;
  /** The usage session of the signed-in user. */
  sessions: SessionTracker;
}

const TrackingContext = createContext<Tracking | null>(null);

export function useTracking(): Tracking {
  const tracking = useContext(TrackingContext);
  if (!tracking) throw new Error('useTracking() needs a <UsageTracking> provider: mount the app with mountCannery().');
  return tracking;
}

export function UsageTracking(props: { children: ReactNode }) {
  const host = usePlatform();
  const mail = useMailHost();
  const { api } = useAuthServices();
  const auth = useAtomValue(authAtom);
  // Read from the cache only: the session keeper loads the user (and knows when not to).
  const user = useUserInfo(api, { enabled: false }).data;
  const owner = auth.status === 'signed-in' ? (user?._id ?? null) : null;
  const ownerRef = useRef(owner);
  ownerRef.current = owner;
  const notifyRef = useRef<() => void>(() => undefined);

  // The ids the server gave this page's sessions, by the outbox entry that created each (`beacon`).
  const sessionIds = useRef(new Map<string, string>());
  const outbox = useMemo(() => {
    const send = sendWithApiClient(api, { currentOwner: () => ownerRef.current });
    return createOutbox({
      storage: host.storage,
      send: async (entry) => {
        const answer = await send(entry);
        const sessionId = entry.keepResult === 'sessionId' ? (answer as { sessionId?: unknown } | undefined)?.sessionId : undefined;
        if (typeof sessionId === 'string') sessionIds.current.set(entry.id, sessionId);
        return answer;
      },
    });
  }, [host, api]);

  useEffect(() => {
    if (!owner) return;
    const controller = new AbortController();
    const pump = startOutboxPump({ outbox, owner, win: globalThis.window, signal: controller.signal });
    notifyRef.current = () => pump.notify();
    return () => {
      controller.abort();
      notifyRef.current = () => undefined;
    };
  }, [outbox, owner]);

  const store = useStore();
  const sessions = useMemo(
    () =>
      createSessionTracker({
        idleMs: () => store.get(sessionIdleMsAtom),
        write: {
          async create(session, body) {
            const id = newOutboxId();
            await outbox.enqueue(session.key, createSessionRequest(session.accountId, session.userSub, body), { id, group: id, keepResult: 'sessionId' });
            notifyRef.current();
            return id;
          },
          async update(session, handle, endTime) {
            // The sessionId is filled in at send time with the one the server gave the session.
            const body = { sessionId: '000000000000000000000000', endTime };
            await outbox.enqueue(session.key, updateSessionRequest(session.accountId, session.userSub, body), { group: handle, refs: { sessionId: handle } });
            notifyRef.current();
          },
          beacon(session, handle, endTime) {
            const sessionId = sessionIds.current.get(handle);
            if (!sessionId || ownerRef.current !== session.key) return;
            const request = updateSessionRequest(session.accountId, session.userSub, { sessionId, endTime });
            api.request(request.method, request.path, { body: request.body, keepalive: true }).catch((error: unknown) => console.warn('Sending the session end at once failed; the outbox sends it later', error));
          },
        },
      }),
    [outbox, store, api],
  );
  // A page that answers no email (the admin app) records no usage session.
  const mailbox = useAtomValue(openMailboxAtom)?.address ?? null;
  useUsageSession(sessions, user && owner && mail ? user : null, mail?.sessionContext ?? 'self-serve', mailbox);

  const tracking = useMemo<Tracking>(
    () => ({ outbox, owner: () => ownerRef.current, notify: () => notifyRef.current(), sessions }),
    [outbox, sessions],
  );
  return <TrackingContext.Provider value={tracking}>{props.children}</TrackingContext.Provider>;
}

/** Interactions that keep a session going, and at most one of them counted per second. */
const INTERACTIONS = ['mousemove', 'pointerdown', 'keydown', 'wheel'] as const;
const INTERACTION_GRANULARITY_MS = 1000;

/** Keeps `sessions` on the signed-in user and fed with the user's interactions (rules §4). */
function useUsageSession(sessions: SessionTracker, user: User | null, context: SessionContext, mailbox: string | null): void {
  const userSub = user ? sessionSubOf(user) : null;
  const key = user && userSub ? `${user._id}|${user.account}|${userTeamIds(user).join(',')}` : null;
  useEffect(() => {
    if (!user || !userSub) {
      sessions.setUser(null);
      return;
    }
    sessions.setUser({
      key: user._id,
      accountId: user.account,
      userSub,
      body: {
        context,
        teams: userTeamIds(user),
        userEmail: user.email,
        cognitoSub: user.cognitoAuth?.sub ?? null,
        microsoftSub: user.microsoftAuth?.sub ?? null,
        ...(mailbox ? { mailbox } : {}),
      },
    });
    // Keyed on what the session records, not on the user object's identity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sessions, key, context, mailbox]);

  useEffect(() => {
    let last = 0;
    const onInteraction = () => {
      const at = Date.now();
      if (at - last < INTERACTION_GRANULARITY_MS) return;
      last = at;
      sessions.interaction();
    };
    const controller = new AbortController();
    for (const type of INTERACTIONS) globalThis.addEventListener(type, onInteraction, { passive: true, signal: controller.signal });
    // A pane being hidden or closed records the session's latest end time now; the outbox sends it
    // with `keepalive`, so it goes out even when the page is gone.
    globalThis.addEventListener('pagehide', () => sessions.checkpoint(), { signal: controller.signal });
    globalThis.document?.addEventListener(
      'visibilitychange',
      () => {
        if (globalThis.document.visibilityState === 'hidden') sessions.checkpoint();
      },
      { signal: controller.signal },
    );
    return () => controller.abort();
  }, [sessions]);

  useEffect(() => () => sessions.dispose(), [sessions]);
}

/**
 * Records one use of a block (rules §3 sent-auto-response) through the outbox; never throws. With
 * the signature of the open email (hashed terms, `src/tracking/email-signature-of.ts`, which
 * resolves to null when it cannot make one), the record teaches the team (server/learning).
 */
export function useRecordBlockUse(): (block: Block, uiSource: UiSource, emailSignature?: Promise<string[] | null> | null) => void {
  const tracking = useTracking();
  const host = useHost();
  const store = useStore();
  const { api } = useAuthServices();
  // Read from the cache only: the session keeper loads the user (and knows when not to).
  const user = useUserInfo(api, { enabled: false }).data;
  return useCallback(
    (block: Block, uiSource: UiSource, emailSignature?: Promise<string[] | null> | null) => {
      if (!user) {
        console.warn('A block was used before the user was known; the use is not recorded');
        return;
      }
      const mailbox = store.get(openMailboxAtom)?.address;
      const record = { ...buildSentRecord({ block, user, context: host.context, uiSource, at: new Date() }), ...(mailbox ? { mailbox } : {}) };
      // The signature never fails (a failed one is null): the use is recorded either way.
      Promise.resolve(emailSignature)
        .then((signature) => tracking.outbox.enqueue(user._id, sentRecordRequest(signature ? { ...record, emailSignature: signature } : record)))
        .then(
          () => tracking.notify(),
          (error: unknown) => console.warn('Recording a block use failed', error),
        );
    },
    [tracking, host, user, store],
  );
}

/** What logout keeps of the outbox across clearing local storage: its stored values, as they are. */
export type OutboxSnapshot = Array<[key: string, value: string]>;

/**
 * For logout: sends what the signed-in user still has in the outbox (waiting at most
 * `LOGOUT_DRAIN_MS`), then takes the outbox's stored values as they are (unsent entries, and the
 * ids they refer to), so logout can put them back after it cleared local storage.
 */
export function useOutboxAtLogout(): { beforeClear: (options: { send: boolean }) => Promise<OutboxSnapshot>; afterClear: (snapshot: OutboxSnapshot) => Promise<void> } {
  const tracking = useTracking();
  const { storage } = usePlatform();
  return useMemo(
    () => ({
      async beforeClear(options) {
        const owner = tracking.owner();
        // Logout ends the session (rules §4); its end goes out with the rest of the outbox.
        await tracking.sessions.end();
        try {
          if (owner && options.send) await tracking.outbox.drain(owner, { timeoutMs: LOGOUT_DRAIN_MS });
        } catch (error) {
          console.warn('Sending the outbox before logout failed', error);
        }
        const snapshot: OutboxSnapshot = [];
        for (const key of [OUTBOX_STORAGE_KEY, OUTBOX_RESULTS_KEY]) {
          const value = await storage.get(key).catch(() => null);
          if (value !== null) snapshot.push([key, value]);
        }
        return snapshot;
      },
      async afterClear(snapshot) {
        for (const [key, value] of snapshot) {
          await storage.set(key, value).catch((error: unknown) => console.warn('Keeping unsent records across logout failed', error));
        }
      },
    }),
    [tracking, storage],
  );
}
