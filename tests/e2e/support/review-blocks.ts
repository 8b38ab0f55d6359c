/**
 * The Needs review and Clean up walk's own data (reviews.spec.ts): per run, a team of its own in
 * the demo account, 'Review Samples <run>', with an admin who is also its member, a block whose
 * review fell due long ago and a block nobody ever used, so no other test's lists change. Only
 * the e2e server launcher (`support/server.ts`) writes it.
 */
import type { TestInfo } from '@playwright/test';
import type { Db } from '../../../server/db/database';
import { newId } from '../../../server/db/ids';
import { blocks, teams } from '../../../server/db/schema';
import { DEMO_ACCOUNT, DEMO_DOMAIN } from '../../../server/seed/demo-data';
import type { UserPool } from '../../../server/identity';
import { E2E_PASSWORD, E2E_RUNS_PER_SERVER } from './users';

const DAY_MS = 86_400_000;

/** The team of run `run`: fixed ids, so tests name it before it exists. */
export const reviewTeam = (run: number) => ({ id: `64b000000000000000000f${String(run).padStart(2, '0')}`, name: `Review Samples ${run}` });

export const REVIEW_BLOCKS = {
  due: 'Early Voting Hours',
  unused: 'Polling Place Moved',
} as const;

export const reviewAdmin = (run: number) => ({ email: `e2e-reviews-${run}@${DEMO_DOMAIN}`, password: E2E_PASSWORD });

/** The admin of this run of a test: each repetition and each retry gets a fresh team. */
export function reviewAdminFor(testInfo: Pick<TestInfo, 'repeatEachIndex' | 'retry' | 'project'>) {
  const run = testInfo.repeatEachIndex * (testInfo.project.retries + 1) + testInfo.retry;
  return { ...reviewAdmin(run), team: reviewTeam(run) };
}

export async function seedReviewBlocks(db: Db, pool: UserPool): Promise<void> {
  const now = Date.now();
  for (let run = 0; run < E2E_RUNS_PER_SERVER; run += 1) {
    const team = reviewTeam(run);
    await db.insert(teams).values({ ...team, accountId: DEMO_ACCOUNT.id });
    const admin = await pool.createUser({ ...reviewAdmin(run), accountId: DEMO_ACCOUNT.id, teams: [team.id], adminTeams: [team.id] });
    const ownerUserId = admin.canneryUserId;
    const common = { accountId: DEMO_ACCOUNT.id, teamId: team.id, categories: [], supportedContexts: ['outlook', 'gmail', 'text_input'], ownerUserId };
    await db.insert(blocks).values([
      { id: newId(), ...common, name: REVIEW_BLOCKS.due, body: '<p>Early voting runs from 8 a.m. to 5 p.m. on weekdays.</p>', reviewEveryDays: 90, reviewedAt: new Date(now - 100 * DAY_MS) },
      { id: newId(), ...common, name: REVIEW_BLOCKS.unused, body: '<p>Your polling place has moved to the library.</p>' },
    ]);
  }
}
