/**
 * Blocks laid out three ways, on the e2e server only, in a team of their own ('Line Samples'): one
 * that starts with a paragraph, one that starts with a list, and one of inline content only. The
 * line-break tests (line-breaks.spec.ts, editor-matrix.spec.ts) type "Hello Jordan," and insert
 * them, so each needs a first line it can be found by. Offered in every context.
 */
import type { Db } from '../../../server/db/database';
import { newId } from '../../../server/db/ids';
import { blocks, teams } from '../../../server/db/schema';
import { DEMO_ACCOUNT } from '../../../server/seed/demo-data';

/** Fixed id, so `users.ts` can put the line-break roles' users in the team before it exists. */
export const LINE_TEAM = { id: '64b000000000000000000e02', name: 'Line Samples' } as const;

export interface LineBlock {
  name: string;
  html: string;
  /** The text of its first line, as the user sees it. */
  firstLine: string;
  /** Its whole text, one line per paragraph or list item. */
  lines: string[];
}

export const LINE_BLOCKS = {
  paragraphFirst: {
    name: 'Vote Center Hours Sample',
    html: '<p>Vote centers are open every day from 9:00 a.m. to 5:00 p.m.</p><p>Anyone in line at closing may vote.</p>',
    firstLine: 'Vote centers are open every day from 9:00 a.m. to 5:00 p.m.',
    lines: ['Vote centers are open every day from 9:00 a.m. to 5:00 p.m.', 'Anyone in line at closing may vote.'],
  },
  listFirst: {
    name: 'What to Bring Sample',
    html: '<ul><li>Thank you for asking what to bring.</li><li>A photo ID helps but is not required.</li></ul><p>See you at the polls.</p>',
    firstLine: 'Thank you for asking what to bring.',
    lines: ['Thank you for asking what to bring.', 'A photo ID helps but is not required.', 'See you at the polls.'],
  },
  inlineOnly: {
    name: 'Sign-off Sample',
    html: 'see you at the <strong>vote center</strong>.',
    firstLine: 'see you at the vote center.',
    lines: ['see you at the vote center.'],
  },
} as const satisfies Record<string, LineBlock>;

/** Adds the team and its three blocks. */
export async function seedLineBlocks(db: Db): Promise<number> {
  await db.insert(teams).values({ ...LINE_TEAM, accountId: DEMO_ACCOUNT.id });
  return insertSampleBlocks(db, Object.values(LINE_BLOCKS));
}

/** Adds `samples` to the line samples' team (which `seedLineBlocks` creates), offered in every context. */
export async function insertSampleBlocks(db: Db, samples: ReadonlyArray<{ name: string; html: string }>): Promise<number> {
  const rows = samples.map((block) => ({
    id: newId(),
    accountId: DEMO_ACCOUNT.id,
    teamId: LINE_TEAM.id,
    name: block.name,
    body: block.html,
    categories: [],
    supportedContexts: ['outlook', 'gmail', 'text_input'],
  }));
  await db.insert(blocks).values(rows);
  return rows.length;
}
