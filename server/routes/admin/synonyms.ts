/**
 * The account's synonyms, `GET/PUT /api/admin/accounts/{accountId}/synonyms`, account admins only
 * (server/meaning/synonyms.ts): saved whole, as the admin app's Synonyms page edits them.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { accountSynonyms } from '../../../src/api/contract/meaning';
import { readJson } from '../../errors';
import { requirePeopleAccess } from '../../people/access';
import { readSynonyms, saveSynonyms } from '../../meaning/synonyms';
import type { PeopleContext } from '../../people/members';
import type { Context } from 'hono';

const PATH = '/accounts/:accountId/synonyms';

function context(c: Context<AppEnv>): PeopleContext {
  const { services, caller } = c.var;
  return { db: services.database.db, caller, provisioner: services.provisioner ?? null, now: () => new Date(), origin: services.publicOrigin, mailQueued: services.mailQueued };
}

export function adminSynonymRoutes() {
  const routes = new Hono<AppEnv>();
  routes.use(PATH, requirePeopleAccess);
  routes.use(PATH, async (c, next) => {
    c.header('Cache-Control', 'private, no-store');
    await next();
  });
  routes.get(PATH, async (c) => c.json(await readSynonyms(context(c))));
  routes.put(PATH, async (c) => c.json(await saveSynonyms(context(c), await readJson(c, accountSynonyms))));
  return routes;
}
