import { beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import type { AppEnv } from '../../server/app-env';
import { accounts, blocks, teams } from '../../server/db/schema';
import { classificationOutcomes } from '../../server/db/records-schema';
import { classifierStates, classifierWordCounts } from '../../server/classifier/schema';
import type { Database } from '../../server/db/database';
import { makeClassificationOutcome } from '../fixtures/factories';
import { makeTestApp } from './support/app';
import { json } from './support/bodies';
import { givenBlock } from './support/given';
import { freshWorld, type World } from './support/world';

let world: World;
let database: Database;
beforeEach(async () => {
  ({ world, database } = await freshWorld());
});

const outcome = makeClassificationOutcome();
const ELECTION_EMAIL = 'Hello, I moved last month and want to update my voter registration before the primary. Where is my new polling place?';
const RECORDER_EMAIL = 'Hi, we paid off our mortgage and need the reconveyance recorded. Also how much is a certified copy of the grant deed?';
/** Leans Election on the seed corpus (office hours are asked of both offices). */
const BORDERLINE = 'Is your office open on Monday?';

async function turnOn(accountId: string, teams: string[]) {
  await database.db.update(accounts).set({ emailClassificationOn: true, emailClassificationTeams: teams }).where(eq(accounts.id, accountId));
}

async function classify(text: string, user = world.alice, app?: Hono<AppEnv>) {
  const init = json('POST', { text });
  const response = app ? await callOn(app, user, '/classify', init) : await world.call(user, '/classify', init);
  expect(response.status).toBe(200);
  return (await response.json()) as { prediction: string; confidence: number };
}

/** `world.call` against another app on the same database: another instance, or one after a restart. */
async function callOn(app: Hono<AppEnv>, user: World['alice'], path: string, init: RequestInit) {
  const headers = new Headers(init.headers);
  const token = user.cognitoSub ? await world.cognito.idToken(user.cognitoSub) : await world.microsoft.idToken(user.microsoftSub ?? '');
  headers.set('Authorization', `Bearer ${token}`);
  return app.request(`/api${path}`, { ...init, headers });
}

function anotherInstance() {
  return makeTestApp(database, { issuers: [world.cognito.trusted, world.microsoft.trusted] });
}

async function correct(text: string, actual: 'Election' | 'Recorder', times: number, app?: Hono<AppEnv>) {
  for (let i = 0; i < times; i += 1) {
    const init = json('POST', makeClassificationOutcome({ emailBody: text, classificationFromModel: actual === 'Election' ? 'Recorder' : 'Election', actualClassification: actual }));
    const response = app ? await callOn(app, world.alice, '/classification-accuracy', init) : await world.call(world.alice, '/classification-accuracy', init);
    expect(response.status).toBe(201);
  }
}

describe('classification: the feature rule and validation', () => {
  it('answers 503 with a clear message while the feature is off', async () => {
    const response = await world.call(world.alice, '/classify', json('POST', { text: 'When is the voter registration deadline?' }));
    expect(response.status).toBe(503);
    expect((await response.json()).error).toEqual({ code: 'classification_off', message: 'Email classification is not turned on for your teams.' });
  });

  it('answers 503 when the feature is on for other teams than the caller\'s', async () => {
    await turnOn(world.accountA.id, [world.recorder.id]);
    const response = await world.call(world.alice, '/classify', json('POST', { text: 'When is the voter registration deadline?' }));
    expect(response.status).toBe(503);
    expect((await response.json()).error.code).toBe('classification_off');
  });

  it('answers 503 when the server runs without a classifier', async () => {
    ({ world, database } = await freshWorld({ classifier: null }));
    await turnOn(world.accountA.id, [world.elections.id]);
    const response = await world.call(world.alice, '/classify', json('POST', { text: 'When is the voter registration deadline?' }));
    expect(response.status).toBe(503);
    expect((await response.json()).error.code).toBe('classifier_unavailable');
  });

  it('answers 400 for empty text', async () => {
    expect((await world.call(world.alice, '/classify', json('POST', { text: '  ' }))).status).toBe(400);
  });

  it('records whether the user agreed with the model, for users of the listed teams only', async () => {
    await turnOn(world.accountA.id, [world.recorder.id]);
    expect((await world.call(world.alice, '/classification-accuracy', json('POST', outcome))).status).toBe(403);
    const ada = await world.call(world.ada, '/classification-accuracy', json('POST', outcome));
    expect(ada.status).toBe(201);
    const rows = await database.db.select().from(classificationOutcomes);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userEmail: 'ada@alder.test', actualClassification: 'Recorder', emailBody: 'When is the deadline to record my deed?' });
  });

  it('records exactly what the user answered, Neither with no label, and refuses a label the answer does not give', async () => {
    await turnOn(world.accountA.id, [world.elections.id]);
    const answers = [
      { userAnswer: 'yes', classificationFromModel: 'Election', actualClassification: 'Election' },
      { userAnswer: 'no', classificationFromModel: 'Election', actualClassification: 'Recorder' },
      { userAnswer: 'neither', classificationFromModel: 'Recorder', actualClassification: null },
    ] as const;
    for (const answer of answers) expect((await world.call(world.alice, '/classification-accuracy', json('POST', { ...outcome, ...answer }))).status).toBe(201);
    // An older client, without userAnswer: its label says which.
    expect((await world.call(world.alice, '/classification-accuracy', json('POST', { ...outcome, classificationFromModel: 'Recorder', actualClassification: 'Election' }))).status).toBe(201);
    const rows = await database.db.select().from(classificationOutcomes).orderBy(classificationOutcomes.createdAt, classificationOutcomes.id);
    expect(rows.map((row) => [row.userAnswer, row.classificationFromModel, row.actualClassification]).sort()).toEqual(
      [['yes', 'Election', 'Election'], ['no', 'Election', 'Recorder'], ['neither', 'Recorder', null], ['no', 'Recorder', 'Election']].sort(),
    );
    for (const wrong of [
      { userAnswer: 'neither', classificationFromModel: 'Recorder', actualClassification: 'Election' },
      { userAnswer: 'yes', classificationFromModel: 'Recorder', actualClassification: 'Election' },
      { userAnswer: 'no', classificationFromModel: 'Recorder', actualClassification: null },
      { userAnswer: undefined, classificationFromModel: 'Recorder', actualClassification: null },
      { userAnswer: 'maybe', classificationFromModel: 'Recorder', actualClassification: null },
      { userAnswer: 7, classificationFromModel: 'Recorder', actualClassification: 'Recorder' },
    ]) {
      const response = await world.call(world.alice, '/classification-accuracy', json('POST', { ...outcome, ...wrong }));
      expect(response.status, JSON.stringify(wrong)).toBe(400);
    }
  });

  it('answers 400 for a label that is not Election or Recorder', async () => {
    await turnOn(world.accountA.id, [world.elections.id]);
    const response = await world.call(world.alice, '/classification-accuracy', json('POST', { ...outcome, actualClassification: 'Taxes' }));
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toContain('actualClassification');
  });
});

