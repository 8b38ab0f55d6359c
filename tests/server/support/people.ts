import { desc } from 'drizzle-orm';
import { createUserPool } from '../../../server/identity';
import { mailQueue } from '../../../server/mail/schema';
import type { Database } from '../../../server/db/database';
import { resetDatabase, testDatabase } from './database';
import { givenUser } from './given';
import { assignDomain } from '../../../server/people/domains';
import { makeWorld } from './world';

export const PEOPLE_POOL = 'local_people';
export const PEOPLE_CLIENT = 'people-client';

/**
 * The test world with a user pool to provision password sign-ins, and the callers of the people
 * routes: Olive the account admin of Alder County, Rita who administers Recorder only, Eve who
 * administers Elections only, Carol a member of Recorder, and Bob who administers Birch County's team.
 * Alder County owns alder.test (as the operator assigns it), so its work-account invitations link.
 */
export async function peopleWorld(options: Parameters<typeof makeWorld>[1] = {}) {
  const database = await testDatabase();
  await resetDatabase(database);
  const pool = createUserPool({ db: database.db, poolId: PEOPLE_POOL, clientId: PEOPLE_CLIENT, issuerBase: 'https://cannery.test/identity' });
  const world = await makeWorld(database, { provisioner: pool.provisioner, ...options });
  const { db } = database;
  await assignDomain(db, world.accountA.id, 'alder.test');
  const olive = await givenUser(db, world.accountA.id, { email: 'olive@alder.test', accountAdmin: true, name: 'Olive Admin' });
  const rita = await givenUser(db, world.accountA.id, { email: 'rita@alder.test', adminTeams: [world.recorder.id] });
  const eve = await givenUser(db, world.accountA.id, { email: 'eve@alder.test', adminTeams: [world.elections.id] });
  const carol = await givenUser(db, world.accountA.id, { email: 'carol@alder.test', teams: [world.recorder.id] });
  const bob = await givenUser(db, world.accountB.id, { email: 'bob.admin@birch.test', adminTeams: [world.birchTeam.id], accountAdmin: true });
  return { world, database, pool, olive, rita, eve, carol, bob };
}
export type PeopleWorld = Awaited<ReturnType<typeof peopleWorld>>;

/** The messages of the mail queue, newest first. */
export async function queuedMail(database: Database) {
  return database.db.select().from(mailQueue).orderBy(desc(mailQueue.createdAt));
}

/** The temporary password of an invitation's body. */
export function temporaryPasswordIn(body: string): string {
  const match = /^Temporary password: (\S+)$/m.exec(body);
  if (!match?.[1]) throw new Error('The invitation holds no temporary password.');
  return match[1];
}
