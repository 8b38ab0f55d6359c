import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { accounts, classificationOutcomes } from '../../server/db/schema';
import type { Database } from '../../server/db/database';
import { json } from './support/bodies';
import { freshWorld, type World } from './support/world';

let world: World;
let database: Database;
beforeEach(async () => {
  ({ world, database } = await freshWorld());
});

const outcome = { emailBody: 'When is the deadline', userEmail: 'alice@alder.test', classificationFromModel: 'Election', actualClassification: 'Recorder', cognitoSub: null, microsoftSub: null };

async function turnOn(teams: string[]) {
  await database.db.update(accounts).set({ emailClassificationOn: true, emailClassificationTeams: teams }).where(eq(accounts.id, world.accountA.id));
}

describe('classification', () => {
  it('answers 503 with a clear message while the feature is off', async () => {
    const response = await world.call(world.alice, '/classify', json('POST', { text: 'When is the voter registration deadline?' }));
    expect(response.status).toBe(503);
    expect((await response.json()).error).toEqual({ code: 'classification_off', message: 'Email classification is not turned on for your teams.' });
  });

  it('answers 503 when the feature is on but no classifier is configured', async () => {
    await turnOn([world.elections.id]);
    const response = await world.call(world.alice, '/classify', json('POST', { text: 'When is the voter registration deadline?' }));
    expect(response.status).toBe(503);
    expect((await response.json()).error.code).toBe('classifier_unavailable');
  });

  it('answers 400 for empty text', async () => {
    expect((await world.call(world.alice, '/classify', json('POST', { text: '  ' }))).status).toBe(400);
  });

  it('records whether the user agreed with the model, for users of the listed teams only', async () => {
    await turnOn([world.recorder.id]);
    expect((await world.call(world.alice, '/classification-accuracy', json('POST', outcome))).status).toBe(403);
    const ada = await world.call(world.ada, '/classification-accuracy', json('POST', outcome));
    expect(ada.status).toBe(201);
    const rows = await database.db.select().from(classificationOutcomes);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userEmail: 'ada@alder.test', actualClassification: 'Recorder' });
  });

  it('answers 400 for a label that is not Election or Recorder', async () => {
    await turnOn([world.elections.id]);
    const response = await world.call(world.alice, '/classification-accuracy', json('POST', { ...outcome, actualClassification: 'Taxes' }));
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toContain('actualClassification');
  });
});
