import { z } from 'zod';
import { account, accountQuery } from '../src/api/contract/account';
import { blockList, blocksQuery, mostFrequentQuery } from '../src/api/contract/block';
import { checklistsQuery, checklist, recordedChecklistCreate, recordedChecklistUpdate } from '../src/api/contract/checklist';
import { classificationOutcome, classifyRequest, classifyResponse } from '../src/api/contract/classification';
import {
  adminBlock,
  adminBlockInput,
  adminBlockList,
  adminBlocksQuery,
  adminChecklist,
  adminChecklistInput,
  adminChecklistList,
  adminChecklistsQuery,
  adminSuggestionApproval,
  adminSuggestionApproved,
  adminSuggestionPage,
  adminSuggestionRejection,
  adminSuggestionsQuery,
  adminSuggestion,
  adminTeamList,
  auditPage,
  auditQuery,
  blockVersionList,
  usageCsvQuery,
  usageQuery,
  usageReport,
} from '../src/api/contract/admin';
import { BLOCK_TRANSFER_LIMITS, blockExportFile, blockExportQuery, blockImportQuery, blockImportRefusal, blockImportReport, importedBlock } from '../src/api/contract/admin-transfer';
import { sessionCreate, sessionCreated, sessionUpdate } from '../src/api/contract/session';
import { completePkceBody, refreshTokensBody, ssoTokens } from '../src/api/contract/sso';
import { teamList } from '../src/api/contract/team';
import { created, sentAutoResponse, suggestedAutoResponse } from '../src/api/contract/usage';
import { userInfoResponse } from '../src/api/contract/user';
import { adminResponses, errors, json, operation, pathId } from './openapi-parts';
import { peoplePaths } from './openapi-people';
import { learningPaths } from './openapi-learning';

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
      ...adminPaths(account_, team),
      ...peoplePaths(account_),
      ...learningPaths(account_, team),
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

/** The admin API (`/api/admin`): team admins write and organise their team's blocks and checklists, decide suggestions, read usage. */
function adminPaths(account_: ReturnType<typeof pathId>, team: ReturnType<typeof pathId>) {
  const base = '/admin/accounts/{accountId}/teams/{teamId}';
  const block = pathId('blockId');
  const version = { name: 'version', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } };
  const suggestion = pathId('suggestionId');
  const checklist = pathId('checklistId');
  const admin = { admin: true };
  return {
    '/admin/teams': { get: operation('The teams the caller administers, with their account (empty for a non-admin)', { response: adminTeamList }) },
    [`${base}/blocks`]: {
      parameters: [account_, team],
      get: operation("The team's blocks with their versions; q searches names and body text; deleted ones with includeDeleted=true", {
        ...admin,
        query: adminBlocksQuery,
        response: adminBlockList,
      }),
      post: operation('Create a block: 201 with ETag and Location', { ...admin, body: adminBlockInput, response: adminBlock, status: '201' }),
    },
    ...blockTransferPaths(base, [account_, team]),
    [`${base}/blocks/{blockId}`]: {
      parameters: [account_, team, block],
      get: operation('One block (deleted ones too), ETag "<version>"', { ...admin, response: adminBlock }),
      put: operation('Save the whole block as a new version (If-Match)', { ...admin, ifMatch: true, body: adminBlockInput, response: adminBlock }),
      delete: operation('Delete the block: members stop seeing it; admins can undelete it (If-Match)', { ...admin, ifMatch: true, response: adminBlock }),
    },
    [`${base}/blocks/{blockId}/restore`]: {
      parameters: [account_, team, block],
      post: operation('Undelete the block (If-Match)', { ...admin, ifMatch: true, response: adminBlock }),
    },
    [`${base}/blocks/{blockId}/duplicate`]: {
      parameters: [account_, team, block],
      post: operation('A new block with the same content, named "Copy of <name>": 201 with ETag and Location', { ...admin, response: adminBlock, status: '201' }),
    },
    [`${base}/blocks/{blockId}/versions`]: {
      parameters: [account_, team, block],
      get: operation("The block's versions, newest first, each whole, with its author", { ...admin, response: blockVersionList }),
    },
    [`${base}/blocks/{blockId}/versions/{version}/restore`]: {
      parameters: [account_, team, block, version],
      post: operation("A new version with that version's content (If-Match)", { ...admin, ifMatch: true, response: adminBlock }),
    },
    [`${base}/checklists`]: {
      parameters: [account_, team],
      get: operation("The team's checklists with their versions; deleted ones with includeDeleted=true", { ...admin, query: adminChecklistsQuery, response: adminChecklistList }),
      post: operation('Create a checklist (tasks in order, linked blocks of the team): 201 with ETag and Location', {
        ...admin,
        body: adminChecklistInput,
        response: adminChecklist,
        status: '201',
      }),
    },
    [`${base}/checklists/{checklistId}`]: {
      parameters: [account_, team, checklist],
      get: operation('One checklist (deleted ones too), ETag "<version>"', { ...admin, response: adminChecklist }),
      put: operation('Save the whole checklist as a new version (If-Match)', { ...admin, ifMatch: true, body: adminChecklistInput, response: adminChecklist }),
      delete: operation('Delete the checklist: members stop seeing it; admins can undelete it (If-Match)', { ...admin, ifMatch: true, response: adminChecklist }),
    },
    [`${base}/checklists/{checklistId}/restore`]: {
      parameters: [account_, team, checklist],
      post: operation('Undelete the checklist (If-Match)', { ...admin, ifMatch: true, response: adminChecklist }),
    },
    [`${base}/audit`]: {
      parameters: [account_, team],
      get: operation("The team's audit log, newest first; pass next as before for the next page", { ...admin, query: auditQuery, response: auditPage }),
    },
    [`${base}/suggestions`]: {
      parameters: [account_, team],
      get: operation("The team's suggested blocks with one status (open by default), newest first; pass next as before for the next page", {
        ...admin,
        query: adminSuggestionsQuery,
        response: adminSuggestionPage,
      }),
    },
    [`${base}/suggestions/{suggestionId}/approve`]: {
      parameters: [account_, team, suggestion],
      post: operation('Approve an open suggestion: creates the block as sent (version 1) and marks the suggestion approved; 409 when already decided', {
        ...admin,
        body: adminSuggestionApproval,
        response: adminSuggestionApproved,
        status: '201',
        decided: true,
      }),
    },
    [`${base}/suggestions/{suggestionId}/reject`]: {
      parameters: [account_, team, suggestion],
      post: operation('Reject an open suggestion with an optional note; 409 when already decided', {
        ...admin,
        body: adminSuggestionRejection,
        response: adminSuggestion,
        decided: true,
      }),
    },
    [`${base}/usage`]: {
      parameters: [account_, team],
      get: operation(
        "How the team used its blocks from from to to (UTC days, both included; the last 30 days by default; at most 366): uses per block per day or week, per block, user, place in Cannery (uiSource) and host; checklist runs started and completed; usage sessions",
        { ...admin, query: usageQuery, response: usageReport },
      ),
    },
    [`${base}/usage.csv`]: {
      parameters: [account_, team],
      get: {
        ...operation('Every use of the period as CSV (time, blockId, blockName, userEmail, uiSource, host), oldest first; at most 100,000 rows, X-Usage-Truncated: true when cut', {
          ...admin,
          query: usageCsvQuery,
        }),
        responses: {
          '200': {
            description: 'A CSV file (RFC 4180, UTF-8 with a byte order mark); cells a spreadsheet would run as formulas start with an apostrophe',
            headers: {
              'Content-Disposition': { schema: { type: 'string', example: 'attachment; filename="elections-usage-2026-11-01-2026-11-30.csv"' } },
              'X-Usage-Truncated': { schema: { type: 'string', enum: ['true'] }, description: 'Sent when the period had more than 100,000 uses' },
            },
            content: { 'text/csv': { schema: { type: 'string' } } },
          },
          ...errors,
          ...adminResponses(admin),
        },
      },
    },
  };
}

