/**
 * `GET ACCOUNT_ROUTES.learning`: what the user's teams learned from the blocks their staff
 * chose (server/routes/learning.ts, contract `contract/learning.ts`), for Home's recommendations.
 * Home loads this module after its first screen (`use-learned-boosts.ts`); the server's ETag makes
 * an unchanged model a 304.
 *
 * The answer is checked by hand against the contract's shape rather than parsed with its zod
 * schema (as the block cache is, `blocks.ts`): a model holds up to 20,000 associations per team,
 * and the task pane's first screen then carries no code of it.
 */
import { ACCOUNT_ROUTES, accountPath } from './contract/paths';
import type { ApiClient } from './client';
import type { LearnedModelResponse } from './contract/learning';

const HASHED_TERM = /^[0-9a-f]{8}$/;

function isAssociation(value: unknown, blocks: number): boolean {
  return Array.isArray(value) && value.length === 2 && Number.isInteger(value[0]) && (value[0] as number) >= 0 && (value[0] as number) < blocks && typeof value[1] === 'number' && value[1] > 0;
}

function isLearnedTeam(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const team = value as Record<string, unknown>;
  if (typeof team.team !== 'string' || !Array.isArray(team.blocks) || !team.blocks.every((id) => typeof id === 'string')) return false;
  if (typeof team.terms !== 'object' || team.terms === null || Array.isArray(team.terms)) return false;
  const blocks = team.blocks.length;
  return Object.entries(team.terms).every(([term, list]) => HASHED_TERM.test(term) && Array.isArray(list) && list.every((item) => isAssociation(item, blocks)));
}

/** `value` as a learned model, or an error naming what is wrong with it. */
export function parseLearnedModel(value: unknown): LearnedModelResponse {
  const model = value as Partial<LearnedModelResponse> | null;
  if (typeof model !== 'object' || model === null || typeof model.enabled !== 'boolean' || typeof model.halfLifeDays !== 'number' || !Array.isArray(model.teams)) {
    throw new Error('The learned model is not an object with enabled, halfLifeDays and teams.');
  }
  if (!model.teams.every(isLearnedTeam)) throw new Error('A team of the learned model is malformed.');
  return model as LearnedModelResponse;
}

export async function fetchLearnedModel(client: ApiClient, accountId: string, signal?: AbortSignal): Promise<LearnedModelResponse> {
  const answer = await client.request<unknown>('GET', accountPath(ACCOUNT_ROUTES.learning, { accountId }), signal ? { signal } : {});
  return parseLearnedModel(answer);
}
