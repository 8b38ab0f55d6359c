import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_ROUTES, ACCOUNTS_MOUNT, accountPath, routePattern } from '../../src/api/contract/paths';
import type { Database } from '../../server/db/database';
import { openApiDocument } from '../../server/openapi';
import { makeTestApp } from './support/app';
import { testDatabase } from './support/database';

/**
 * The member API's URLs are spelled once, in src/api/contract/paths.ts: the client builds its
 * requests from them, the server registers its routes from them, and no other product file spells
 * the API's own names for blocks and checklists.
 */
let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});

describe('the member API paths', () => {
  it('builds request paths with each parameter encoded', () => {
    expect(accountPath(ACCOUNT_ROUTES.blockUses, { accountId: 'a1', teamId: 't/2' })).toBe('accounts/a1/teams/t%2F2/sentautoresponses');
    expect(accountPath(ACCOUNT_ROUTES.favourite, { accountId: 'a1', autoResponseId: 'b 1' })).toBe('accounts/a1/favouriteautoresponses/b%201');
    expect(() => accountPath(ACCOUNT_ROUTES.teams, {} as { accountId: string })).toThrow('no value for {accountId}');
  });

  it('registers every one of them on the server, and the server serves no other route under an account', () => {
    const served = Object.keys(openApiDocument(makeTestApp(database).routes).paths).filter((path) => path.startsWith(`/${ACCOUNTS_MOUNT}/`));
    const declared = Object.values(ACCOUNT_ROUTES).map((route) => `/${ACCOUNTS_MOUNT}${route}`);
    expect(new Set(served)).toEqual(new Set(declared));
    expect(routePattern(ACCOUNT_ROUTES.sessions)).toBe('/:accountId/users/:userSub/sessions');
  });

  it('is the only product file that spells the API names of blocks and checklists', () => {
    const files = execFileSync('git', ['ls-files', 'src', 'server', 'hosts', 'entrypoints'], { encoding: 'utf8' })
      .split('\n')
      .filter((file) => /\.tsx?$/.test(file) && !file.startsWith('src/api/contract/'));
    const spelled = files.filter((file) => /\b(?:sent|suggested|favourite)?autoresponses\b|\b(?:recorded)?phoneflows\b/.test(readFileSync(file, 'utf8')));
    expect(spelled).toEqual([]);
  });
});
