/**
 * Request handlers shaped like the Cannery server's routes (server/routes/*), answering from test
 * data built with the shared factories (tests/fixtures/factories.ts): the signed-in user, their
 * account, teams, blocks, most-used blocks and checklists, and the record calls. Every other route
 * of the API's contract answers its default (`contract-routes.ts`: its success status and a body
 * its response schema accepts); a request no route has is answered 404 and recorded, and the
 * test that made it fails (`api-server.ts`). A test that needs another answer for one route adds
 * its handler with `server.use(...)`, and what the app sent is read from the request log,
 * whichever handler answered.
 */
import { expect } from 'vitest';
import { http, HttpResponse, matchRequestUrl, type RequestHandler } from 'msw';
import type { Block } from '../../../src/api/contract/block';
import type { Checklist } from '../../../src/api/contract/checklist';
import type { MeaningHints } from '../../../src/api/contract/meaning';
import type { Account, Team, User } from '../../../src/domain/types';
import { makeAccount } from '../../fixtures/factories';
import type { LearnedModelResponse } from '../../../src/api/contract/learning';
import type { Favourite } from '../../../src/api/contract/favourite';
import type { MemberMailboxTeam } from '../../../src/api/contract/mailbox';

/** The API's routes as handlers match them (the page's origin; `:account` and `:team` are ids). */
export const API = {
  userInfo: '/api/user-info',
  accounts: '/api/accounts',
  teams: '/api/accounts/:account/teams',
  blocks: '/api/accounts/:account/autoresponses',
  mostUsed: '/api/accounts/:account/autoresponses/mostfrequentlyused',
  checklists: '/api/accounts/:account/phoneflows',
  sentBlocks: '/api/accounts/:account/teams/:team/sentautoresponses',
  suggestions: '/api/accounts/:account/teams/:team/suggestedautoresponses',
  recordedChecklists: '/api/accounts/:account/teams/:team/recordedphoneflows',
  meaning: '/api/accounts/:account/meaning',
  classify: '/api/classify',
  classificationOutcomes: '/api/classification-accuracy',
  learning: '/api/accounts/:account/learning',
  favourites: '/api/accounts/:account/favouriteautoresponses',
  favourite: '/api/accounts/:account/favouriteautoresponses/:block',
  sessions: '/api/accounts/:account/users/:sub/sessions',
  mailboxes: '/api/accounts/:account/mailboxes',
} as const;

/** A label from the model (with its confidence, as the server always sends one), or an error status. */
export type ClassifyAnswer = { prediction: 'Election' | 'Recorder'; confidence?: number } | { status: number };

export interface ApiData {
  /** The Cannery user the bearer's ID token stands for; undefined: none is linked (404). */
  userFor: (idToken: string) => User | undefined;
  account?: Account;
  teams?: Team[];
  blocks?: Block[];
  mostUsed?: Block[];
  /** What `GET .../phoneflows` answers, kept to the teams asked for as the server does. */
  checklists?: Checklist[];
  /** What `GET .../meaning` answers; absent: no synonyms and no related words. */
  meaning?: MeaningHints;
  /**
   * What `POST /classify` answers, or a function of the text sent that decides per request (it may
   * wait). Absent: 503, as the server answers until a classifier is configured.
   */
  classify?: ClassifyAnswer | ((text: string) => ClassifyAnswer | Promise<ClassifyAnswer>);
  /** What `GET .../learning` answers: the teams' learned associations (absent: nothing learned). */
  learning?: LearnedModelResponse;
  /** The user's favourites at the start; stars and unstars change them as the server would. */
  favourites?: Favourite[];
  /** What `GET .../mailboxes` answers: the mailboxes mapped to the user's teams (absent: none). */
  mailboxes?: MemberMailboxTeam[];
}

/** The `_id` the handlers answer for the n-th recorded checklist created (1-based). */
export const recordedChecklistId = (n: number) => `c0ffee${n.toString(16).padStart(18, '0')}`;

/** The `sessionId` the handlers answer for the n-th usage session started (1-based). */
export const sessionId = (n: number) => `5e5510${n.toString(16).padStart(18, '0')}`;

