import { Hono } from 'hono';
import { ACCOUNT_ROUTES, routePattern } from '../../src/api/contract/paths';
import type { AppEnv } from '../app-env';
import { created, suggestedAutoResponse } from '../../src/api/contract/usage';
import { newId } from '../db/ids';
import { suggestedAutoResponses } from '../db/records-schema';
import { requireAccountMember, requireTeamMember } from '../auth/middleware';
import { contract } from './contract';
import { eq } from 'drizzle-orm';
import { accounts } from '../db/schema';
import { detectLanguage } from '../../src/domain/detect-language';
import { accountLanguages } from '../../src/domain/languages';

/** `POST ACCOUNT_ROUTES.suggestions` → 201 `{ _id }`; the suggestion keeps the language it is written in. */
export function suggestionRoutes() {
  const suggest = contract({ summary: 'Suggest a block', body: suggestedAutoResponse, response: created, status: 201 });
  return new Hono<AppEnv>().post(routePattern(ACCOUNT_ROUTES.suggestions), suggest, requireAccountMember, requireTeamMember, async (c) => {
    const body = await suggest.body(c);
    const { caller } = c.var;
    const id = newId();
    const { db } = c.var.services.database;
    // The language it is written in, among the account's, told from its text as Home tells an email's.
    const [account] = await db.select({ languages: accounts.languages }).from(accounts).where(eq(accounts.id, caller.accountId)).limit(1);
    const language = detectLanguage(`${body.name}\n${body.body}`, accountLanguages(account?.languages));
    await db.insert(suggestedAutoResponses).values({
      id,
      accountId: caller.accountId,
      teamId: c.req.param('teamId').toLowerCase(),
      userId: caller.id,
      userEmail: caller.email,
      name: body.name,
      body: body.body,
      supportedContexts: body.supportedContexts,
      cognitoSub: caller.cognitoSub,
      microsoftSub: caller.microsoftSub,
      language,
    });
    return c.json({ _id: id }, 201);
  });
}
