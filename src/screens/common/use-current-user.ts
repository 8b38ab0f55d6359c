import { useUserInfo } from '../../api/user-info';
import type { User } from '../../api/contract/user';
import { useAuthServices } from '../../auth/auth-services';

/**
 * The signed-in Cannery user once `GET /user-info` answered, else undefined. Read from the query
 * cache only: the session keeper (`use-session.ts`) loads the user, and knows when not to.
 */
export function useCurrentUser(): User | undefined {
  const { api } = useAuthServices();
  return useUserInfo(api, { enabled: false }).data;
}
