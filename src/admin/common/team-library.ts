import { useQuery } from '@tanstack/react-query';
import { adminQueryKeys, type TeamRef } from '../api/admin';
import { fetchAdminBlocks } from '../api/blocks';
import { fetchAdminChecklists } from '../api/checklists';
import { useAuthServices } from '../../auth/auth-services';

/** The team's blocks, deleted ones included: one query however many parts of a page read them. */
export function useTeamBlocks(team: TeamRef) {
  const { api } = useAuthServices();
  return useQuery({
    queryKey: adminQueryKeys.blocks(team.teamId),
    queryFn: ({ signal }) => fetchAdminBlocks(api, team, { includeDeleted: true, signal }),
  });
}

/** The team's checklists, deleted ones included. */
export function useTeamChecklists(team: TeamRef) {
  const { api } = useAuthServices();
  return useQuery({
    queryKey: adminQueryKeys.checklists(team.teamId),
    queryFn: ({ signal }) => fetchAdminChecklists(api, team, signal),
  });
}
