/**
 * The invite and edit forms of the People page as values, checked with the API's own schemas so the
 * page refuses what the server would, in the page's words ("Email must be an email address.").
 * A team admin changes only the teams they administer: the memberships of other teams are sent
 * back as they were.
 */
import { inviteMemberInput, memberName, type InviteMemberInput, type Member, type SignInKind, type UpdateMemberInput } from '../../api/contract/people';
import { fieldSentence, type FieldErrors } from '../../domain/form-validation';

export interface MemberFormValues {
  email: string;
  name: string;
  signIn: SignInKind;
  teams: string[];
  adminTeams: string[];
  /** Teams whose blocks they change in the admin app (set when editing a person). */
  editorTeams: string[];
  accountAdmin: boolean;
}

export type MemberFormField = 'email' | 'name';

export const emptyMemberForm = (teams: string[] = []): MemberFormValues => ({ email: '', name: '', signIn: 'password', teams, adminTeams: [], editorTeams: [], accountAdmin: false });

export function memberFormOf(member: Member): MemberFormValues {
  return {
    email: member.email,
    name: member.name ?? '',
    signIn: member.signIn,
    teams: [...member.teams],
    adminTeams: [...member.adminTeams],
    editorTeams: [...member.editorTeams],
    accountAdmin: member.accountAdmin,
  };
}

const SUBJECTS: Record<MemberFormField, string> = { email: 'Email', name: 'Name' };

/** The invitation to send, or the fields' problems. */
export function checkInvite(values: MemberFormValues, options: { accountAdmin: boolean }): { input: InviteMemberInput } | { errors: FieldErrors<MemberFormField> } {
  if (values.email.trim() === '') return { errors: { email: 'Email is required.' } };
  const candidate: InviteMemberInput = {
    email: values.email,
    teams: values.teams,
    adminTeams: values.adminTeams,
    signIn: values.signIn,
    ...(values.name.trim() ? { name: values.name } : {}),
    ...(options.accountAdmin ? { accountAdmin: values.accountAdmin } : {}),
  };
  const parsed = inviteMemberInput.safeParse(candidate);
  if (parsed.success) return { input: candidate };
  const errors: FieldErrors<MemberFormField> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'email' || field === 'name') && !errors[field]) errors[field] = fieldSentence(SUBJECTS[field], issue.message);
  }
  return { errors: Object.keys(errors).length > 0 ? errors : { email: 'This invitation cannot be sent.' } };
}

/**
 * What an edit changes, or the fields' problems, or null when nothing changed. `managed` is the
 * teams the editor may change (every team for the account admin).
 */
export function checkEdit(
  member: Member,
  values: MemberFormValues,
  options: { accountAdmin: boolean; managed: readonly string[] },
): { input: UpdateMemberInput } | { errors: FieldErrors<MemberFormField> } | null {
  const input: UpdateMemberInput = {};
  const name = values.name.trim();
  if (name !== (member.name ?? '')) {
    const parsed = memberName.safeParse(name);
    if (!parsed.success) return { errors: { name: fieldSentence('Name', parsed.error.issues[0]?.message ?? 'is not valid') } };
    input.name = name === '' ? null : name;
  }
  const teams = withinReach(member.teams, values.teams, options.managed);
  if (!sameSet(teams, member.teams)) input.teams = teams;
  const adminTeams = withinReach(member.adminTeams, values.adminTeams, options.managed);
  if (!sameSet(adminTeams, member.adminTeams)) input.adminTeams = adminTeams;
  const editorTeams = withinReach(member.editorTeams, values.editorTeams, options.managed);
  if (!sameSet(editorTeams, member.editorTeams)) input.editorTeams = editorTeams;
  if (options.accountAdmin && values.accountAdmin !== member.accountAdmin) input.accountAdmin = values.accountAdmin;
  return Object.keys(input).length > 0 ? { input } : null;
}

/** `chosen` for the teams in reach, the member's own list for the others (in its order, then the new ones). */
function withinReach(current: readonly string[], chosen: readonly string[], managed: readonly string[]): string[] {
  const reach = new Set(managed);
  const kept = current.filter((id) => !reach.has(id) || chosen.includes(id));
  const added = chosen.filter((id) => reach.has(id) && !current.includes(id));
  return [...kept, ...added];
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id) => b.includes(id));
