/**
 * Counting requests against the pool's caps (limits.ts) in the windows every instance shares
 * (`identity_rate_windows`), with this instance's own count in front, and the keys of the shared
 * tables (HMACs, never the address or username itself).
 */
import { createHmac } from 'node:crypto';
import { lt, sql } from 'drizzle-orm';
import type { PoolContext } from './context';
import { summarizeFailure } from './errors';
import type { Cap } from './limits';
import { identityRateWindows, identityUnknownFailures } from './schema';

/** How often (at most) an instance deletes the expired rows of the shared counters. */
const SWEEP_EVERY_MS = 60_000;

/** An HMAC of the pool id and `parts` under the pool's secret for `label`: what the shared tables key by. */
export async function sharedKey(context: PoolContext, label: string, ...parts: string[]): Promise<string> {
  const secret = await context.keys.secret(label);
  return createHmac('sha256', secret).update([context.poolId, ...parts].join('\n')).digest('base64url');
}

/** Counts one event in the shared window; returns the window's count, this event included. */
async function countShared(context: PoolContext, cap: Cap, key: string, start: Date): Promise<number> {
  const end = new Date(start.getTime() + cap.windowSeconds * 1000);
  const t = identityRateWindows;
  const [row] = await context.db
    .insert(t)
    .values({ key: await sharedKey(context, 'rate windows', cap.name, key), windowStart: start, count: 1, expiresAt: end })
    // A later window starts the count again; an instance whose clock is a little behind adds to the later one.
    .onConflictDoUpdate({
      target: t.key,
      set: {
        count: sql`case when ${t.windowStart} >= excluded.window_start then ${t.count} + 1 else 1 end`,
        windowStart: sql`greatest(${t.windowStart}, excluded.window_start)`,
        expiresAt: sql`greatest(${t.expiresAt}, excluded.expires_at)`,
      },
    })
    .returning({ count: t.count });
  return row?.count ?? 1;
}

/** Deletes expired rows of the shared counters, at most once a minute per instance, in the background. */
function sweep(context: PoolContext, at: Date): void {
  const local = context.capWindows;
  if (at.getTime() - local.lastSweep < SWEEP_EVERY_MS) return;
  local.lastSweep = at.getTime();
  const { db, logger } = context;
  const done = Promise.all([
    db.delete(identityRateWindows).where(lt(identityRateWindows.expiresAt, at)),
    db.delete(identityUnknownFailures).where(lt(identityUnknownFailures.expiresAt, at)),
  ]).then(
    () => undefined,
    (error: unknown) => logger.warn({ failure: summarizeFailure(error) }, 'sweeping expired sign-in counters failed; the next sweep retries'),
  );
  context.background.add(done);
  void done.finally(() => context.background.delete(done));
}

/**
 * Counts one request against each cap, in order, and throws the first cap's refusal that is full.
 * A request refused by one cap is not counted by the caps after it. A cap this instance alone has
 * already filled in the current window refuses before any query, and before any cap is counted.
 */
export async function admit(context: PoolContext, ...checks: Array<[Cap, string]>): Promise<void> {
  const at = context.now();
  const windows = checks.map(([cap, raw]) => {
    const key = cap.keyOf ? cap.keyOf(raw) : raw;
    const windowMs = cap.windowSeconds * 1000;
    return { cap, key, id: `${cap.name}\n${key}`, start: Math.floor(at.getTime() / windowMs) * windowMs };
  });
  for (const { cap, id, start } of windows) {
    if (context.capWindows.count(id, start) >= cap.limit) throw cap.refusal();
  }
  for (const { cap, key, id, start } of windows) {
    context.capWindows.add(id, start);
    if ((await countShared(context, cap, key, new Date(start))) > cap.limit) throw cap.refusal();
  }
  sweep(context, at);
}
