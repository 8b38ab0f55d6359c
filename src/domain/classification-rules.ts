/**
 * Who gets the email classifier and which emails it labels (rules §4 "Classification", §6).
 *
 * - rules §6: the feature needs the account's switch on and the user in one of its listed teams; the
 *   user's teams are `adminTeams` and `teams` together (rules §3 "User").
 * - rules §4, read: NOT_APPLICABLE when the sender's address contains the user's email domain, else
 *   classify. Compose: classify when there are no recipients or any recipient is outside the
 *   domain, else NOT_APPLICABLE. With nothing open there is nothing to classify.
 *
 * Decisions where the spec is silent:
 * - The domain is what follows the last "@" of the user's email. "Contains" is taken literally
 *   (a substring test, as the spec words it), ignoring case, since email domains are case-blind.
 * - A user email without a domain puts every address outside it: emails are classified.
 * - A read email with no known sender is classified (its address cannot contain the domain).
 */
import { userTeamIds } from './teams';
import type { Account, User } from './types';

/** The parts of an open item the rules read (hosts/host.ts `MailItem` has them). */
export interface ClassifiableItem {
  mode: 'read' | 'compose' | 'none';
  sender: { emailAddress: string } | null;
  recipients: ReadonlyArray<{ emailAddress: string }>;
}

/** The domain of `email`, lower-cased: what follows its last "@"; empty without one. */
export function emailDomain(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 0 ? '' : email.slice(at + 1).trim().toLowerCase();
}

/** rules §6: the account's switch is on and the user is in one of the feature's teams. */
export function classificationOffered(
  feature: Account['emailClassificationFeature'] | null | undefined,
  user: Pick<User, 'teams' | 'adminTeams'>,
): boolean {
  if (!feature?.on) return false;
  const teams = new Set(feature.teams);
  return userTeamIds(user).some((team) => teams.has(team));
}

/** rules §4: whether the open item is one the classifier labels for the user with `userEmail`. */
export function classificationApplies(item: ClassifiableItem, userEmail: string): boolean {
  const domain = emailDomain(userEmail);
  const inside = (address: string) => domain !== '' && address.toLowerCase().includes(domain);
  if (item.mode === 'read') return !inside(item.sender?.emailAddress ?? '');
  if (item.mode === 'compose') return item.recipients.length === 0 || item.recipients.some((recipient) => !inside(recipient.emailAddress));
  return false;
}
