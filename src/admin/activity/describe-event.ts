/** What an audit event did, in the admin app's words (the API's names stay in the log and its export). */
import type { AuditEvent } from '../../api/contract/audit';

/** The editor's and the settings page's words for the fields a change touched. */
const FIELD_WORDS: Record<string, string> = {
  name: 'name',
  body: 'text',
  categories: 'categories',
  supportedContexts: 'where it can be used',
  cc: 'Cc',
  subjectLine: 'subject line',
  attachments: 'attachments',
  shortcut: 'shortcut',
  examples: 'questions people ask',
  tasks: 'tasks',
  blocks: 'recommended blocks',
  hasPhoneFlowAccess: 'checklists',
  emailClassificationOn: 'email classification',
  emailClassificationTeams: 'email classification teams',
  mfaPolicy: 'authenticator app',
  supportEmail: 'support address',
  mostFrequentCount: 'Frequently Used',
  workAccountDomains: 'work-account domains',
  workAccountTeam: 'work-account team',
  workAccountTenants: 'work-account directories',
  synonyms: 'synonyms',
  owner: 'owner',
  reviewEveryDays: 'review interval',
  reviewMail: 'weekly review mail',
  showFrom: 'show from',
  showUntil: 'show until',
  timeZone: 'time zone',
};

const texts = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const withFields = (verb: string, fields: string[]) => (fields.length ? `${verb} (${fields.join(', ')})` : verb);
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** How a member's teams and roles changed, in words. */
function memberChange(changes: AuditEvent['changes']): string {
  const parts: string[] = [];
  const joined = texts(changes.teamsAdded).length;
  const left = texts(changes.teamsRemoved).length;
  const administers = texts(changes.adminTeamsAdded).length;
  const stopped = texts(changes.adminTeamsRemoved).length;
  if (joined) parts.push(`added to ${count(joined, 'team', 'teams')}`);
  if (left) parts.push(`taken off ${count(left, 'team', 'teams')}`);
  if (administers) parts.push(`made admin of ${count(administers, 'team', 'teams')}`);
  if (stopped) parts.push(`no longer admin of ${count(stopped, 'team', 'teams')}`);
  const edits = texts(changes.editorTeamsAdded).length;
  const stoppedEditing = texts(changes.editorTeamsRemoved).length;
  if (edits) parts.push(`made editor of ${count(edits, 'team', 'teams')}`);
  if (stoppedEditing) parts.push(`no longer editor of ${count(stoppedEditing, 'team', 'teams')}`);
  if (changes.accountAdmin === true) parts.push('made an account admin');
  if (changes.accountAdmin === false) parts.push('no longer an account admin');
  if (texts(changes.fields).includes('name')) parts.push('renamed');
  return parts.length ? `Changed a person (${parts.join(', ')})` : 'Changed a person';
}

