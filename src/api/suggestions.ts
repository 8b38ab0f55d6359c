/** `POST ACCOUNT_ROUTES.suggestions` (rules §7): a block a user suggests. */
import { ACCOUNT_ROUTES, accountPath } from './contract/paths';
import type { ApiClient } from './client';
import { created, type SuggestedAutoResponse } from './contract/usage';

export async function postSuggestion(client: ApiClient, accountId: string, teamId: string, suggestion: SuggestedAutoResponse): Promise<string> {
  const { _id } = await client.request('POST', accountPath(ACCOUNT_ROUTES.suggestions, { accountId, teamId }), {
    body: suggestion,
    schema: created,
  });
  return _id;
}
