/**
 * The Cannery API as Home uses it, behind the real API client: the signed-in user, their teams,
 * account, blocks and most-used blocks, and the record calls, shaped like the server's answers
 * (server/routes/*). Tests read what the app sent from `records`.
 */
import type { Block } from '../../../src/api/contract/block';
import type { Checklist } from '../../../src/api/contract/checklist';
import type { Account, Team, User } from '../../../src/domain/types';
import type { FakeApi } from '../auth/render-app';

export interface HomeApiData {
  user: User;
  teams: Team[];
  account: Account;
  blocks: Block[];
  mostUsed?: Block[];
  /** Resolve it to let `GET .../autoresponses` answer; answers at once when absent. */
  blocksGate?: Promise<void>;
  /** Answers the block list with this status instead. */
  blocksStatus?: number;
  /** What `GET .../phoneflows` answers, kept to the teams asked for as the server does. */
  checklists?: Checklist[];
  /** Answers the checklist list with this status instead. */
  checklistsStatus?: number;
  /** Resolve it to let `POST .../suggestedautoresponses` answer; answers at once when absent. */
  suggestionGate?: Promise<void>;
  /** Answers a suggestion with this status instead of 201. */
  suggestionStatus?: number;
  /**
   * What `POST /classify` answers, or a function of the text sent that decides per request (it may
   * wait). Absent: 503, as the server answers until a classifier is configured.
   */
  classify?: ClassifyAnswer | ((text: string) => ClassifyAnswer | Promise<ClassifyAnswer>);
  /** Answers `POST /classification-accuracy` with this status instead of 201. */
  classificationOutcomeStatus?: number;
}

/** A label from the model, or an error status. */
export type ClassifyAnswer = { prediction: 'Election' | 'Recorder' } | { status: number };

export interface HomeApi extends FakeApi {
  /** The bodies of `POST .../sentautoresponses`, with their Idempotency-Key. */
  records: Array<{ key: string | null; body: Record<string, unknown> }>;
  /** Every `POST .../suggestedautoresponses`: its path (account and team) and body, failed ones too. */
  suggestions: Array<{ path: string; body: Record<string, unknown> }>;
  /** The `text` of every `POST /classify`, in order. */
  classified: string[];
  /** The bodies of every `POST /classification-accuracy`, failed ones too. */
  classificationOutcomes: Array<Record<string, unknown>>;
  /** Every `POST` and `PUT .../recordedphoneflows`, in order: method, path, Idempotency-Key and body. */
  checklistRecords: Array<{ method: 'POST' | 'PUT'; path: string; key: string | null; body: Record<string, unknown> }>;
}

/** The `_id` the fake answers for the n-th recorded checklist created (1-based). */
export const recordedChecklistId = (n: number) => `c0ffee${n.toString(16).padStart(18, '0')}`;

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export function makeHomeApi(data: HomeApiData): HomeApi {
  const api: HomeApi = {
    users: new Map([[data.user.email, data.user]]),
    requests: [],
    records: [],
    suggestions: [],
    classified: [],
    classificationOutcomes: [],
    checklistRecords: [],
    fetch: async (input, init) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'https://cannery.test');
      const method = init?.method ?? 'GET';
      const headers = new Headers(init?.headers);
      api.requests.push({ method, url: url.pathname + url.search, headers });
      const path = url.pathname;
      const account = data.user.account;
      if (method === 'GET' && path === '/api/user-info') return json(200, { user: data.user });
      if (method === 'GET' && path === '/api/accounts' && url.searchParams.get('id') === account) return json(200, { name: 'Alder County', ...data.account });
      if (method === 'GET' && path === `/api/accounts/${account}/teams`) return json(200, data.teams);
      if (method === 'GET' && path === `/api/accounts/${account}/autoresponses`) {
        await data.blocksGate;
        if (data.blocksStatus) return json(data.blocksStatus, { error: { code: 'unavailable', message: 'Try again later.' } });
        return json(200, data.blocks);
      }
      if (method === 'GET' && path === `/api/accounts/${account}/phoneflows`) {
        if (data.checklistsStatus) return json(data.checklistsStatus, { error: { code: 'unavailable', message: 'Try again later.' } });
        const teams = new Set((url.searchParams.get('teams') ?? '').split(','));
        return json(200, (data.checklists ?? []).filter((checklist) => teams.has(checklist.team)));
      }
      if (method === 'GET' && path === `/api/accounts/${account}/autoresponses/mostfrequentlyused`) return json(200, data.mostUsed ?? []);
      if (method === 'POST' && /^\/api\/accounts\/[^/]+\/teams\/[^/]+\/sentautoresponses$/.test(path)) {
        api.records.push({ key: headers.get('Idempotency-Key'), body: JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<string, unknown> });
        return json(201, { _id: 'f'.repeat(24) });
      }
      if (method === 'POST' && /^\/api\/accounts\/[^/]+\/teams\/[^/]+\/suggestedautoresponses$/.test(path)) {
        api.suggestions.push({ path, body: JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<string, unknown> });
        await data.suggestionGate;
        if (data.suggestionStatus) return json(data.suggestionStatus, { error: { code: 'unavailable', message: 'Try again later.' } });
        return json(201, { _id: 'e'.repeat(24) });
      }
      if (method === 'POST' && path === '/api/classify') {
        const { text } = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as { text: string };
        api.classified.push(text);
        const answer = typeof data.classify === 'function' ? await data.classify(text) : (data.classify ?? { status: 503 });
        if ('status' in answer) return json(answer.status, { error: { code: 'classifier_unavailable', message: 'The email classifier is not available on this server.' } });
        return json(200, answer);
      }
      if (method === 'POST' && path === '/api/classification-accuracy') {
        api.classificationOutcomes.push(JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<string, unknown>);
        if (data.classificationOutcomeStatus) return json(data.classificationOutcomeStatus, { error: { code: 'unavailable', message: 'Try again later.' } });
        return json(201, { _id: 'd'.repeat(24) });
      }
      if ((method === 'POST' || method === 'PUT') && /^\/api\/accounts\/[^/]+\/teams\/[^/]+\/recordedphoneflows$/.test(path)) {
        const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<string, unknown>;
        api.checklistRecords.push({ method, path, key: headers.get('Idempotency-Key'), body });
        if (method === 'PUT') return json(200, { _id: body.recordedPhoneFlowId });
        return json(201, { _id: recordedChecklistId(api.checklistRecords.filter((record) => record.method === 'POST').length) });
      }
      return json(404, { error: { code: 'not_found', message: `No route ${method} ${path}` } });
    },
  };
  return api;
}
