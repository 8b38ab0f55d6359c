import { beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { BLOCK_CACHE_KEY, blockCacheQueryKey, blocksScopeOf } from '../../../src/api/blocks';
import { STORED_USER_KEY, STORED_USER_QUERY_KEY } from '../../../src/user/current-user';
import { warmStart } from '../../../src/user/warm-start';
import { makeBlock, makeUser, resetFactoryIds } from '../../fixtures/factories';
import { makeFakeHost } from '../fake-host';

beforeEach(() => resetFactoryIds());

function cacheOf(owner: { _id: string; account: string; teams?: string[] }, blocks: unknown[]) {
  return JSON.stringify({ userId: owner._id, accountId: owner.account, teams: [...(owner.teams ?? [])].sort().join(','), blocks });
}

describe('warm start', () => {
  it("puts the stored user and that user's cached blocks into the query cache before any screen asks", async () => {
    const host = makeFakeHost();
    const user = makeUser();
    const block = makeBlock({ name: 'Cached Reply' });
    host.data.set(STORED_USER_KEY, JSON.stringify(user));
    host.data.set(BLOCK_CACHE_KEY, cacheOf(user, [block]));
    const queryClient = new QueryClient();
    await warmStart(host.storage, queryClient);
    expect(queryClient.getQueryData(STORED_USER_QUERY_KEY)).toEqual(user);
    expect(queryClient.getQueryData(blockCacheQueryKey(blocksScopeOf(user)))).toEqual([block]);
  });

  it("leaves another user's cache out (and removed), and an unreadable stored user changes nothing", async () => {
    const host = makeFakeHost();
    const user = makeUser();
    host.data.set(STORED_USER_KEY, JSON.stringify(user));
    host.data.set(BLOCK_CACHE_KEY, cacheOf({ ...user, _id: 'someone-else' }, [makeBlock()]));
    const queryClient = new QueryClient();
    await warmStart(host.storage, queryClient);
    expect(queryClient.getQueryData(blockCacheQueryKey(blocksScopeOf(user)))).toBeUndefined();
    expect(host.data.has(BLOCK_CACHE_KEY)).toBe(false);

    const broken = makeFakeHost();
    broken.data.set(STORED_USER_KEY, '{"_id": 42');
    broken.data.set(BLOCK_CACHE_KEY, cacheOf(user, [makeBlock()]));
    const empty = new QueryClient();
    await warmStart(broken.storage, empty);
    expect(empty.getQueryCache().getAll()).toEqual([]);
  });

  it('never fails the start when storage does', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const host = makeFakeHost();
    host.storage.get = () => Promise.reject(new Error('storage is gone'));
    const queryClient = new QueryClient();
    await expect(warmStart(host.storage, queryClient)).resolves.toBeUndefined();
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
    warn.mockRestore();
  });
});
