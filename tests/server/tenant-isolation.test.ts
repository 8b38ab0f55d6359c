import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { accounts } from '../../server/db/schema';
import type { Database } from '../../server/db/database';
import { json, recordedChecklistBody, sentRecordBody, sessionBody, suggestionBody } from './support/bodies';
import { freshWorld, type World } from './support/world';

let world: World;
let database: Database;
beforeEach(async () => {
  ({ world, database } = await freshWorld());
  // Classification is on for the Recorder team only, so Alice (Elections) is outside it.
  await database.db.update(accounts).set({ emailClassificationOn: true, emailClassificationTeams: [world.recorder.id] }).where(eq(accounts.id, world.accountA.id));
});

interface Probe {
  name: string;
  /** The request, aimed at Recorder-team data of account A (Ada's). */
  request: (world: World) => [string, RequestInit?] | Promise<[string, RequestInit?]>;
  /** What an outsider must get. */
  status: number;
  /** What a member of the account outside the team gets, when it differs (account-wide reads). */
  sameAccountStatus?: number;
}

const recorded = (world: World) => `/accounts/${world.accountA.id}/teams/${world.recorder.id}/recordedphoneflows`;

/** Every route of the API, aimed at data the intruder must not reach. */
const PROBES: Probe[] = [
  { name: 'GET /accounts?id=', status: 404, sameAccountStatus: 200, request: (w) => [`/accounts?id=${w.accountA.id}`] },
  { name: 'GET teams', status: 404, sameAccountStatus: 200, request: (w) => [`/accounts/${w.accountA.id}/teams`] },
  { name: 'GET autoresponses', status: 404, request: (w) => [`/accounts/${w.accountA.id}/autoresponses?teams=${w.recorder.id}`] },
  {
    name: 'GET mostfrequentlyused',
    status: 404,
    request: (w) => [`/accounts/${w.accountA.id}/autoresponses/mostfrequentlyused?teams=${w.recorder.id}&num=5`],
  },
  {
    name: 'POST suggestedautoresponses',
    status: 404,
    request: (w) => [`/accounts/${w.accountA.id}/teams/${w.recorder.id}/suggestedautoresponses`, json('POST', suggestionBody())],
  },
  {
    name: 'POST sentautoresponses',
    status: 404,
    request: (w) => [
      `/accounts/${w.accountA.id}/teams/${w.recorder.id}/sentautoresponses`,
      json('POST', sentRecordBody(w, { autoResponseId: w.recorderBlock.id, team: w.recorder.id })),
    ],
  },
  { name: 'GET favouriteautoresponses', status: 404, sameAccountStatus: 200, request: (w) => [`/accounts/${w.accountA.id}/favouriteautoresponses`] },
  { name: 'POST favouriteautoresponses', status: 404, request: (w) => [`/accounts/${w.accountA.id}/favouriteautoresponses`, json('POST', { autoResponseId: w.recorderBlock.id })] },
  // Removing is idempotent: the same 204 whether or not the block was the caller's favourite, so it reveals nothing.
  {
    name: 'DELETE favouriteautoresponses',
    status: 404,
    sameAccountStatus: 204,
    request: (w) => [`/accounts/${w.accountA.id}/favouriteautoresponses/${w.recorderBlock.id}`, { method: 'DELETE' }],
  },
  { name: 'GET phoneflows', status: 404, request: (w) => [`/accounts/${w.accountA.id}/phoneflows?teams=${w.recorder.id}`] },
  {
    name: 'POST recordedphoneflows',
    status: 404,
    request: (w) => [recorded(w), json('POST', recordedChecklistBody(w, { phoneFlowId: w.recorderChecklist.id }))],
  },
  {
    name: 'PUT recordedphoneflows',
    status: 404,
    request: async (w) => {
      const created = await w.call(w.ada, recorded(w), json('POST', recordedChecklistBody(w, { phoneFlowId: w.recorderChecklist.id })));
      const { _id } = await created.json();
      return [recorded(w), json('PUT', { recordedPhoneFlowId: _id, tasks: [], blocksSent: [], endTime: null })];
    },
  },
  {
    name: 'POST sessions',
    status: 404,
    request: (w) => [`/accounts/${w.accountA.id}/users/ms-ada/sessions`, json('POST', sessionBody(w, { teams: [w.recorder.id] }))],
  },
  {
    name: 'PUT sessions',
    status: 404,
    request: async (w) => {
      const created = await w.call(w.ada, `/accounts/${w.accountA.id}/users/ms-ada/sessions`, json('POST', sessionBody(w, { teams: [w.recorder.id] })));
      const { sessionId } = await created.json();
      return [`/accounts/${w.accountA.id}/users/ms-ada/sessions`, json('PUT', { sessionId, endTime: '2026-11-02T16:00:00.000Z' })];
    },
  },
  { name: 'POST classify', status: 503, request: () => ['/classify', json('POST', { text: 'Recording a deed' })] },
  {
    name: 'POST classification-accuracy',
    status: 403,
    request: () => [
      '/classification-accuracy',
      json('POST', { emailBody: 'x', userEmail: 'x', classificationFromModel: 'Recorder', actualClassification: 'Recorder' }),
    ],
  },
];

/** What neither intruder may ever read: the Recorder team's data and Ada's identity. */
const SECRETS = (w: World) => [w.recorderBlock.name, w.recorderChecklist.name, 'Recorder', 'ada@alder.test', 'ms-ada'];

describe.each([
  ['a user of another account', (w: World) => w.bob, false],
  ['a user of another team of the same account', (w: World) => w.alice, true],
])('%s', (_label, intruder, sameAccount) => {
  it.each(PROBES.map((probe) => [probe.name, probe] as const))('is refused by %s and sees nothing', async (_name, probe) => {
    const [path, init] = await probe.request(world);
    const response = await world.call(intruder(world), path, init);
    const body = await response.text();
    expect(response.status).toBe(sameAccount ? (probe.sameAccountStatus ?? probe.status) : probe.status);
    const secrets = sameAccount ? SECRETS(world) : [...SECRETS(world), 'Alder County', 'Elections'];
    for (const secret of secrets) expect(body).not.toContain(secret);
  });
});

describe('the owner', () => {
  it.each(PROBES.map((probe) => [probe.name, probe] as const))('is served by %s', async (_name, probe) => {
    const [path, init] = await probe.request(world);
    const response = await world.call(world.ada, path, init);
    expect(response.status).toBeLessThan(300);
  });
});

describe('without a token', () => {
  it.each(PROBES.map((probe) => [probe.name, probe] as const))('%s answers 401 and reveals nothing', async (_name, probe) => {
    const [path, init] = await probe.request(world);
    const response = await world.call(null, path, init);
    expect(response.status).toBe(401);
    const body = await response.text();
    for (const secret of [...SECRETS(world), 'Alder County']) expect(body).not.toContain(secret);
  });
});
