import { useQueryClient } from '@tanstack/react-query';
import type { InviteMemberInput, Member, UpdateMemberInput } from '../../api/contract/people';
import { adminErrorMessage, inviteMember, peopleQueryKeys, removeMember, resendInvitation, resetAuthenticator, updateMember } from '../api/people';
import { adminQueryKeys } from '../api/admin';
import { erasePersonData } from '../api/person-data';
import { useAuthServices } from '../../auth/auth-services';

/** An action on people: null when it worked, else the sentence to show. */
type Outcome = Promise<string | null>;

export interface MemberActions {
  invite: (input: InviteMemberInput) => Outcome;
  update: (member: Member, input: UpdateMemberInput) => Outcome;
  resend: (member: Member) => Outcome;
  resetAuthenticator: (member: Member) => Outcome;
  remove: (member: Member) => Outcome;
  /** Erases the person's data; `email` is their address, typed again. */
  erase: (member: Member, email: string) => Outcome;
}

/** The People page's actions; each reloads the list (and the team counts) once done. */
export function useMemberActions(accountId: string): MemberActions {
  const { api } = useAuthServices();
  const queryClient = useQueryClient();

  async function run(what: string, action: () => Promise<unknown>): Outcome {
    try {
      await action();
    } catch (failure) {
      console.warn(`${what} failed`, failure);
      return adminErrorMessage(failure, `${what} did not work.`);
    }
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: peopleQueryKeys.members(accountId) }),
      queryClient.invalidateQueries({ queryKey: peopleQueryKeys.teams(accountId) }),
      // The user's own admin teams may have changed.
      queryClient.invalidateQueries({ queryKey: adminQueryKeys.teams }),
    ]);
    return null;
  }

  return {
    invite: (input) => run('The invitation', () => inviteMember(api, accountId, input)),
    update: (member, input) => run('Saving the change', () => updateMember(api, accountId, member._id, input)),
    resend: (member) => run('Sending the invitation again', () => resendInvitation(api, accountId, member._id)),
    resetAuthenticator: (member) => run('Resetting the authenticator', () => resetAuthenticator(api, accountId, member._id)),
    remove: (member) => run('Removing the person', () => removeMember(api, accountId, member._id)),
    erase: (member, email) => run('Erasing the person’s data', () => erasePersonData(api, accountId, member._id, email)),
  };
}
