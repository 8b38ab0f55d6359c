/** The meaning part of the OpenAPI document: the account's synonyms (admin) and a member's recommendation hints. */
import { accountSynonyms, meaningHints } from '../src/api/contract/meaning';
import { blocksQuery } from '../src/api/contract/block';
import type { pathId } from './openapi-parts';
import { operation } from './openapi-parts';

type Parameter = ReturnType<typeof pathId>;

const ACCOUNT_ADMINS = { '403': { description: 'Not an account admin of this account' } };

export function meaningPaths(account_: Parameter) {
  const get = operation(
    "What recommendations use beyond shared words, for the blocks of the caller's teams (or those named): the account's synonyms, and related words from WordNet (email stem to block stems, with a weight below 1); ETag, 304 with If-None-Match",
    { query: blocksQuery, response: meaningHints },
  );
  return {
    '/accounts/{accountId}/meaning': {
      parameters: [account_],
      get: { ...get, responses: { ...get.responses, '304': { description: 'Not modified' } } },
    },
    '/admin/accounts/{accountId}/synonyms': {
      parameters: [account_],
      get: (() => {
        const op = operation("The account's synonyms: a word or phrase the public writes, and the office's words it means", { response: accountSynonyms });
        return { ...op, responses: { ...op.responses, ...ACCOUNT_ADMINS } };
      })(),
      put: (() => {
        const op = operation("Save the account's synonyms, whole (at most 300; a phrase at most 60 characters, listed once; what it means at most 100)", {
          body: accountSynonyms,
          response: accountSynonyms,
        });
        return { ...op, responses: { ...op.responses, ...ACCOUNT_ADMINS } };
      })(),
    },
  };
}
