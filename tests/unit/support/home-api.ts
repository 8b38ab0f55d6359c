/**
 * The Cannery API as Home, checklists and suggestions use it: the shared request handlers
 * (`api-handlers.ts`) serving one signed-in user's data, and what the app sent, read from the
 * request log. A test that needs another answer for a route adds it with `server.use(...)`.
 */
import type { Block } from '../../../src/api/contract/block';
import type { Checklist } from '../../../src/api/contract/checklist';
import type { Account, Team, User } from '../../../src/domain/types';
import type { FakeApi } from './render-app';
import type { LearnedModelResponse } from '../../../src/api/contract/learning';
import type { Favourite } from '../../../src/api/contract/favourite';
import type { MemberMailboxTeam } from '../../../src/api/contract/mailbox';
import { serveApiData, type ClassifyAnswer } from './api-handlers';
import { recordRequests, type SeenRequest } from './api-server';


export interface HomeApiData {
  user: User;
  teams: Team[];
  account: Account;
  blocks: Block[];
  mostUsed?: Block[];
  checklists?: Checklist[];
  classify?: ClassifyAnswer | ((text: string) => ClassifyAnswer | Promise<ClassifyAnswer>);
  /** What the teams learned (`GET .../learning`); absent: nothing. */
  learning?: LearnedModelResponse;
  /** The user's favourites at the start (`GET .../favouriteautoresponses`). */
  favourites?: Favourite[];
  /** The mailboxes mapped to the user's teams (`GET .../mailboxes`). */
  mailboxes?: MemberMailboxTeam[];
}

type Body = Record<string, unknown>;

export interface HomeApi extends FakeApi {
  /** The bodies of `POST .../sentautoresponses`, with their Idempotency-Key. */
  readonly records: Array<{ key: string | null; body: Body }>;
  /** Every `POST .../suggestedautoresponses`: its path (account and team) and body, failed ones too. */
  readonly suggestions: Array<{ path: string; body: Body }>;
  /** The `text` of every `POST /classify`, in order. */
  readonly classified: string[];
  /** The bodies of every `POST /classification-accuracy`, failed ones too. */
  readonly classificationOutcomes: Body[];
  /** Every `POST` and `PUT .../recordedphoneflows`, in order: method, path, Idempotency-Key and body. */
  readonly checklistRecords: Array<{ method: 'POST' | 'PUT'; path: string; key: string | null; body: Body }>;
}

const bodyOf = (request: SeenRequest): Body => JSON.parse(request.body || '{}') as Body;
const pathOf = (request: SeenRequest) => request.url.split('?')[0] ?? '';

/** The requests `method` (or any of `methods`) sent to a path ending in `/suffix`. */
function sent(requests: SeenRequest[], methods: string[], suffix: string): SeenRequest[] {
  return requests.filter((request) => methods.includes(request.method) && pathOf(request).endsWith(`/${suffix}`));
}

export function makeHomeApi(data: HomeApiData): HomeApi {
  const requests = recordRequests();
  serveApiData({ ...data, userFor: () => data.user });
  return {
    users: new Map([[data.user.email, data.user]]),
    requests,
    fetch: (input, init) => globalThis.fetch(input, init),
    get records() {
      return sent(requests, ['POST'], 'sentautoresponses').map((request) => ({ key: request.headers.get('Idempotency-Key'), body: bodyOf(request) }));
    },
    get suggestions() {
      return sent(requests, ['POST'], 'suggestedautoresponses').map((request) => ({ path: pathOf(request), body: bodyOf(request) }));
    },
    get classified() {
      return sent(requests, ['POST'], 'classify').map((request) => String(bodyOf(request).text));
    },
    get classificationOutcomes() {
      return sent(requests, ['POST'], 'classification-accuracy').map(bodyOf);
    },
    get checklistRecords() {
      return sent(requests, ['POST', 'PUT'], 'recordedphoneflows').map((request) => ({
        method: request.method as 'POST' | 'PUT',
        path: pathOf(request),
        key: request.headers.get('Idempotency-Key'),
        body: bodyOf(request),
      }));
    },
  };
}
