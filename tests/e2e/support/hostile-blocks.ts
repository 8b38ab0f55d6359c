/**
 * Hostile block bodies on the e2e server: every XSS vector of tests/fixtures/xss-vectors.ts saved
 * as a block of its own team, 'Hostile Samples', in the demo account, so the playground previews
 * and inserts them as it would an attacker's saved reply (xss.spec.ts). Only the e2e server
 * launcher (`support/server.ts`) writes them; the demo account of `npm start` never holds them.
 */
import type { Db } from '../../../server/db/database';
import { newId } from '../../../server/db/ids';
import { blocks, teams } from '../../../server/db/schema';
import { DEMO_ACCOUNT } from '../../../server/seed/demo-data';
import { xssVectors } from '../../fixtures/xss-vectors';

/** Fixed id, so `users.ts` can put the 'xss' role's users in the team before it exists. */
export const HOSTILE_TEAM = { id: '64b000000000000000000e01', name: 'Hostile Samples' } as const;

/**
 * Adds the team and one block per vector, named after the vector, uncategorized and offered in
 * every context (Outlook, Gmail, text fields).
 */
export async function seedHostileBlocks(db: Db): Promise<number> {
  await db.insert(teams).values({ ...HOSTILE_TEAM, accountId: DEMO_ACCOUNT.id });
  const rows = xssVectors.map((vector) => ({
    id: newId(),
    accountId: DEMO_ACCOUNT.id,
    teamId: HOSTILE_TEAM.id,
    name: vector.name,
    body: vector.html,
    categories: [],
    supportedContexts: ['outlook', 'gmail', 'text_input'],
  }));
  await db.insert(blocks).values(rows);
  return rows.length;
}
