import { useUserInfo } from '../../api/user-info';
import { useAuthServices } from '../../auth/auth-services';
import { useAdminTeams } from './admin-teams';

/**
 * What the signed-in user may manage in the admin app: the libraries of the teams they administer,
 * the memberships of those teams (People), and, as the account admin, the account's people, teams
 * and settings. The server decides each request; this only hides what would be refused.
 */
export interface AdminAccess {
  /** False until the user and their teams have loaded. */
  ready: boolean;
  failed: boolean;
  accountId: string | null;
  accountAdmin: boolean;
  /** The ids of the teams the user administers. */
  adminTeamIds: readonly string[];
  /** People is theirs: the account admin, or an admin of at least one team. */
  managesPeople: boolean;
}

export function useAdminAccess(): AdminAccess {
  const { api } = useAuthServices();
  const user = useUserInfo(api, { enabled: false });
  const { teams, list } = useAdminTeams();
  const accountAdmin = user.data?.accountAdmin === true;
  const accountId = user.data?.account ?? list[0]?.account._id ?? null;
  return {
    ready: user.data !== undefined && !teams.isPending,
    failed: teams.isError || user.isError,
    accountId,
    accountAdmin,
    adminTeamIds: list.map((team) => team._id),
    managesPeople: accountAdmin || list.length > 0,
  };
}