describe('classification: the model', () => {
  beforeEach(async () => {
    await turnOn(world.accountA.id, [world.elections.id, world.recorder.id]);
  });

  it('labels an election email Election and a recorder email Recorder, with their confidence', async () => {
    const election = await classify(ELECTION_EMAIL);
    expect(election.prediction).toBe('Election');
    expect(election.confidence).toBeGreaterThan(0.9);
    expect(election.confidence).toBeLessThanOrEqual(1);
    const recorder = await classify(RECORDER_EMAIL);
    expect(recorder.prediction).toBe('Recorder');
    expect(recorder.confidence).toBeGreaterThan(0.9);
  });

  it('learns from corrections: a borderline text flips after a few, and the answer moves towards it at once', async () => {
    const before = await classify(BORDERLINE);
    expect(before.prediction).toBe('Election');
    await correct(BORDERLINE, 'Recorder', 1);
    const once = await classify(BORDERLINE);
    expect(once.prediction === 'Recorder' || once.confidence < before.confidence).toBe(true);
    await correct(BORDERLINE, 'Recorder', 2);
    expect((await classify(BORDERLINE)).prediction).toBe('Recorder');
    // An unrelated clear email keeps its label.
    expect((await classify(ELECTION_EMAIL)).prediction).toBe('Election');
  });

  it('learns nothing from Neither: an email about something else moves no label', async () => {
    const before = await classify(BORDERLINE);
    for (let i = 0; i < 3; i += 1) {
      const init = json('POST', makeClassificationOutcome({ emailBody: BORDERLINE, classificationFromModel: before.prediction as 'Election' | 'Recorder', actualClassification: null, userAnswer: 'neither' }));
      expect((await world.call(world.alice, '/classification-accuracy', init)).status).toBe(201);
    }
    expect(await classify(BORDERLINE)).toEqual(before);
  });

  it('keeps what it learnt across a restart, and sees what another instance learnt', async () => {
    await correct(BORDERLINE, 'Recorder', 3);
    const learnt = await classify(BORDERLINE);
    expect(learnt.prediction).toBe('Recorder');

    const restarted = anotherInstance();
    expect(await classify(BORDERLINE, world.alice, restarted)).toEqual(learnt);

    // The first app has this model cached: feedback taken by the other instance must still count.
    await correct(BORDERLINE, 'Election', 6, restarted);
    const afterOther = await classify(BORDERLINE);
    expect(afterOther.prediction).toBe('Election');
    expect(await classify(BORDERLINE, world.alice, restarted)).toEqual(afterOther);
    const [state] = await database.db.select().from(classifierStates).where(eq(classifierStates.accountId, world.accountA.id));
    expect(state).toMatchObject({ version: 9, electionDocs: 6, recorderDocs: 3 });
  });

  it('sees a block edited straight in the database, its updated_at left as it was', async () => {
    const block = await givenBlock(database.db, world.recorder, { name: 'Filings', body: '<p>Plimbus forms</p>' });
    expect((await classify('plimbus plimbus')).prediction).toBe('Recorder');
    await database.db.execute(sql`update blocks set body = '<p>Florp forms</p>', updated_at = updated_at where id = ${block.id}`);
    expect((await classify('plimbus plimbus')).confidence).toBeLessThan(0.55);
    expect((await classify('florp florp')).prediction).toBe('Recorder');
  });

  it('learns from the blocks of the classification teams, and sees a block change on the next request', async () => {
    // Words never seen are no evidence: only the label priors (near even) speak.
    const unknown = await classify('zorblax zorblax');
    expect(unknown.confidence).toBeLessThan(0.55);
    const block = await givenBlock(database.db, world.recorder, { name: 'Zorblax filings', body: '<p>Zorblax forms are <b>recorded</b> here.</p>' });
    const learnt = await classify('zorblax zorblax');
    expect(learnt.prediction).toBe('Recorder');
    expect(learnt.confidence).toBeGreaterThan(0.9);
    await database.db.update(blocks).set({ teamId: world.elections.id }).where(eq(blocks.id, block.id));
    expect((await classify('zorblax zorblax')).prediction).toBe('Election');
    // A team whose name no longer says a label teaches nothing; renaming it back restores it.
    await database.db.update(blocks).set({ teamId: world.recorder.id }).where(eq(blocks.id, block.id));
    expect((await classify('zorblax zorblax')).prediction).toBe('Recorder');
    await database.db.update(teams).set({ name: 'Front Counter' }).where(eq(teams.id, world.recorder.id));
    expect((await classify('zorblax zorblax')).confidence).toBeLessThan(0.55);
    await database.db.update(teams).set({ name: 'Recorder' }).where(eq(teams.id, world.recorder.id));
    expect((await classify('zorblax zorblax')).prediction).toBe('Recorder');
    // An edit is learnt again; the model updated block by block equals one built from scratch.
    await database.db.update(blocks).set({ body: '<p>Zorblax ballots are counted here.</p>' }).where(eq(blocks.id, block.id));
    await givenBlock(database.db, world.elections, { name: 'Quuxle ballots', body: '<p>Quuxle</p>' });
    const edited = await classify('zorblax quuxle ballots');
    expect(edited).toEqual(await classify('zorblax quuxle ballots', world.alice, anotherInstance()));
    await database.db.delete(blocks).where(eq(blocks.id, block.id));
    expect((await classify('zorblax zorblax')).confidence).toBeLessThan(0.55);
    expect(await classify('zorblax quuxle ballots')).toEqual(await classify('zorblax quuxle ballots', world.alice, anotherInstance()));
    // Teams outside the feature teach nothing.
    await givenBlock(database.db, world.elections, { name: 'Zorblax', body: '<p>Zorblax</p>' });
    expect((await classify('zorblax zorblax')).prediction).toBe('Election');
    await turnOn(world.accountA.id, [world.recorder.id]);
    expect((await classify('zorblax zorblax', world.ada)).confidence).toBeLessThan(0.55);
  });

  it('loses no update when feedback arrives at once on two instances', async () => {
    await classify(BORDERLINE);
    const other = anotherInstance();
    await classify(BORDERLINE, world.alice, other);
    await Promise.all([correct(BORDERLINE, 'Recorder', 3), correct(BORDERLINE, 'Recorder', 3, other), correct(RECORDER_EMAIL, 'Recorder', 2)]);
    const [state] = await database.db.select().from(classifierStates).where(eq(classifierStates.accountId, world.accountA.id));
    expect(state).toMatchObject({ version: 8, electionDocs: 0, recorderDocs: 8 });
    const [office] = await database.db.select().from(classifierWordCounts).where(eq(classifierWordCounts.word, 'offic'));
    expect(office).toMatchObject({ election: 0, recorder: 6 });
    expect(await classify(BORDERLINE)).toEqual(await classify(BORDERLINE, world.alice, other));
    expect(await classify(BORDERLINE, world.alice, anotherInstance())).toEqual(await classify(BORDERLINE));
  });

  it("keeps one account's feedback out of another account's model", async () => {
    await turnOn(world.accountB.id, [world.birchTeam.id]);
    const birchBefore = await classify(BORDERLINE, world.bob);
    await correct(BORDERLINE, 'Recorder', 5);
    expect((await classify(BORDERLINE)).prediction).toBe('Recorder');
    expect(await classify(BORDERLINE, world.bob)).toEqual(birchBefore);
    expect(await classify(BORDERLINE, world.bob, anotherInstance())).toEqual(birchBefore);
  });

  it('stores and learns only scrubbed text', async () => {
    // Lorena and Castellanos are in no built-in list: only the census names lists the server scrubs with find them.
    const emailBody =
      'From: Jane Doe <jane.doe@example.com>\nPlease call me at (555) 867-5309 or jane.doe@example.com about the deed at 1450 Oak Street, SSN 123-45-6789. ' +
      'Is the deed of Lorena Castellanos recorded?';
    const response = await world.call(world.alice, '/classification-accuracy', json('POST', makeClassificationOutcome({ emailBody })));
    expect(response.status).toBe(201);
    const [row] = await database.db.select().from(classificationOutcomes);
    for (const piece of ['jane', 'Jane', 'example.com', '@', '5309', '867', '1450', '6789', 'From:', 'Lorena', 'Castellanos']) expect(row!.emailBody).not.toContain(piece);
    expect(row!.emailBody).toContain('deed');
    const words = (await database.db.select().from(classifierWordCounts)).map((counts) => counts.word);
    expect(words).toContain('deed');
    expect(words.filter((word) => /\d|jane|doe|exampl|oak|lorena|castellano/.test(word))).toEqual([]);
  });
});

