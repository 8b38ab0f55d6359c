import { beforeEach, describe, expect, it } from 'vitest';
import { freshWorld, type World } from './support/world';

let world: World;
beforeEach(async () => {
  ({ world } = await freshWorld());
});

describe('GET /accounts?id=', () => {
  it("returns the caller's account with its features", async () => {
    const response = await world.call(world.alice, `/accounts?id=${world.accountA.id}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      _id: world.accountA.id,
      name: 'Alder County',
      hasPhoneFlowAccess: true,
      emailClassificationFeature: { on: false, teams: [] },
      // The account's own support address and Home count when its admin set them; null: the deployment's.
      supportEmail: null,
      numMostFreqAutoResponses: null,
      languages: ['en'],
    });
  });

  it('accepts the id in upper case', async () => {
    expect((await world.call(world.alice, `/accounts?id=${world.accountA.id.toUpperCase()}`)).status).toBe(200);
  });

  it('answers 400 for a missing or malformed id', async () => {
    const missing = await world.call(world.alice, '/accounts');
    expect(missing.status).toBe(400);
    const bad = await world.call(world.alice, '/accounts?id=123');
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toEqual({ code: 'invalid_request', message: 'Invalid query. id: must be a 24-character hexadecimal id' });
  });

  it('answers 404 for another account, as if it did not exist', async () => {
    const response = await world.call(world.bob, `/accounts?id=${world.accountA.id}`);
    expect(response.status).toBe(404);
    expect(JSON.stringify(await response.json())).not.toContain('Alder');
  });
});

describe('GET /accounts/{accountId}/teams', () => {
  it("lists only the caller's teams, admin teams included", async () => {
    const alice = await (await world.call(world.alice, `/accounts/${world.accountA.id}/teams`)).json();
    expect(alice).toEqual([{ _id: world.elections.id, name: 'Elections' }]);
    const ada = await (await world.call(world.ada, `/accounts/${world.accountA.id}/teams`)).json();
    expect(ada).toEqual([
      { _id: world.elections.id, name: 'Elections' },
      { _id: world.recorder.id, name: 'Recorder' },
    ]);
  });

  it('answers 404 for another account', async () => {
    expect((await world.call(world.bob, `/accounts/${world.accountA.id}/teams`)).status).toBe(404);
  });
});
