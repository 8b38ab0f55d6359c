/**
 * What the last session left on this device, read while the client config loads: the user
 * `GET /user-info` last answered and that user's cached blocks go into the query cache, so Home's
 * first render already shows the blocks (rules §4 "Auto response loading": cache first) instead of
 * waiting for one read after another. Nothing here is trusted more than before: the stored user
 * counts only for a token of the same subject (`useCurrentUser`), and the cached blocks are filed
 * under their own user, account and team set, so another scope never sees them.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { KeyValueStorage } from '../../hosts/host';
import { blockCacheQueryKey, blocksScopeOf, readBlockCache } from '../api/blocks';
import { STORED_USER_QUERY_KEY, readStoredUser } from './current-user';

export async function warmStart(storage: KeyValueStorage, queryClient: QueryClient): Promise<void> {
  try {
    const user = await readStoredUser(storage);
    if (!user) return;
    queryClient.setQueryData(STORED_USER_QUERY_KEY, user);
    const scope = blocksScopeOf(user);
    const blocks = await readBlockCache(storage, scope);
    if (blocks) queryClient.setQueryData(blockCacheQueryKey(scope), blocks);
  } catch (error) {
    // Only a head start is lost: the screens read the same values themselves.
    console.warn('Reading what the last session left failed', error);
  }
}