/** The API's error answer: `{ error: { code, message } }` with `status`. */
export function apiError(status: number, code = 'unavailable', message = 'Try again later.') {
  return HttpResponse.json({ error: { code, message } }, { status });
}

const notFound = (what: string) => apiError(404, 'not_found', `${what} was not found.`);

/** The data a test serves: none (no user is linked) until it says (`serveApiData`). */
let served: ApiData = { userFor: () => undefined };
let checklistsCreated = 0;
let sessionsStarted = 0;
/** The favourites as the stars and unstars of the test left them. */
let favourites: Favourite[] = [];
const defaultAccount = makeAccount();

/** Serves `data` from now on, until the test ends; the checklist records created count from 1 again. */
export function serveApiData(data: ApiData): void {
  served = data;
  checklistsCreated = 0;
  sessionsStarted = 0;
  favourites = [...(data.favourites ?? [])];
}

/** Back to serving nothing, after each test. */
export function stopServingApiData(): void {
  serveApiData({ userFor: () => undefined });
}

/** Handlers for what the task pane asks of the API, answering from the data served. */
export function canneryHandlers(): RequestHandler[] {
  const account = () => served.account ?? defaultAccount;
  const ownAccount = (id: unknown) => id === account()._id;
  return [
    http.get(API.userInfo, ({ request }) => {
      const token = /^Bearer (.+)$/.exec(request.headers.get('Authorization') ?? '')?.[1];
      if (!token) return apiError(401, 'unauthenticated', 'Sign in first.');
      const user = served.userFor(token);
      if (!user) return apiError(404, 'user_not_found', 'No Cannery user is linked to this sign-in.');
      return HttpResponse.json({ user });
    }),
    http.get(API.accounts, ({ request }) =>
      ownAccount(new URL(request.url).searchParams.get('id')) ? HttpResponse.json({ name: 'Alder County', ...account() }) : notFound('Account'),
    ),
    http.get(API.teams, ({ params }) => (ownAccount(params.account) ? HttpResponse.json(served.teams ?? []) : notFound('Account'))),
    http.get(API.mostUsed, ({ params }) => (ownAccount(params.account) ? HttpResponse.json(served.mostUsed ?? []) : notFound('Account'))),
    http.get(API.blocks, ({ params }) => (ownAccount(params.account) ? HttpResponse.json(served.blocks ?? []) : notFound('Account'))),
    http.get(API.meaning, ({ params }) => (ownAccount(params.account) ? HttpResponse.json(served.meaning ?? { synonyms: [], related: {} }) : notFound('Account'))),
    http.get(API.checklists, ({ params, request }) => {
      if (!ownAccount(params.account)) return notFound('Account');
      const teams = new Set((new URL(request.url).searchParams.get('teams') ?? '').split(','));
      return HttpResponse.json((served.checklists ?? []).filter((checklist) => teams.has(checklist.team)));
    }),
    http.get(API.learning, ({ params }) => {
      if (!ownAccount(params.account)) return notFound('Account');
      return HttpResponse.json(served.learning ?? { enabled: true, halfLifeDays: 90, teams: [] });
    }),
    http.get(API.mailboxes, ({ params }) => (ownAccount(params.account) ? HttpResponse.json(served.mailboxes ?? []) : notFound('Account'))),
    http.get(API.favourites, ({ params }) => (ownAccount(params.account) ? HttpResponse.json(favourites) : notFound('Account'))),
    http.post(API.favourites, async ({ params, request }) => {
      if (!ownAccount(params.account)) return notFound('Account');
      const { autoResponseId } = (await request.json()) as { autoResponseId: string };
      const block = (served.blocks ?? []).find((candidate) => candidate._id === autoResponseId);
      if (!block) return notFound('Block');
      const existing = favourites.find((entry) => entry.autoResponseId === block._id);
      if (existing) return HttpResponse.json(existing);
      const added = { autoResponseId: block._id, team: block.team, addedAt: new Date().toISOString() };
      favourites.push(added);
      return HttpResponse.json(added, { status: 201 });
    }),
    http.delete(API.favourite, ({ params }) => {
      if (!ownAccount(params.account)) return notFound('Account');
      favourites = favourites.filter((entry) => entry.autoResponseId !== params.block);
      return new HttpResponse(null, { status: 204 });
    }),
    http.post(API.sentBlocks, () => HttpResponse.json({ _id: 'f'.repeat(24) }, { status: 201 })),
    http.post(API.suggestions, () => HttpResponse.json({ _id: 'e'.repeat(24) }, { status: 201 })),
    http.post(API.classify, async ({ request }) => {
      const { text } = (await request.json()) as { text: string };
      const answer = typeof served.classify === 'function' ? await served.classify(text) : (served.classify ?? { status: 503 });
      if ('status' in answer) return apiError(answer.status, 'classifier_unavailable', 'The email classifier is not available on this server.');
      return HttpResponse.json({ confidence: 0.9, ...answer });
    }),
    http.post(API.classificationOutcomes, () => HttpResponse.json({ _id: 'd'.repeat(24) }, { status: 201 })),
    http.post(API.recordedChecklists, () => HttpResponse.json({ _id: recordedChecklistId((checklistsCreated += 1)) }, { status: 201 })),
    http.put(API.recordedChecklists, async ({ request }) => {
      const body = (await request.json()) as { recordedPhoneFlowId?: string };
      return HttpResponse.json({ _id: body.recordedPhoneFlowId });
    }),
    // The usage session every signed-in pane starts and extends (server/routes/sessions.ts).
    http.post(API.sessions, () => HttpResponse.json({ sessionId: sessionId((sessionsStarted += 1)) }, { status: 201 })),
    http.put(API.sessions, async ({ request }) => {
      const body = (await request.json()) as { sessionId?: string };
      return HttpResponse.json({ sessionId: body.sessionId });
    }),
  ];
}

