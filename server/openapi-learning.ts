/** The learning part of the OpenAPI document (server/routes/learning.ts, server/routes/admin/learning.ts). */
import { learnedModel } from '../src/api/contract/learning';
import { learningSummary } from '../src/api/contract/learning-summary';
import { operation, type pathId } from './openapi-parts';

type Parameter = ReturnType<typeof pathId>;

const LEARNING_ADMINS = { '403': { description: 'Neither an account admin nor an admin of this team' } };

export function learningPaths(account_: Parameter, team: Parameter) {
  return {
    '/accounts/{accountId}/learning': {
      parameters: [account_],
      get: operation(
        "What the caller's teams learned from the blocks their staff chose: per team, hashed email terms and the blocks chosen with them, weights decayed to the hour (ETag, 304)",
        { response: learnedModel },
      ),
    },
    '/admin/accounts/{accountId}/teams/{teamId}/learning': {
      parameters: [account_, team],
      get: (() => {
        const op = operation('How much the team has learned: uses with an email signature, since when', { response: learningSummary });
        return { ...op, responses: { ...op.responses, ...LEARNING_ADMINS } };
      })(),
      delete: (() => {
        const op = operation('Forget everything the team has learned (audit event team.learning_reset)', { status: '204' });
        return { ...op, responses: { ...op.responses, ...LEARNING_ADMINS } };
      })(),
    },
  };
}
