/** `POST /accounts/{accountId}/teams/{teamId}/suggestedautoresponses` (rules §7): a block a user suggests. */
import type { ApiClient } from './client';
import { created, type SuggestedAutoResponse } from './contract/usage';

export async function postSuggestion(client: ApiClient, accountId: string, teamId: string, suggestion: SuggestedAutoResponse): Promise<string> {
  const { _id } = await client.request('POST', `accounts/${encodeURIComponent(accountId)}/teams/${encodeURIComponent(teamId)}/suggestedautoresponses`, {
    body: suggestion,
    schema: created,
  });
  return _id;
}
