/**
 * Answers the outbox keeps for later entries: the id the server gave a record that an entry
 * created (`keepResult`), which the entries updating that record name (`refs`). Stored in host
 * storage next to the outbox, so a reload between the create and its updates loses nothing.
 * Results no entry refers to are let go after a while; the newest are kept when there are many.
 */
import { z } from '../api/contract/zod';
import type { KeyValueStorage } from '../../hosts/host';
import { OUTBOX_LOCK_NAME, type OutboxLocks } from './outbox-lock';

export const OUTBOX_RESULTS_KEY = 'persistedOutboxResults';
/** Kept at least this long, so updates that wait behind a backed-off create still find it. */
export const RESULT_KEEP_MS = 30 * 24 * 60 * 60 * 1000;
export const RESULTS_MAX = 1000;

const stored = z.record(z.string(), z.object({ value: z.string(), at: z.number() }));
type Results = z.infer<typeof stored>;

export interface OutboxResults {
  get(entryId: string): Promise<string | null>;
  put(entryId: string, value: string, now: number): Promise<void>;
}

export function createOutboxResults(deps: { storage: KeyValueStorage; locks: OutboxLocks }): OutboxResults {
  const { storage, locks } = deps;

  async function load(): Promise<Results> {
    const raw = await storage.get(OUTBOX_RESULTS_KEY);
    if (raw === null) return {};
    try {
      const parsed = stored.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : {};
    } catch {
      return {};
    }
  }

  return {
    async get(entryId) {
      return (await load())[entryId]?.value ?? null;
    },
    put: (entryId, value, now) =>
      locks.request(OUTBOX_LOCK_NAME, async () => {
        const kept = Object.entries({ ...(await load()), [entryId]: { value, at: now } })
          .filter(([, result]) => now - result.at < RESULT_KEEP_MS)
          .sort((a, b) => b[1].at - a[1].at)
          .slice(0, RESULTS_MAX);
        await storage.set(OUTBOX_RESULTS_KEY, JSON.stringify(Object.fromEntries(kept)));
      }),
  };
}