/** A team's blocks as a file: export (JSON or CSV) and import (either, with a dry run). */
function blockTransferPaths(base: string, parameters: Array<ReturnType<typeof pathId>>) {
  const admin = { admin: true };
  const limits = `at most ${BLOCK_TRANSFER_LIMITS.rows.toLocaleString('en-US')} blocks and ${BLOCK_TRANSFER_LIMITS.fileBytes / 1024 / 1024} MB`;
  const exported = operation("The team's live blocks, ordered by name, as a file: JSON (format=json, the default) or CSV (format=csv)", {
    ...admin,
    query: blockExportQuery,
  });
  const imported = operation(
    `Create and change the team's blocks from a file (${limits}): a block changes the live block with its _id, else the one with its name, else is created; one already as the file has it is left alone. dryRun=true writes nothing`,
    { ...admin, query: blockImportQuery, response: blockImportReport },
  );
  return {
    [`${base}/blocks/export`]: {
      parameters,
      get: {
        ...exported,
        responses: {
          ...exported.responses,
          '200': {
            description: 'The file, as an attachment; CSV is RFC 4180, UTF-8 with a byte order mark, one block per record, lists one item per line',
            headers: { 'Content-Disposition': { schema: { type: 'string', example: 'attachment; filename="elections-blocks-2026-11-23.csv"' } } },
            content: { 'application/json': { schema: json(blockExportFile) }, 'text/csv': { schema: { type: 'string' } } },
          },
        },
      },
    },
    [`${base}/blocks/import`]: {
      parameters,
      post: {
        ...imported,
        requestBody: {
          required: true,
          content: {
            'application/json': { schema: json(z.union([blockExportFile, z.array(importedBlock)])) },
            'text/csv': { schema: { type: 'string' } },
          },
        },
        responses: {
          ...imported.responses,
          '413': { description: `The file is larger than ${BLOCK_TRANSFER_LIMITS.fileBytes / 1024 / 1024} MB` },
          '415': { description: 'The body is neither application/json nor text/csv' },
          '422': { description: 'Some rows cannot be imported: nothing was written; every error by row and field', content: { 'application/json': { schema: json(blockImportRefusal) } } },
        },
      },
    },
  };
}