export function describeEvent(event: AuditEvent): string {
  const { changes } = event;
  const fields = texts(changes.fields).map((field) => FIELD_WORDS[field] ?? field);
  const imported = changes.fromImport === true;
  // Events from before suggestion names were recorded have none.
  const suggestion = text(changes.name) ? `the suggestion “${text(changes.name)}”` : 'a suggestion';
  const domain = text(changes.domain) ?? 'a domain';
  switch (event.action) {
    case 'block.created':
      return imported ? 'Imported a new block' : 'Created a block';
    case 'block.edited':
      return withFields(imported ? 'Changed a block by import' : 'Edited a block', fields);
    case 'block.duplicated':
      return 'Copied a block';
    case 'block.deleted':
      return 'Deleted a block';
    case 'block.undeleted':
      return 'Brought back a deleted block';
    case 'block.version_restored':
      return typeof changes.fromVersion === 'number' ? `Restored version ${changes.fromVersion} of a block` : 'Restored an earlier version of a block';
    case 'block.change_drafted':
      return changes.fromVersion ? 'Sent a change to a block for approval' : 'Sent a new block for approval';
    case 'block.change_scheduled':
      return text(changes.publishAt) ? `Scheduled a change to a block for ${new Date(text(changes.publishAt)!).toLocaleString()}` : 'Scheduled a change to a block';
    case 'block.change_approved':
      return 'Approved a change to a block';
    case 'block.change_rejected':
      return 'Rejected a change to a block';
    case 'block.change_withdrawn':
      return 'Withdrew a change to a block';
    case 'block.change_published':
      return 'Published a scheduled change to a block';
    case 'suggestion.approved':
      return `Approved ${suggestion}`;
    case 'suggestion.rejected':
      return `Rejected ${suggestion}`;
    case 'block.reviewed':
      return 'Confirmed a block is still right';
    case 'block.review_settings_changed':
      return withFields('Changed who reviews a block', fields);
    case 'block.archived':
      return 'Archived a block';
    case 'block.unarchived':
      return 'Brought back an archived block';
    case 'checklist.reviewed':
      return 'Confirmed a checklist is still right';
    case 'checklist.review_settings_changed':
      return withFields('Changed who reviews a checklist', fields);
    case 'checklist.archived':
      return 'Archived a checklist';
    case 'checklist.unarchived':
      return 'Brought back an archived checklist';
    case 'member.records_handed_over': {
      const handed = texts(changes.blocks).length + texts(changes.checklists).length;
      return changes.handedTo ? `Handed ${count(handed, 'record', 'records')} of a person who left to a team admin` : `Left ${count(handed, 'record', 'records')} of a person who left without an owner`;
    }
    case 'member.review_mail_changed':
      return (changes.after as Record<string, unknown> | undefined)?.reviewMail === false ? 'Stopped the weekly review mail' : 'Turned on the weekly review mail';
    case 'checklist.created':
      return 'Created a checklist';
    case 'checklist.edited':
      return withFields('Edited a checklist', fields);
    case 'checklist.deleted':
      return 'Deleted a checklist';
    case 'checklist.undeleted':
      return 'Brought back a deleted checklist';
    case 'member.created':
      return 'Added a person';
    case 'member.invited':
      return 'Invited a person';
    case 'member.invitation_resent':
      return 'Sent an invitation again';
    case 'member.changed':
      return memberChange(changes);
    case 'member.disabled':
      return 'Disabled a person';
    case 'member.enabled':
      return 'Enabled a person';
    case 'member.authenticator_reset':
      return 'Turned off a person’s authenticator app';
    case 'member.password_set':
      return 'Set a person’s password';
    case 'member.linked':
      return 'Linked a person to their sign-in';
    case 'member.removed':
      return 'Removed a person';
    case 'member.joined':
      return 'Joined with a work account';
    case 'member.exported':
      return `Exported a person’s data (${text(changes.format) === 'csv' ? 'CSV' : 'JSON'})`;
    case 'member.erased':
      return 'Erased a person’s data';
    case 'team.created':
      return 'Created a team';
    case 'team.renamed': {
      const before = text((changes.before as Record<string, unknown> | undefined)?.name);
      const after = text((changes.after as Record<string, unknown> | undefined)?.name);
      return before && after ? `Renamed a team from “${before}” to “${after}”` : 'Renamed a team';
    }
    case 'team.archived':
      return 'Archived a team';
    case 'team.restored':
      return 'Brought back an archived team';
    case 'team.learning_reset':
      return 'Made a team forget what it learned';
    case 'team.review_changed':
      return changes.requireReview ? 'Required approval of editors’ changes' : 'Stopped requiring approval of editors’ changes';
    case 'account.created':
      return 'Created the account';
    case 'account.settings_changed':
      return withFields('Changed the account’s settings', fields);
    case 'account.synonyms_changed': {
      const added = texts((changes.after as Record<string, unknown> | undefined)?.synonyms).length;
      const removed = texts((changes.before as Record<string, unknown> | undefined)?.synonyms).length;
      const parts = [...(added ? [`${added} added`] : []), ...(removed ? [`${removed} removed`] : [])];
      return parts.length ? `Changed the synonyms (${parts.join(', ')})` : 'Changed the synonyms';
    }
    case 'account.domain_added':
      return `Claimed ${domain}`;
    case 'account.domain_removed':
      return `Gave up ${domain}`;
    case 'account.domain_verified':
      return `Proved ${domain}`;
    case 'account.mailbox_mapped':
      return `Mapped ${text(changes.mailbox) ?? 'a mailbox'} to a team`;
    case 'account.mailbox_unmapped':
      return `Stopped mapping ${text(changes.mailbox) ?? 'a mailbox'} to a team`;
    case 'account.retention_changed':
      return withFields('Changed how long records are kept', fields);
    case 'account.retention_applied':
      return 'Deleted records older than the account’s retention';
    case 'pool.signing_key_rotated':
      return 'Replaced the sign-in signing key';
    case 'pool.data_key_rotated':
      return 'Replaced the key of authenticator secrets';
  }
}
