import { beforeEach, describe, expect, it } from 'vitest';
import { sessions } from '../../server/db/records-schema';
import type { Database } from '../../server/db/database';
import { json, sessionBody } from './support/bodies';
import { freshWorld, type World } from './support/world';

let world: World;
let database: Database;
beforeEach(async () => {
  ({ world, database } = await freshWorld());
});

const path = (world: World, sub: string) => `/accounts/${world.accountA.id}/users/${sub}/sessions`;

describe('sessions', () => {
  it('starts a session and moves its end time forward', async () => {
    const created = await world.call(world.alice, path(world, world.alice.cognitoSub!), json('POST', sessionBody(world)));
    expect(created.status).toBe(201);
    const { sessionId } = await created.json();
    expect(sessionId).toMatch(/^[0-9a-f]{24}$/);
    const refreshed = await world.call(world.alice, path(world, world.alice.cognitoSub!), json('PUT', { sessionId, endTime: '2026-11-02T15:05:00.000Z' }));
    expect(refreshed.status).toBe(200);
    const [row] = await database.db.select().from(sessions);
    expect(row).toMatchObject({ context: 'outlook', updateInterval: 300000, userSub: world.alice.cognitoSub });
    expect(row?.endTime.toISOString()).toBe('2026-11-02T15:05:00.000Z');
  });

  it('takes the work-account sub for an SSO user', async () => {
    const response = await world.call(world.ada, path(world, 'ms-ada'), json('POST', sessionBody(world, { cognitoSub: null, microsoftSub: 'ms-ada', userEmail: world.ada.email })));
    expect(response.status).toBe(201);
  });

  it('starts once per Idempotency-Key', async () => {
    const send = () => world.call(world.alice, path(world, world.alice.cognitoSub!), json('POST', sessionBody(world), { 'Idempotency-Key': 'session-start-1' }));
    expect((await send()).status).toBe(201);
    expect((await send()).status).toBe(200);
    expect(await database.db.select().from(sessions)).toHaveLength(1);
  });

  it.each([
    ['context', 'desktop'],
    ['updateInterval', -5],
    ['startTime', 'soon'],
    ['teams', ['zz']],
  ])('answers 400 for a bad %s', async (field, value) => {
    const response = await world.call(world.alice, path(world, world.alice.cognitoSub!), json('POST', sessionBody(world, { [field]: value })));
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toContain(field);
  });

  it("answers 404 for another user's sub, a team not theirs, and another user's session", async () => {
    expect((await world.call(world.alice, path(world, 'ms-ada'), json('POST', sessionBody(world)))).status).toBe(404);
    expect((await world.call(world.alice, path(world, world.alice.cognitoSub!), json('POST', sessionBody(world, { teams: [world.recorder.id] })))).status).toBe(404);
    const { sessionId } = await (await world.call(world.alice, path(world, world.alice.cognitoSub!), json('POST', sessionBody(world)))).json();
    const hijack = await world.call(world.ada, path(world, 'ms-ada'), json('PUT', { sessionId, endTime: '2026-11-02T16:00:00.000Z' }));
    expect(hijack.status).toBe(404);
  });
});
