import type { Database } from '../../../server/db/database';
import { resetDatabase, testDatabase } from './database';
import { makeTestApp } from './app';
import { givenAccount, givenBlock, givenChecklist, givenTeam, givenUser } from './given';
import { makeTestIssuer } from './tokens';

// RSA key generation is slow: one pair of issuers serves every world of the worker.
let issuers: ReturnType<typeof makeIssuers> | undefined;
async function makeIssuers() {
  return { cognito: await makeTestIssuer('cognito'), microsoft: await makeTestIssuer('microsoft') };
}

/**
 * Two accounts for tenant-isolation tests. Account A has teams Elections and Recorder; Alice is in
 * Elections only, Ada administers Recorder and is a member of Elections. Account B has one team
 * and Bob. Each team has blocks.
 */
export async function makeWorld(database: Database, options: Parameters<typeof makeTestApp>[1] = {}) {
  const { db } = database;
  const { cognito, microsoft } = await (issuers ??= makeIssuers());
  const accountA = await givenAccount(db, { name: 'Alder County', hasPhoneFlowAccess: true });
  const accountB = await givenAccount(db, { name: 'Birch County' });
  const elections = await givenTeam(db, accountA.id, { name: 'Elections' });
  const recorder = await givenTeam(db, accountA.id, { name: 'Recorder' });
  const birchTeam = await givenTeam(db, accountB.id, { name: 'Birch Elections' });
  const alice = await givenUser(db, accountA.id, { email: 'alice@alder.test', teams: [elections.id] });
  const ada = await givenUser(db, accountA.id, {
    email: 'ada@alder.test',
    teams: [elections.id],
    adminTeams: [recorder.id, elections.id],
    cognitoSub: null,
    microsoftSub: 'ms-ada',
  });
  const bob = await givenUser(db, accountB.id, { email: 'bob@birch.test', teams: [birchTeam.id] });
  const electionBlock = await givenBlock(db, elections, { name: 'Ballot tracking', categories: ['Mail Ballots'] });
  const recorderBlock = await givenBlock(db, recorder, { name: 'Recording fees', subjectLine: 'Fees', cc: ['fees@alder.test'] });
  const birchBlock = await givenBlock(db, birchTeam, { name: 'Birch secret block' });
  const electionChecklist = await givenChecklist(db, elections, { name: 'Replacement ballot', blockIds: [electionBlock.id] });
  const recorderChecklist = await givenChecklist(db, recorder, { name: 'Deed copy request' });
  const app = makeTestApp(database, { issuers: [cognito.trusted, microsoft.trusted], ...options });

  const tokenFor = (user: { cognitoSub: string | null; microsoftSub: string | null }) =>
    user.cognitoSub ? cognito.idToken(user.cognitoSub) : microsoft.idToken(user.microsoftSub ?? '');

  /** Calls the API as `user` (or anonymously with `null`). */
  const call = async (user: typeof alice | null, path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (user) headers.set('Authorization', `Bearer ${await tokenFor(user)}`);
    if (init.body && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
    return app.request(`/api${path}`, { ...init, headers });
  };

  return { app, call, cognito, microsoft, accountA, accountB, elections, recorder, birchTeam, alice, ada, bob, electionBlock, recorderBlock, birchBlock, electionChecklist, recorderChecklist };
}

export type World = Awaited<ReturnType<typeof makeWorld>>;

/** An emptied test database with a new world in it: `({ world, database } = await freshWorld())`. */
export async function freshWorld(options: Parameters<typeof makeWorld>[1] = {}): Promise<{ world: World; database: Database }> {
  const database = await testDatabase();
  await resetDatabase(database);
  return { world: await makeWorld(database, options), database };
}
