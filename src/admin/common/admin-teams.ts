import { useQuery } from '@tanstack/react-query';
import { atom, useAtom } from 'jotai';
import { adminQueryKeys, fetchAdminTeams, type TeamRef } from '../api/admin';
import type { AdminTeam } from '../../api/contract/admin';
import { useAuthServices } from '../../auth/auth-services';

/** The team whose library the admin works on; the first they administer until they pick another. */
const chosenTeamAtom = atom<string | null>(null);

/** The teams the signed-in user administers, and the one chosen. */
export function useAdminTeams() {
  const { api } = useAuthServices();
  const teams = useQuery({ queryKey: adminQueryKeys.teams, queryFn: ({ signal }) => fetchAdminTeams(api, signal) });
  const [chosenId, choose] = useAtom(chosenTeamAtom);
  const list = teams.data ?? [];
  const team: AdminTeam | null = list.find((candidate) => candidate._id === chosenId) ?? list[0] ?? null;
  const ref: TeamRef | null = team ? { accountId: team.account._id, teamId: team._id } : null;
  return { teams, list, team, ref, choose };
}
