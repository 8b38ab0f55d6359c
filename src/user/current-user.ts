/**
 * The signed-in Cannery user. `GET /user-info` is the authority (the session keeper loads it, and
 * knows when not to); until it answers, the user it last answered for this sign-in is used from
 * host storage, so Home paints the cached blocks without waiting for a round trip. A stored user
 * counts only while the held ID token names the same subject.
 */
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { decodeJwt } from 'jose';
import { useUserInfo } from '../api/user-info';
import { user as userSchema, type User } from '../api/contract/user';
import { useAuthServices } from '../auth/auth-services';
import { authAtom } from '../state/auth';
import { usePlatform } from '../state/host-context';
import type { KeyValueStorage } from '../../hosts/host';

/** Host-storage key of the last user `GET /user-info` answered. */
export const STORED_USER_KEY = 'currentUser';

function subjectOf(idToken: string): string | null {
  try {
    return decodeJwt(idToken).sub ?? null;
  } catch {
    return null;
  }
}

function isUserOf(user: User, subject: string | null): boolean {
  return subject !== null && (user.cognitoAuth?.sub === subject || user.microsoftAuth?.sub === subject);
}

/** The key of the stored user in the query cache (the warm start fills it before Home renders). */
export const STORED_USER_QUERY_KEY = ['stored-user'] as const;

/** The last user `GET /user-info` answered on this device, or null (none, or unreadable). */
export async function readStoredUser(storage: KeyValueStorage): Promise<User | null> {
  const raw = await storage.get(STORED_USER_KEY).catch(() => null);
  if (raw === null) return null;
  try {
    const parsed = userSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function useCurrentUser(): User | undefined {
  const { api } = useAuthServices();
  const { storage } = usePlatform();
  const { idToken } = useAtomValue(authAtom);
  const confirmed = useUserInfo(api, { enabled: false }).data;
  const stored = useQuery({
    queryKey: STORED_USER_QUERY_KEY,
    queryFn: () => readStoredUser(storage),
    enabled: confirmed === undefined && idToken !== '',
    staleTime: Infinity,
    retry: false,
  }).data;
  if (confirmed) return confirmed;
  return stored && isUserOf(stored, subjectOf(idToken)) ? stored : undefined;
}

/** Keeps the last user `GET /user-info` answered in host storage (see `useCurrentUser`). */
export function useStoreCurrentUser(user: User | undefined): void {
  const { storage } = usePlatform();
  useEffect(() => {
    if (!user) return;
    storage.set(STORED_USER_KEY, JSON.stringify(user)).catch((error: unknown) => console.warn('Keeping the user for the next start failed', error));
  }, [storage, user]);
}