/**
 * Every other route of the API's contract, answering its default (`defaultAnswer`); register it
 * after the handlers with demo data, which answer first. The server's router is walked on the first
 * request that reaches it, so a test file that never needs a default does not load the server's
 * code (one that mocks a module the server imports keeps working). A request no route matches
 * falls through to `unmodelledRequest`.
 */
export const contractDefaults = http.all('/api/*', async ({ request }) => {
  const { contractRoutes, defaultAnswer } = await import('./contract-routes');
  const url = new URL(request.url);
  const route = contractRoutes().find(({ method, path }) => method === request.method && matchRequestUrl(url, path.replace(/\{[^}]*\}/g, ''), url.origin).matches);
  if (!route) return undefined;
  const { status, json, text } = defaultAnswer(route);
  if (text) return new HttpResponse(text.body, { status, headers: { 'Content-Type': text.type } });
  return json === undefined ? new HttpResponse(null, { status }) : HttpResponse.json(json, { status });
});

/** What no handler answered since the last check: method, URL and the test that was running. */
const unmodelled: string[] = [];

/**
 * Any request no other handler answers (a path or method the contract does not have, or another
 * origin): 404 as the server answers a route it does not have, recorded for `checkUnmodelledRequests`.
 * Register it last.
 */
export const unmodelledRequest = http.all('*', ({ request }) => {
  const test = expect.getState().currentTestName;
  unmodelled.push(`${request.method} ${request.url}${test ? ` (in "${test}")` : ''}`);
  return apiError(404, 'not_found', `No API route ${request.method} ${new URL(request.url).pathname}`);
});

/** The requests recorded by `unmodelledRequest` since the last check, which the check no longer sees. */
export function takeUnmodelledRequests(): string[] {
  return unmodelled.splice(0);
}

/** Throws, naming each, if any request went unanswered since the last check; after each test. */
export function checkUnmodelledRequests(): void {
  const seen = takeUnmodelledRequests();
  if (seen.length) {
    throw new Error(`The fake API has no route for ${seen.join('; ')}. Add a handler with server.use(...), or the route to the API's contract.`);
  }
}
