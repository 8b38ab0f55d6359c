import { z } from 'zod';
import { account, accountQuery } from '../src/api/contract/account';
import { blockList, blocksQuery, mostFrequentQuery } from '../src/api/contract/block';
import { checklistsQuery, checklist, recordedChecklistCreate, recordedChecklistUpdate } from '../src/api/contract/checklist';
import { classificationOutcome, classifyRequest, classifyResponse } from '../src/api/contract/classification';
import { apiError } from '../src/api/contract/common';
import { sessionCreate, sessionCreated, sessionUpdate } from '../src/api/contract/session';
import { completePkceBody, refreshTokensBody, ssoTokens } from '../src/api/contract/sso';
import { teamList } from '../src/api/contract/team';
import { created, sentAutoResponse, suggestedAutoResponse } from '../src/api/contract/usage';
import { userInfoResponse } from '../src/api/contract/user';

type Schema = z.ZodType;

const json = (schema: Schema) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'openapi-3.0' });

const errors = {
  '400': { description: 'Invalid request: the message names each bad field', content: { 'application/json': { schema: json(apiError) } } },
  '401': { description: 'No valid bearer ID token' },
  '404': { description: 'Not found, or not yours (no existence leak)' },
};

function operation(summary: string, options: { query?: z.ZodObject; body?: Schema; response?: Schema; status?: string }) {
  const parameters = options.query
    ? Object.keys(options.query.shape).map((name) => ({ name, in: 'query', required: false, schema: { type: 'string' } }))
    : [];
  return {
    summary,
    security: [{ bearer: [] }],
    ...(parameters.length ? { parameters } : {}),
    ...(options.body ? { requestBody: { required: true, content: { 'application/json': { schema: json(options.body) } } } } : {}),
    responses: {
      [options.status ?? '200']: {
        description: 'Success',
        ...(options.response ? { content: { 'application/json': { schema: json(options.response) } } } : {}),
      },
      ...errors,
    },
  };
}

const pathId = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string', pattern: '^[0-9a-fA-F]{24}$' } });

/** The OpenAPI 3 description of the API, generated from the same zod schemas the server validates with. */
export function openApiDocument() {
  const account_ = pathId('accountId');
  const team = pathId('teamId');
  return {
    openapi: '3.0.3',
    info: { title: 'Cannery API', version: '1' },
    servers: [{ url: '/api' }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT (ID token)' } } },
    paths: {
      '/health': { get: { summary: 'Liveness and database check', responses: { '200': { description: 'Ready' }, '503': { description: 'Database down' } } } },
      '/user-info': { get: operation('The signed-in user', { response: userInfoResponse }) },
      '/accounts': { get: operation('The caller account', { query: accountQuery, response: account }) },
      '/accounts/{accountId}/teams': { parameters: [account_], get: operation("The caller's teams", { response: teamList }) },
      '/accounts/{accountId}/autoresponses': {
        parameters: [account_],
        get: operation('Blocks of the given teams (ETag, 304)', { query: blocksQuery, response: blockList }),
      },
      '/accounts/{accountId}/autoresponses/mostfrequentlyused': {
        parameters: [account_],
        get: operation('Most used blocks', { query: mostFrequentQuery, response: blockList }),
      },
      '/accounts/{accountId}/teams/{teamId}/suggestedautoresponses': {
        parameters: [account_, team],
        post: operation('Suggest a block', { body: suggestedAutoResponse, response: created, status: '201' }),
      },
      '/accounts/{accountId}/teams/{teamId}/sentautoresponses': {
        parameters: [account_, team],
        post: operation('Record a use of a block (Idempotency-Key)', { body: sentAutoResponse, response: created, status: '201' }),
      },
      '/accounts/{accountId}/phoneflows': {
        parameters: [account_],
        get: operation('Checklists of the given teams (ETag, 304)', { query: checklistsQuery, response: z.array(checklist) }),
      },
      '/accounts/{accountId}/teams/{teamId}/recordedphoneflows': {
        parameters: [account_, team],
        post: operation('Start a checklist record (Idempotency-Key)', { body: recordedChecklistCreate, response: created, status: '201' }),
        put: operation('Update a checklist record', { body: recordedChecklistUpdate, response: created }),
      },
      '/accounts/{accountId}/users/{userSub}/sessions': {
        parameters: [account_, { name: 'userSub', in: 'path', required: true, schema: { type: 'string' } }],
        post: operation('Start a usage session (Idempotency-Key)', { body: sessionCreate, response: sessionCreated, status: '201' }),
        put: operation('Extend a usage session', { body: sessionUpdate, response: sessionCreated }),
      },
      '/complete-pkce': {
        post: {
          ...operation('Exchange a work-account authorization code (PKCE) for tokens; no bearer token needed', { body: completePkceBody, response: ssoTokens }),
          security: [],
        },
      },
      '/refresh-tokens': {
        post: {
          ...operation('Refresh work-account tokens; 401 when the provider refuses (the client logs out)', { body: refreshTokensBody, response: ssoTokens }),
          security: [],
        },
      },
      '/classify': {
        post: operation(
          "Classify an email (scrubbed text; scrubbed again by the server): the label and its posterior probability (0.5 to 1), from the account's model; 503 when the feature is off for the caller",
          // This server always sends the confidence (the contract keeps it optional for older servers).
          { body: classifyRequest, response: classifyResponse.required() },
        ),
      },
      '/classification-accuracy': {
        post: operation("Record the user's answer to a classification; the model learns it (the body is stored scrubbed)", {
          body: classificationOutcome,
          response: created,
          status: '201',
        }),
      },
    },
  };
}
