/**
 * Query keys of the account-scoped resources. Every key names the account and the team set it was
 * asked for (sorted, so the same set in another order shares the cache): a change of account or of
 * teams is a new key, which is the spec's "a reload happens when the account or team set changes".
 */

/** The team ids of a key, sorted and each once. */
export function teamSetKey(teamIds: readonly string[]): string {
  return [...new Set(teamIds)].sort().join(',');
}

export const queryKeys = {
  blocks: (accountId: string, teamIds: readonly string[]) => ['blocks', accountId, teamSetKey(teamIds)] as const,
  mostFrequent: (accountId: string, teamIds: readonly string[], num: number) => ['most-frequent', accountId, teamSetKey(teamIds), num] as const,
  teams: (accountId: string, teamIds: readonly string[]) => ['teams', accountId, teamSetKey(teamIds)] as const,
  account: (accountId: string) => ['account', accountId] as const,
  checklists: (accountId: string, teamIds: readonly string[]) => ['checklists', accountId, teamSetKey(teamIds)] as const,
  meaning: (accountId: string, teamIds: readonly string[]) => ['meaning', accountId, teamSetKey(teamIds)] as const,
  /** The user's own favourites: per user, since two people may share a device and an account. */
  favourites: (accountId: string, userId: string) => ['favourites', accountId, userId] as const,
  learning: (accountId: string, teamIds: readonly string[]) => ['learning', accountId, teamSetKey(teamIds)] as const,
  mailboxes: (accountId: string, teamIds: readonly string[]) => ['mailboxes', accountId, teamSetKey(teamIds)] as const,
};
