import type { World } from './world';

/** Valid request bodies for the write calls, as the client sends them; override any field. */
export function sentRecordBody(world: World, overrides: Record<string, unknown> = {}) {
  return {
    userEmail: world.alice.email,
    autoResponseId: world.electionBlock.id,
    autoResponseName: world.electionBlock.name,
    autoResponseContent: world.electionBlock.body,
    account: world.accountA.id,
    team: world.elections.id,
    timeSent: '2026-11-02T15:04:05.000Z',
    supportedContexts: ['outlook', 'gmail'],
    contextUsed: 'outlook',
    uiSource: 'recommended',
    cognitoSub: world.alice.cognitoSub,
    microsoftSub: null,
    ...overrides,
  };
}

export function suggestionBody(overrides: Record<string, unknown> = {}) {
  return {
    userEmail: 'alice@alder.test',
    name: 'Poll closing time',
    body: 'Polls close at 8 p.m.; anyone in line by then may vote.',
    supportedContexts: ['outlook', 'gmail'],
    cognitoSub: null,
    microsoftSub: null,
    ...overrides,
  };
}

export function recordedChecklistBody(world: World, overrides: Record<string, unknown> = {}) {
  return {
    phoneFlowId: world.electionChecklist.id,
    name: world.electionChecklist.name,
    tasks: [
      { name: 'Confirm identity', completed: false },
      { name: 'Void the old ballot', completed: false },
    ],
    blocks: [world.electionBlock.id],
    blocksSent: [],
    userEmail: world.alice.email,
    cognitoSub: world.alice.cognitoSub,
    microsoftSub: null,
    startTime: '2026-11-02T15:00:00.000Z',
    endTime: null,
    ...overrides,
  };
}

export function sessionBody(world: World, overrides: Record<string, unknown> = {}) {
  return {
    startTime: '2026-11-02T15:00:00.000Z',
    endTime: '2026-11-02T15:00:00.000Z',
    context: 'outlook',
    teams: [world.elections.id],
    userEmail: world.alice.email,
    updateInterval: 300000,
    cognitoSub: world.alice.cognitoSub,
    microsoftSub: null,
    ...overrides,
  };
}

export const json = (method: string, body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method,
  body: JSON.stringify(body),
  headers: { 'Content-Type': 'application/json', ...headers },
});

/** A block as an admin writes it (`POST`/`PUT /admin/.../blocks`); override any field. */
export function adminBlockBody(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Ballot drop boxes',
    body: '<p>Drop boxes are open until 8 p.m. on Election Day.</p>',
    categories: ['Mail Ballots'],
    supportedContexts: ['outlook', 'gmail'],
    cc: ['elections@alder.test'],
    subjectLine: 'Ballot drop boxes',
    attachments: [{ name: 'Drop box map.pdf', url: 'https://files.alder.test/drop-boxes.pdf' }],
    examples: ['where can i drop off my ballot', 'is there a box for ballots near the library'],
    ...overrides,
  };
}

/** A checklist as an admin writes it (`POST`/`PUT /admin/.../checklists`); `blocks` are ids of the team's blocks. */
export function adminChecklistBody(blocks: string[] = [], overrides: Record<string, unknown> = {}) {
  return {
    name: 'Lost mail ballot',
    tasks: [{ name: 'Confirm the voter’s address' }, { name: 'Cancel the first ballot' }, { name: 'Send a replacement' }],
    blocks,
    categories: ['Mail Ballots'],
    ...overrides,
  };
}
