/**
 * `ACCOUNT_ROUTES.favourites`: the blocks the user starred, kept on the server
 * so they follow the user to every host. A star or unstar shows at once and is taken back, with a
 * message saying so, when the server refuses it or cannot be reached; changes made meanwhile stay.
 */
import { ACCOUNT_ROUTES, accountPath } from './contract/paths';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, type ApiClient } from './client';
import { favourite, favouriteList, type Favourite } from './contract/favourite';
import { queryKeys } from './query-keys';
import { applyFavouriteChange, reverseOf, type FavouriteChange } from '../domain/favourites';

const pathOf = (accountId: string) => accountPath(ACCOUNT_ROUTES.favourites, { accountId });

export function fetchFavourites(client: ApiClient, accountId: string, signal?: AbortSignal): Promise<Favourite[]> {
  return client.request('GET', pathOf(accountId), { schema: favouriteList, ...(signal ? { signal } : {}) });
}

export function addFavourite(client: ApiClient, accountId: string, blockId: string): Promise<Favourite> {
  return client.request('POST', pathOf(accountId), { body: { autoResponseId: blockId }, schema: favourite });
}

export async function removeFavourite(client: ApiClient, accountId: string, blockId: string): Promise<void> {
  await client.request('DELETE', accountPath(ACCOUNT_ROUTES.favourite, { accountId, autoResponseId: blockId }));
}

/** What the user is told when a change was taken back. */
export function favouriteFailureMessage(change: { block: { name: string }; on: boolean }, error: unknown): string {
  const what = change.on ? `“${change.block.name}” was not added to Favourites.` : `“${change.block.name}” was not removed from Favourites.`;
  if (error instanceof ApiError && error.status === 0) return `${what} Cannery could not reach its server. Check your connection and try again.`;
  if (error instanceof ApiError && error.code === 'favourites_full') return `${what} ${error.message}`;
  if (error instanceof ApiError && error.status === 404) return `${what} The block is no longer available to you.`;
  return `${what} Try again in a moment.`;
}

export interface FavouritesState {
  /** The favourites as the user sees them, changes not yet answered included; empty until loaded. */
  favourites: readonly Favourite[];
  /** Stars (`on`) or unstars a block. */
  setFavourite: (block: { _id: string; team: string; name: string }, on: boolean) => void;
  /** Why the last change was taken back, until the next change. */
  failure: string | null;
}

type Change = FavouriteChange & { block: { _id: string; team: string; name: string } };

export function useFavourites(client: ApiClient, scope: { userId: string; accountId: string } | null): FavouritesState {
  const queryClient = useQueryClient();
  const accountId = scope?.accountId ?? '';
  const key = useMemo(() => queryKeys.favourites(accountId, scope?.userId ?? ''), [accountId, scope?.userId]);
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchFavourites(client, accountId, signal),
    enabled: scope !== null,
  });
  const [failure, setFailure] = useState<string | null>(null);
  // Changes sent and not yet answered: the list is read again from the server once none is left.
  const pending = useRef(0);
  const update = useCallback(
    (change: FavouriteChange) => queryClient.setQueryData<Favourite[]>(key, (current) => applyFavouriteChange(current ?? [], change)),
    [queryClient, key],
  );
  const mutation = useMutation({
    mutationFn: (change: Change) =>
      change.on ? addFavourite(client, accountId, change.block._id).then(() => undefined) : removeFavourite(client, accountId, change.block._id),
    onMutate: async (change) => {
      pending.current += 1;
      setFailure(null);
      // A list read in flight would overwrite the change with the state before it.
      await queryClient.cancelQueries({ queryKey: key });
      update(change);
    },
    onError: (error, change) => {
      update(reverseOf(change));
      setFailure(favouriteFailureMessage(change, error));
    },
    onSettled: () => {
      pending.current -= 1;
      if (pending.current === 0) void queryClient.invalidateQueries({ queryKey: key });
    },
  });
  const { mutate } = mutation;
  const setFavourite = useCallback(
    (block: Change['block'], on: boolean) => {
      if (scope) mutate({ block, on, at: new Date() });
    },
    [mutate, scope],
  );
  return { favourites: query.data ?? [], setFavourite, failure };
}
