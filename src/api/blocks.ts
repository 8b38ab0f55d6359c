/**
 * `GET ACCOUNT_ROUTES.blocks?teams=` (rules §7): the blocks of the user's teams, and
 * the spec's "Auto response loading" (rules §4): blocks are shown first from a cache in host storage when
 * that cache belongs to the same user (another user's cache is removed), then the server's answer
 * replaces them and is cached in turn. Failed loads are only logged (rules §8); an unreadable cache is removed.
 */
import { ACCOUNT_ROUTES, accountPath } from './contract/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from './contract/zod';
import type { KeyValueStorage } from '../../hosts/host';
import type { ApiClient } from './client';
import { blockList, type Block } from './contract/block';
import type { User } from './contract/user';
import { sortByName } from '../domain/compare-names';
import { userTeamIds } from '../domain/teams';
import { queryKeys, teamSetKey } from './query-keys';
import { warnLoadFailed } from './load-failure';

/** Host-storage key of the block cache. */
export const BLOCK_CACHE_KEY = 'autoResponsesCache';

/**
 * The cache as stored. Its blocks were checked against the contract when the server sent them;
 * read back, each is checked for the fields the screens rely on, which costs a fraction of a full
 * parse of a large library on the start-up path (an entry that fails the check drops the cache).
 */
const blockCache = z.object({
  userId: z.string(),
  accountId: z.string(),
  teams: z.string(),
  blocks: z.array(z.unknown()),
});
interface BlockCache {
  userId: string;
  accountId: string;
  teams: string;
  blocks: Block[];
}

const strings = (value: unknown) => Array.isArray(value) && value.every((item) => typeof item === 'string');

function isCachedBlock(value: unknown): value is Block {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    typeof candidate._id === 'string' &&
    typeof candidate.name === 'string' &&
    typeof candidate.body === 'string' &&
    typeof candidate.account === 'string' &&
    typeof candidate.team === 'string' &&
    strings(candidate.supportedContexts) &&
    (candidate.categories === undefined || strings(candidate.categories)) &&
    (candidate.cc === undefined || strings(candidate.cc))
  );
}

export interface BlocksScope {
  /** The signed-in user's `_id`: whose cache it is. */
  userId: string;
  accountId: string;
  teamIds: readonly string[];
}

/**
 * The blocks of `teamIds`, in name order. Home lists blocks by name, so keeping them (and the cache
 * written from them) in that order lets the first paint from the cache group them without sorting:
 * a stable sort of sorted input is one comparison per block.
 */
export async function fetchBlocks(client: ApiClient, accountId: string, teamIds: readonly string[], signal?: AbortSignal): Promise<Block[]> {
  const blocks = await client.request('GET', accountPath(ACCOUNT_ROUTES.blocks, { accountId }), {
    query: { teams: [...teamIds] },
    schema: blockList,
    ...(signal ? { signal } : {}),
  });
  return sortByName(blocks);
}

/**
 * The cached blocks of `scope`, or null. A cache of another user is removed (rules §4); one of the
 * same user for another account or team set is kept but not shown (the server answer replaces it).
 */
export async function readBlockCache(storage: KeyValueStorage, scope: BlocksScope): Promise<Block[] | null> {
  let raw: string | null;
  try {
    raw = await storage.get(BLOCK_CACHE_KEY);
  } catch (error) {
    console.warn('Reading the block cache failed', error);
    return null;
  }
  if (raw === null) return null;
  let cache: BlockCache | null;
  try {
    const parsed = blockCache.safeParse(JSON.parse(raw));
    cache = parsed.success && parsed.data.blocks.every(isCachedBlock) ? (parsed.data as BlockCache) : null;
  } catch {
    cache = null;
  }
  if (!cache || cache.userId !== scope.userId) {
    if (!cache) console.warn('The block cache was unreadable and has been removed');
    await storage.remove(BLOCK_CACHE_KEY).catch(() => undefined);
    return null;
  }
  if (cache.accountId !== scope.accountId || cache.teams !== teamSetKey(scope.teamIds)) return null;
  return cache.blocks;
}

export async function writeBlockCache(storage: KeyValueStorage, scope: BlocksScope, blocks: readonly Block[]): Promise<void> {
  const cache: BlockCache = { userId: scope.userId, accountId: scope.accountId, teams: teamSetKey(scope.teamIds), blocks: [...blocks] };
  try {
    await storage.set(BLOCK_CACHE_KEY, JSON.stringify(cache));
  } catch (error) {
    // A full storage costs the next start its head start, nothing more.
    console.warn('Writing the block cache failed', error);
  }
}

export function blocksQueryOptions(client: ApiClient, storage: KeyValueStorage, scope: BlocksScope) {
  return queryOptions({
    queryKey: queryKeys.blocks(scope.accountId, scope.teamIds),
    queryFn: async ({ signal }) => {
      const blocks = await fetchBlocks(client, scope.accountId, scope.teamIds, signal);
      await writeBlockCache(storage, scope, blocks);
      return blocks;
    },
  });
}

export interface BlocksResult {
  /** The blocks to show: the server's once it answered, the cached ones until then, else empty. */
  blocks: Block[];
  /** Where `blocks` came from. */
  source: 'server' | 'cache' | 'none';
  /** True until the server answered or failed. */
  loading: boolean;
  /** The last load failed (logged; cached or older blocks stay shown). */
  failed: boolean;
}

const EMPTY: Block[] = [];

/** The blocks of the user's teams, cache first (rules §4); nothing loads while `scope` is null. */
/** The key of the cached blocks of `scope` in the query cache (the warm start fills it before Home renders). */
export const blockCacheQueryKey = (scope: BlocksScope | null) =>
  scope ? (['blocks-cache', scope.userId, scope.accountId, teamSetKey(scope.teamIds)] as const) : (['blocks-cache'] as const);

/** The lists of `user`: their account and every team they belong to. */
export function blocksScopeOf(user: Pick<User, '_id' | 'account' | 'teams' | 'adminTeams'>): BlocksScope {
  return { userId: user._id, accountId: user.account, teamIds: userTeamIds(user) };
}

export function useBlocks(client: ApiClient, storage: KeyValueStorage, scope: BlocksScope | null): BlocksResult {
  const cached = useQuery({
    queryKey: blockCacheQueryKey(scope),
    queryFn: () => (scope ? readBlockCache(storage, scope) : null),
    enabled: scope !== null,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  const server = useQuery({
    ...blocksQueryOptions(client, storage, scope ?? { userId: '', accountId: '', teamIds: [] }),
    enabled: scope !== null,
  });
  if (server.error && !server.isFetching) logOnce(server.error);
  if (server.data) return { blocks: server.data, source: 'server', loading: false, failed: server.isError };
  if (cached.data) return { blocks: cached.data, source: 'cache', loading: server.isPending && !server.isError, failed: server.isError };
  return { blocks: EMPTY, source: 'none', loading: scope === null || (server.isPending && !server.isError), failed: server.isError };
}

const logged = new WeakSet<object>();
function logOnce(error: Error): void {
  if (logged.has(error)) return;
  logged.add(error);
  warnLoadFailed('Loading the blocks', error);
}
