import type { MessageSenderLike } from '../shared/senders';
import type { ClaimedPicker, FrameTarget } from './protocol';

/**
 * The picker's target comes from Cannery, never from a URL a page can write. When the user opens
 * the picker (context menu or shortcut), the background issues a grant: an unguessable one-time
 * token bound to the tab, the frame and that frame's origin, kept in the extension's session
 * storage (which content scripts cannot read, and which outlives a sleeping service worker). The
 * content script of that frame receives it from the background and puts it into the picker's
 * address; the picker page claims it from the background, which answers with the target only if
 * the claiming frame sits in the granted tab and nobody claimed it before. The content script then
 * answers the picker only with that grant and only from that tab.
 */

/** A grant not claimed within this time is void (the picker page claims it as it loads). */
export const GRANT_CLAIM_MS = 60_000;
/** Grants are forgotten after this long, claimed or not (a picker open all day keeps working: the content script holds its grant). */
export const GRANT_KEEP_MS = 12 * 60 * 60_000;
const PREFIX = 'picker-grant:';
/** 32 random bytes, base64url: what a grant looks like. */
const GRANT_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export interface PickerGrant {
  target: FrameTarget;
  /** The origin of the frame's page when the user asked for the picker. */
  origin: string;
  issuedAt: number;
  /** The shortcut typed in the frame, when the grant was issued for one (the picker inserts its block at once). */
  shortcut?: string;
  /** The picker frame that claimed it: its tab and frame (a reload of that same frame may claim again). */
  claimedBy?: { tabId: number; frameId: number };
}

/** The subset of `storage.session` the grants use; tests pass an in-memory one. */
export interface GrantStore {
  get(key: string | null): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(keys: string | string[]): Promise<void>;
}

export interface PickerGrants {
  /** A new grant for `target` (any earlier grant of that frame is void). */
  issue(target: FrameTarget, origin: string, shortcut?: string): Promise<string>;
  /** The target of `grant` for the picker frame `sender`, or null when it may not have it. */
  claim(grant: unknown, sender: MessageSenderLike): Promise<ClaimedPicker | null>;
  /** The target of a claimed `grant` when `sender` is the picker frame that claimed it; null otherwise. */
  verify(grant: unknown, sender: MessageSenderLike): Promise<FrameTarget | null>;
  /** What a claimed `grant` gives when `sender` is the picker frame that claimed it (its frame and that frame's origin); null otherwise. */
  verifyClaim(grant: unknown, sender: MessageSenderLike): Promise<ClaimedPicker | null>;
  /** Whether `grant` is still issued and a picker frame claimed it. */
  isClaimed(grant: string): Promise<boolean>;
  /** The live grant of `target`, for the background's own insertions (e2e hook). */
  current(target: FrameTarget): Promise<string | null>;
}

function randomGrant(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Whether a value has a grant's shape (checked before it is used as a storage key). */
export function isGrantShaped(value: unknown): value is string {
  return typeof value === 'string' && GRANT_SHAPE.test(value);
}

function isGrant(value: unknown): value is PickerGrant {
  if (typeof value !== 'object' || value === null) return false;
  const grant = value as Partial<PickerGrant>;
  return typeof grant.target?.tabId === 'number' && typeof grant.target.frameId === 'number' && typeof grant.origin === 'string' && typeof grant.issuedAt === 'number';
}

export function createPickerGrants(store: GrantStore, now: () => number = Date.now): PickerGrants {
  // One change at a time: two frames claiming one grant at once must not both read it unclaimed.
  // The service worker is one process, so a queue in memory serialises every change to the grants.
  let queue: Promise<unknown> = Promise.resolve();
  function serially<T>(work: () => Promise<T>): Promise<T> {
    const result = queue.then(work, work);
    queue = result.catch(() => undefined);
    return result;
  }

  async function all(): Promise<Array<[string, PickerGrant]>> {
    const stored = await store.get(null);
    return Object.entries(stored).flatMap(([key, value]) => (key.startsWith(PREFIX) && isGrant(value) ? [[key.slice(PREFIX.length), value] as [string, PickerGrant]] : []));
  }

  async function issue(target: FrameTarget, origin: string, shortcut?: string): Promise<string> {
    const time = now();
    // One live grant per frame, and nothing kept past its time.
    const stale = (await all()).filter(([, grant]) => time - grant.issuedAt > GRANT_KEEP_MS || (grant.target.tabId === target.tabId && grant.target.frameId === target.frameId));
    if (stale.length > 0) await store.remove(stale.map(([token]) => PREFIX + token));
    const token = randomGrant();
    const grant: PickerGrant = { target: { tabId: target.tabId, frameId: target.frameId }, origin, issuedAt: time, ...(shortcut ? { shortcut } : {}) };
    await store.set({ [PREFIX + token]: grant });
    return token;
  }

  async function claim(token: unknown, sender: MessageSenderLike): Promise<ClaimedPicker | null> {
    if (!isGrantShaped(token)) return null;
    const tabId = sender.tab?.id;
    const frameId = sender.frameId;
    if (typeof tabId !== 'number' || typeof frameId !== 'number') return null;
    const key = PREFIX + token;
    const grant = (await store.get(key))[key];
    if (!isGrant(grant)) return null;
    const age = now() - grant.issuedAt;
    // The picker frame must sit in the tab the user opened it in.
    if (grant.target.tabId !== tabId || age > GRANT_KEEP_MS) return null;
    if (grant.claimedBy) {
      // Claimed once: only that same frame again (the picker page reloaded), never another one.
      if (grant.claimedBy.tabId !== tabId || grant.claimedBy.frameId !== frameId) return null;
    } else {
      if (age > GRANT_CLAIM_MS) return null;
      await store.set({ [key]: { ...grant, claimedBy: { tabId, frameId } } satisfies PickerGrant });
    }
    return { target: grant.target, origin: grant.origin, ...(typeof grant.shortcut === 'string' ? { shortcut: grant.shortcut } : {}) };
  }

  async function verifyClaim(token: unknown, sender: MessageSenderLike): Promise<ClaimedPicker | null> {
    if (!isGrantShaped(token)) return null;
    const key = PREFIX + token;
    const grant = (await store.get(key))[key];
    if (!isGrant(grant) || !grant.claimedBy || now() - grant.issuedAt > GRANT_KEEP_MS) return null;
    const same = grant.claimedBy.tabId === sender.tab?.id && grant.claimedBy.frameId === sender.frameId;
    return same ? { target: grant.target, origin: grant.origin } : null;
  }

  async function verify(token: unknown, sender: MessageSenderLike): Promise<FrameTarget | null> {
    return (await verifyClaim(token, sender))?.target ?? null;
  }

  async function isClaimed(token: string): Promise<boolean> {
    if (!isGrantShaped(token)) return false;
    const key = PREFIX + token;
    const grant = (await store.get(key))[key];
    return isGrant(grant) && grant.claimedBy !== undefined;
  }

  async function current(target: FrameTarget): Promise<string | null> {
    const found = (await all()).filter(([, grant]) => grant.target.tabId === target.tabId && grant.target.frameId === target.frameId);
    return found.at(-1)?.[0] ?? null;
  }

  return {
    issue: (target, origin, shortcut) => serially(() => issue(target, origin, shortcut)),
    claim: (token, sender) => serially(() => claim(token, sender)),
    verify,
    verifyClaim,
    isClaimed,
    current,
  };
}
