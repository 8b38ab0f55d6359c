/**
 * A person's data, under `/api/admin/accounts/{accountId}/members/{memberId}`, for account admins
 * only (team admins 403; a person of another account, or none, 404 without saying which):
 * `GET .../export?format=json|csv` everything Cannery holds about them (server/privacy/person-data.ts),
 * `POST .../erase` with their address typed again erases it (server/privacy/erasure.ts). Both are audited.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { eraseMemberInput, erasureReport, personDataExport, personDataQuery } from '../../../src/api/contract/retention';
import { requirePeopleAccess } from '../../people/access';
import { erasePerson } from '../../privacy/erasure';
import { exportPersonData } from '../../privacy/person-data';
import { contract } from '../contract';
import { ACCOUNT_ADMINS, peopleContext } from './people';
import { pathIdOf } from './route-helpers';

const MEMBER = '/accounts/:accountId/members/:memberId';

export function adminPersonDataRoutes() {
  const routes = new Hono<AppEnv>();
  routes.use(`${MEMBER}/export`, requirePeopleAccess);
  routes.use(`${MEMBER}/erase`, requirePeopleAccess);

  const exported = contract({
    summary: 'Everything Cannery holds about the person, from every table that holds people’s rows: JSON (format=json, the default) or one CSV file per table in a ZIP (format=csv); audited',
    query: personDataQuery,
    responses: {
      ...ACCOUNT_ADMINS,
      '200': {
        description: 'The file, as an attachment; credentials (password verifiers, sealed secrets, hashes) are left out and named',
        headers: { 'Content-Disposition': { schema: { type: 'string', example: 'attachment; filename="casey-clerk-data-2026-11-23.json"' } } },
        content: { 'application/json': personDataExport, 'application/zip': 'text' },
      },
    },
  });
  routes.get(`${MEMBER}/export`, exported, async (c) => {
    const { format } = exported.query(c);
    const file = await exportPersonData(peopleContext(c), pathIdOf(c, 'memberId', 'Member'), format);
    return c.body(file.body, 200, {
      'Content-Type': file.type,
      'Content-Disposition': `attachment; filename="${file.filename}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    });
  });

  const erase = contract({
    summary: "Erase the person: their own rows and sign-in go, records kept for statistics lose who they were (an anonymous id); the body repeats their address; audited",
    body: eraseMemberInput,
    response: erasureReport,
    responses: {
      ...ACCOUNT_ADMINS,
      '400': { description: 'The body is not valid, or the address typed is not the person’s' },
      '409': { description: 'The person is an account admin' },
    },
  });
  routes.post(`${MEMBER}/erase`, erase, async (c) => {
    const { email } = await erase.body(c);
    return c.json(await erasePerson(peopleContext(c), pathIdOf(c, 'memberId', 'Member'), email));
  });
  return routes;
}
