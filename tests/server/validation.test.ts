import { beforeEach, describe, expect, it } from 'vitest';
import { json, recordedChecklistBody, sentRecordBody, sessionBody, suggestionBody } from './support/bodies';
import { freshWorld, type World } from './support/world';

let world: World;
beforeEach(async () => {
  ({ world } = await freshWorld());
});

interface WriteCall {
  name: string;
  method: 'POST' | 'PUT';
  path: (w: World) => string;
  body: (w: World) => Record<string, unknown>;
  /** Fields the server requires; each one missing or of the wrong type must get a 400 naming it. */
  required: string[];
}

const team = (w: World) => `/accounts/${w.accountA.id}/teams/${w.elections.id}`;

const CALLS: WriteCall[] = [
  {
    name: 'sentautoresponses',
    method: 'POST',
    path: (w) => `${team(w)}/sentautoresponses`,
    body: (w) => sentRecordBody(w),
    required: ['userEmail', 'autoResponseId', 'autoResponseName', 'autoResponseContent', 'account', 'team', 'timeSent', 'supportedContexts', 'contextUsed', 'uiSource'],
  },
  {
    name: 'suggestedautoresponses',
    method: 'POST',
    path: (w) => `${team(w)}/suggestedautoresponses`,
    body: () => suggestionBody(),
    required: ['userEmail', 'name', 'body', 'supportedContexts'],
  },
  {
    name: 'recordedphoneflows (create)',
    method: 'POST',
    path: (w) => `${team(w)}/recordedphoneflows`,
    body: (w) => recordedChecklistBody(w),
    required: ['phoneFlowId', 'name', 'tasks', 'blocks', 'blocksSent', 'userEmail', 'startTime'],
  },
  {
    name: 'recordedphoneflows (update)',
    method: 'PUT',
    path: (w) => `${team(w)}/recordedphoneflows`,
    body: (w) => ({ recordedPhoneFlowId: w.electionChecklist.id, tasks: [], blocksSent: [], endTime: null }),
    required: ['recordedPhoneFlowId', 'tasks', 'blocksSent'],
  },
  {
    name: 'sessions (start)',
    method: 'POST',
    path: (w) => `/accounts/${w.accountA.id}/users/${w.alice.cognitoSub}/sessions`,
    body: (w) => sessionBody(w),
    required: ['startTime', 'endTime', 'context', 'teams', 'userEmail', 'updateInterval'],
  },
  {
    name: 'sessions (refresh)',
    method: 'PUT',
    path: (w) => `/accounts/${w.accountA.id}/users/${w.alice.cognitoSub}/sessions`,
    body: () => ({ sessionId: '64b0000000000000000000ff', endTime: '2026-11-02T15:05:00.000Z' }),
    required: ['sessionId', 'endTime'],
  },
  { name: 'classify', method: 'POST', path: () => '/classify', body: () => ({ text: 'When do polls close?' }), required: ['text'] },
  {
    name: 'classification-accuracy',
    method: 'POST',
    path: () => '/classification-accuracy',
    body: () => ({ emailBody: 'x', userEmail: 'alice@alder.test', classificationFromModel: 'Election', actualClassification: 'Election' }),
    required: ['emailBody', 'userEmail', 'classificationFromModel', 'actualClassification'],
  },
];

const cases = CALLS.flatMap((call) =>
  call.required.flatMap((field) => [
    [`${call.name}: ${field} missing`, call, field, undefined] as const,
    [`${call.name}: ${field} of the wrong type`, call, field, { wrong: true }] as const,
  ]),
);

describe('every field of every write call is validated', () => {
  it.each(cases)('%s answers 400 naming the field', async (_label, call, field, value) => {
    const body = { ...call.body(world) };
    if (value === undefined) delete body[field];
    else body[field] = value;
    const response = await world.call(world.alice, call.path(world), json(call.method, body));
    expect(response.status).toBe(400);
    const { error } = await response.json();
    expect(error.code).toBe('invalid_request');
    expect(error.message).toContain(field);
  });

  it.each(CALLS.map((call) => [call.name, call] as const))('%s answers 400, not 500, for a body that is not an object', async (_name, call) => {
    for (const body of [null, [], 'text', 42]) {
      const response = await world.call(world.alice, call.path(world), json(call.method, body));
      expect(response.status).toBe(400);
    }
  });
});
