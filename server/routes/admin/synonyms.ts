/**
 * The account's synonyms, `GET/PUT /api/admin/accounts/{accountId}/synonyms`, account admins only
 * (server/words/synonyms.ts): saved whole, as the admin app's Synonyms page edits them.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { accountSynonyms } from '../../../src/api/contract/meaning';
import { requirePeopleAccess } from '../../people/access';
import { readSynonyms, saveSynonyms } from '../../words/synonyms';
import { contract } from '../contract';
import { ACCOUNT_ADMINS, peopleContext } from './people';

const PATH = '/accounts/:accountId/synonyms';

export function adminSynonymRoutes() {
  const routes = new Hono<AppEnv>();
  routes.use(PATH, requirePeopleAccess);
  routes.use(PATH, async (c, next) => {
    c.header('Cache-Control', 'private, no-store');
    await next();
  });
  const read = contract({ summary: "The account's synonyms: a word or phrase the public writes, and the office's words it means", response: accountSynonyms, responses: ACCOUNT_ADMINS });
  routes.get(PATH, read, async (c) => c.json(await readSynonyms(peopleContext(c))));
  const save = contract({
    summary: "Save the account's synonyms, whole (at most 300; a phrase at most 60 characters, listed once; what it means at most 100)",
    body: accountSynonyms,
    response: accountSynonyms,
    responses: ACCOUNT_ADMINS,
  });
  routes.put(PATH, save, async (c) => c.json(await saveSynonyms(peopleContext(c), await save.body(c))));
  return routes;
}
