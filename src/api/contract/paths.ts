/**
 * The member API's URLs under `/api/accounts` (rules §7): the one place where the API's names
 * (`autoresponses`, `phoneflows`, ...) are spelled. The client builds its requests with
 * `accountPath`, the server registers its routes with `routePattern`; the rest of the code says
 * blocks, checklists and uses.
 */

/** Where the routes below are mounted, under `/api`. */
export const ACCOUNTS_MOUNT = 'accounts';

export const ACCOUNT_ROUTES = {
  teams: '/{accountId}/teams',
  blocks: '/{accountId}/autoresponses',
  mostUsedBlocks: '/{accountId}/autoresponses/mostfrequentlyused',
  favourites: '/{accountId}/favouriteautoresponses',
  favourite: '/{accountId}/favouriteautoresponses/{autoResponseId}',
  checklists: '/{accountId}/phoneflows',
  blockUses: '/{accountId}/teams/{teamId}/sentautoresponses',
  recordedChecklists: '/{accountId}/teams/{teamId}/recordedphoneflows',
  suggestions: '/{accountId}/teams/{teamId}/suggestedautoresponses',
  sessions: '/{accountId}/users/{userSub}/sessions',
  meaning: '/{accountId}/meaning',
  learning: '/{accountId}/learning',
  mailboxes: '/{accountId}/mailboxes',
  insertionFailures: '/{accountId}/insertionfailures',
} as const;

export type AccountRoute = (typeof ACCOUNT_ROUTES)[keyof typeof ACCOUNT_ROUTES];

/** The `{name}`s of a route. */
type ParamsOf<T extends string> = T extends `${string}{${infer Name}}${infer Rest}` ? Name | ParamsOf<Rest> : never;

/** The request path of `route` (relative to `/api`), each `{name}` replaced by its value, encoded. */
export function accountPath<T extends AccountRoute>(route: T, params: Record<ParamsOf<T>, string>): string {
  const values = params as Record<string, string>;
  return ACCOUNTS_MOUNT + route.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`accountPath: no value for {${name}} in ${route}`);
    return encodeURIComponent(value);
  });
}

/** A route in Hono's syntax, typed so that the server's handlers know its parameters. */
type Pattern<T extends string> = T extends `${infer Head}{${infer Name}}${infer Rest}` ? `${Head}:${Name}${Pattern<Rest>}` : T;

/** The route as the server registers it under `ACCOUNTS_MOUNT`, in Hono's syntax (`:name`). */
export function routePattern<T extends AccountRoute>(route: T): Pattern<T> {
  return route.replace(/\{(\w+)\}/g, ':$1') as Pattern<T>;
}
