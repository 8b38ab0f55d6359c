/** `GET /user-info` (rules §7): the Cannery user behind the held ID token. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { isClientError, type ApiClient } from './client';
import { userInfoResponse, type User } from './contract/user';

export const userInfoQueryKey = ['user-info'] as const;

export async function fetchUserInfo(client: ApiClient, options: { idToken?: string; signal?: AbortSignal } = {}): Promise<User> {
  const { user } = await client.request('GET', 'user-info', { schema: userInfoResponse, ...options });
  return user;
}

export function userInfoQueryOptions(client: ApiClient) {
  return queryOptions({
    queryKey: userInfoQueryKey,
    queryFn: ({ signal }) => fetchUserInfo(client, { signal }),
    // A 404 (no Cannery user for this sign-in) will not change on retry; a network error may.
    retry: (failures, error) => failures < 2 && !isClientError(error),
  });
}

/** The signed-in user; loads only while `enabled` (rules §4: "if a token is present, the user info is loaded"). */
export function useUserInfo(client: ApiClient, options: { enabled: boolean }) {
  return useQuery({ ...userInfoQueryOptions(client), enabled: options.enabled });
}
