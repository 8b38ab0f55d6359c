import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sentAutoResponses, suggestedAutoResponses } from '../../server/db/records-schema';
import type { Database } from '../../server/db/database';
import { json, sentRecordBody, suggestionBody } from './support/bodies';
import { freshWorld, type World } from './support/world';

let world: World;
let database: Database;
beforeEach(async () => {
  ({ world, database } = await freshWorld());
});

const sentPath = (world: World, team = world.elections.id) => `/accounts/${world.accountA.id}/teams/${team}/sentautoresponses`;

describe('POST .../sentautoresponses', () => {
  it('records a use of a block with the caller identity', async () => {
    const response = await world.call(world.alice, sentPath(world), json('POST', sentRecordBody(world, { userEmail: 'spoofed@elsewhere.test' })));
    expect(response.status).toBe(201);
    const { _id } = await response.json();
    const [row] = await database.db.select().from(sentAutoResponses).where(eq(sentAutoResponses.id, _id));
    expect(row).toMatchObject({ userEmail: 'alice@alder.test', uiSource: 'recommended', contextUsed: 'outlook', autoResponseId: world.electionBlock.id });
    expect(row?.timeSent.toISOString()).toBe('2026-11-02T15:04:05.000Z');
  });

  it('stores a retried record once for the same Idempotency-Key', async () => {
    const send = () => world.call(world.alice, sentPath(world), json('POST', sentRecordBody(world), { 'Idempotency-Key': 'use-0001-abcdef' }));
    const first = await send();
    const second = await send();
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    expect((await second.json())._id).toBe((await first.json())._id);
    expect(await database.db.select().from(sentAutoResponses)).toHaveLength(1);
  });

  it.each([
    ['autoResponseId', 'nope', 'autoResponseId: must be a 24-character hexadecimal id'],
    ['uiSource', 'sidebar', 'uiSource'],
    ['contextUsed', 'fax', 'contextUsed'],
    ['timeSent', 'yesterday', 'timeSent'],
    ['autoResponseName', '', 'autoResponseName'],
    ['supportedContexts', ['outlook', 'pager'], 'supportedContexts'],
  ])('answers 400 naming the field for a bad %s', async (field, value, expected) => {
    const response = await world.call(world.alice, sentPath(world), json('POST', sentRecordBody(world, { [field]: value })));
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toContain(expected);
  });

  it('answers 400 when account or team differ from the path, and for a bad Idempotency-Key', async () => {
    const other = await world.call(world.alice, sentPath(world), json('POST', sentRecordBody(world, { team: world.recorder.id })));
    expect(other.status).toBe(400);
    const badKey = await world.call(world.alice, sentPath(world), json('POST', sentRecordBody(world), { 'Idempotency-Key': 'x' }));
    expect(badKey.status).toBe(400);
  });

  it('answers 400 for malformed JSON and 415 for a non-JSON body', async () => {
    const malformed = await world.call(world.alice, sentPath(world), { method: 'POST', body: '{"userEmail":', headers: { 'Content-Type': 'application/json' } });
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).error.code).toBe('invalid_json');
    const text = await world.app.request(`/api${sentPath(world)}`, {
      method: 'POST',
      body: 'hello',
      headers: { 'Content-Type': 'text/plain', Authorization: `Bearer ${await world.cognito.idToken(world.alice.cognitoSub!)}` },
    });
    expect(text.status).toBe(415);
  });

  it('answers 413 for a body over the limit', async () => {
    const response = await world.call(world.alice, sentPath(world), json('POST', sentRecordBody(world, { autoResponseContent: 'x'.repeat(300 * 1024) })));
    expect(response.status).toBe(413);
  });

  it("refuses a block of another team, and a team that is not the caller's", async () => {
    const foreignBlock = await world.call(world.alice, sentPath(world), json('POST', sentRecordBody(world, { autoResponseId: world.recorderBlock.id })));
    expect(foreignBlock.status).toBe(404);
    const foreignTeam = await world.call(world.alice, sentPath(world, world.recorder.id), json('POST', sentRecordBody(world, { team: world.recorder.id })));
    expect(foreignTeam.status).toBe(404);
    expect(await database.db.select().from(sentAutoResponses)).toHaveLength(0);
  });
});

describe('POST .../suggestedautoresponses', () => {
  const path = (world: World, team = world.elections.id) => `/accounts/${world.accountA.id}/teams/${team}/suggestedautoresponses`;

  it('stores a suggestion for the team', async () => {
    const response = await world.call(world.alice, path(world), json('POST', suggestionBody()));
    expect(response.status).toBe(201);
    const rows = await database.db.select().from(suggestedAutoResponses);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Poll closing time', teamId: world.elections.id, userEmail: 'alice@alder.test' });
  });

  it("answers 400 with the spec's messages for a missing name or content", async () => {
    const noName = await world.call(world.alice, path(world), json('POST', suggestionBody({ name: '   ' })));
    expect((await noName.json()).error.message).toContain('Name is required.');
    const noBody = await world.call(world.alice, path(world), json('POST', suggestionBody({ body: '' })));
    expect((await noBody.json()).error.message).toContain('Block Content is required');
  });

  it('answers 404 for a team the caller is not in', async () => {
    expect((await world.call(world.alice, path(world, world.recorder.id), json('POST', suggestionBody()))).status).toBe(404);
  });
});