describe('classification: hostile input gives 4xx, never 5xx', () => {
  beforeEach(async () => {
    await turnOn(world.accountA.id, [world.elections.id, world.recorder.id]);
  });

  it('classifies text full of emoji, direction controls and markup, and refuses control characters naming the field', async () => {
    const text = 'ballot\u202e\ud83d\uddf3\ufe0f<script>alert(1)</script>\r\n\t polling place';
    const answer = await classify(text);
    expect(answer.prediction).toBe('Election');
    const refused = await world.call(world.alice, '/classify', json('POST', { text: 'ballot\u0000\u0007 polling place \ud800' }));
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.message).toContain('text: must not contain control characters');
  });

  it('classifies text the server scrubs down to nothing', async () => {
    const answer = await classify('555-867-5309 !!! 12345 https://example.com');
    expect(['Election', 'Recorder']).toContain(answer.prediction);
    expect(answer.confidence).toBeGreaterThanOrEqual(0.5);
  });

  it.each([
    ['a number for text', { text: 42 }],
    ['no text', {}],
    ['an array', [{ text: 'ballot' }]],
    ['null', null],
    ['text over 50,000 characters', { text: 'deed '.repeat(10_001) }],
  ])('answers 400 for %s', async (_, body) => {
    const response = await world.call(world.alice, '/classify', json('POST', body));
    expect(response.status).toBe(400);
  });

  it('answers 400 for a body that is not JSON, and 413 for one over the size limit', async () => {
    const broken = await world.call(world.alice, '/classify', { method: 'POST', body: '{"text": "ballot', headers: { 'Content-Type': 'application/json' } });
    expect(broken.status).toBe(400);
    const huge = await world.call(world.alice, '/classify', json('POST', { text: 'x'.repeat(400_000) }));
    expect(huge.status).toBe(413);
  });

  it('takes feedback with hostile text, and refuses wrong types with 400', async () => {
    const hostile = makeClassificationOutcome({ emailBody: '<b>deed</b>\u202e\t'.repeat(1000) });
    expect((await world.call(world.alice, '/classification-accuracy', json('POST', hostile))).status).toBe(201);
    const controls = makeClassificationOutcome({ emailBody: '\u0000\u0000 deed' });
    expect((await world.call(world.alice, '/classification-accuracy', json('POST', controls))).status).toBe(400);
    const wrong = { ...makeClassificationOutcome(), emailBody: { nested: true } };
    expect((await world.call(world.alice, '/classification-accuracy', json('POST', wrong))).status).toBe(400);
    const many = makeClassificationOutcome({ emailBody: Array.from({ length: 8000 }, (_, i) => `w${i.toString(36)}x`).join(' ').slice(0, 50_000) });
    expect((await world.call(world.alice, '/classification-accuracy', json('POST', many))).status).toBe(201);
  });
});
