import type { RouterRoute } from 'hono/types';
import { openApiDocument } from '../../../server/openapi';

/** The path parameter each collection's ids fill (`/blocks/<id>` → `{blockId}`). */
const PARAMETER_OF: Record<string, string> = {
  accounts: 'accountId',
  teams: 'teamId',
  blocks: 'blockId',
  checklists: 'checklistId',
  suggestions: 'suggestionId',
  drafts: 'draftId',
  members: 'memberId',
  versions: 'version',
  domains: 'domain',
  mailboxes: 'address',
};

/**
 * The OpenAPI operation a test's request exercises: `PATCH /admin/accounts/{accountId}/members/{memberId}`
 * for a `PATCH` of `/admin/accounts/64b…/members/65c…?x=1`. An id is a segment after a collection's
 * name that is not itself a known word of the API.
 */
export function operationOf(path: string, init?: RequestInit): string {
  const segments = path.split('?')[0]!.split('/');
  const pattern = segments.map((segment, index) => {
    const parameter = PARAMETER_OF[segments[index - 1] ?? ''];
    const isValue = parameter === 'domain' || parameter === 'address' ? segment.includes('.') : /^[0-9a-f]{24}$/i.test(segment) || /^\d+$/.test(segment);
    return parameter && isValue ? `{${parameter}}` : segment;
  });
  return `${(init?.method ?? 'GET').toUpperCase()} ${pattern.join('/')}`;
}

/** The operations of the OpenAPI document of `app` (generated from its routes' contracts) whose path starts with `prefix`. */
export function describedOperations(app: { routes: readonly RouterRoute[] }, prefix: string): string[] {
  return Object.entries(openApiDocument(app.routes).paths)
    .filter(([pattern]) => pattern.startsWith(prefix))
    .flatMap(([pattern, item]) =>
      Object.keys(item)
        .filter((key) => ['get', 'post', 'put', 'patch', 'delete'].includes(key))
        .map((method) => `${method.toUpperCase()} ${pattern}`),
    );
}
