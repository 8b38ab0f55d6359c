/**
 * The outbox as one JSON array in host storage under the spec's stored value name. Every change is
 * a read-modify-write under the outbox lock; a stored value that cannot be read is logged and
 * replaced (a broken value must not stop new records from being kept), and entries that fail the
 * check are left out one by one, so one bad entry does not cost the others.
 */
import type { KeyValueStorage } from '../../hosts/host';
import { parseOutboxEntry, type OutboxEntry } from './outbox-entry';
import { OUTBOX_LOCK_NAME, type OutboxLocks } from './outbox-lock';

export const OUTBOX_STORAGE_KEY = 'persistedUserAutoResponsesRecord';

/**
 * Enough for weeks offline at a heavy user's pace, small enough that storage quotas (5 MB for
 * localStorage) and parsing the whole array on every change stay workable.
 */
export const OUTBOX_MAX_ENTRIES = 5000;

export interface OutboxLog {
  warn(message: string): void;
}

export interface OutboxStore {
  read(): Promise<OutboxEntry[]>;
  /** Runs `change` on the current entries under the lock and stores what it returns (null: nothing changed). */
  update<T>(change: (entries: OutboxEntry[]) => { entries: OutboxEntry[] | null; result: T }): Promise<T>;
}

export function createOutboxStore(deps: { storage: KeyValueStorage; locks: OutboxLocks; log: OutboxLog; maxEntries?: number }): OutboxStore {
  const { storage, locks, log } = deps;
  const maxEntries = deps.maxEntries ?? OUTBOX_MAX_ENTRIES;

  async function load(): Promise<OutboxEntry[]> {
    const raw = await storage.get(OUTBOX_STORAGE_KEY);
    if (raw === null) return [];
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      log.warn(`Outbox: the stored value is not JSON; it is replaced (${raw.length} characters lost).`);
      return [];
    }
    if (!Array.isArray(value)) {
      log.warn('Outbox: the stored value is not a list; it is replaced.');
      return [];
    }
    const entries = value.map(parseOutboxEntry).filter((entry): entry is OutboxEntry => entry !== null);
    if (entries.length < value.length) log.warn(`Outbox: ${value.length - entries.length} unreadable entries were left out.`);
    return entries;
  }

  function capped(entries: OutboxEntry[]): OutboxEntry[] {
    if (entries.length <= maxEntries) return entries;
    const dropped = entries.length - maxEntries;
    log.warn(`Outbox: over ${maxEntries} entries; the ${dropped} oldest were dropped.`);
    return entries.slice(dropped);
  }

  return {
    // A lone read needs no lock: each storage call is atomic, and a read cannot lose a write.
    read: load,
    update: (change) =>
      locks.request(OUTBOX_LOCK_NAME, async () => {
        const { entries, result } = change(await load());
        if (entries) await storage.set(OUTBOX_STORAGE_KEY, JSON.stringify(capped(entries)));
        return result;
      }),
  };
}
