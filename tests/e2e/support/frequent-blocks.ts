/**
 * Teams of their own for home.spec.ts's Frequently Used test: Frequently Used ranks a team's blocks
 * by every member's uses, so in Elections the blocks other tests use (a hundred times in
 * outbox.spec.ts) decide what it shows. Each run of the test (`E2E_RUNS_PER_SERVER`) has its own
 * team, holding copies of two demo blocks no one else uses, so a retry starts from no uses too.
 * Only the e2e server launcher (`support/server.ts`) writes them.
 */
import type { Db } from '../../../server/db/database';
import { newId } from '../../../server/db/ids';
import { blocks, teams } from '../../../server/db/schema';
import { DEMO_ACCOUNT, DEMO_BLOCKS } from '../../../server/seed/demo-data';

/** The demo blocks each team holds a copy of. */
export const FREQUENT_BLOCK_NAMES = ['Candidate Filing Period', 'Track My Ballot'] as const;

/** The team of run `run` (fixed ids, so `users.ts` can put the run's user in it before it exists). */
export function frequentTeam(run: number): { id: string; name: string } {
  return { id: `64b0000000000000000f${String(run).padStart(4, '0')}`, name: `Frequent Use ${run + 1}` };
}

export async function seedFrequentBlocks(db: Db, runs: number): Promise<void> {
  const copies = FREQUENT_BLOCK_NAMES.map((name) => {
    const block = DEMO_BLOCKS.find((candidate) => candidate.name === name);
    if (!block) throw new Error(`The demo data has no block "${name}"`);
    return block;
  });
  for (let run = 0; run < runs; run++) {
    const team = frequentTeam(run);
    await db.insert(teams).values({ ...team, accountId: DEMO_ACCOUNT.id });
    await db.insert(blocks).values(
      copies.map((block) => ({
        id: newId(),
        accountId: DEMO_ACCOUNT.id,
        teamId: team.id,
        name: block.name,
        body: block.body,
        categories: block.categories,
        supportedContexts: block.contexts,
      })),
    );
  }
}
