// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { AuditEvent } from '../../../src/api/contract/audit';
import { describeEvent } from '../../../src/admin/activity/describe-event';

const event = (action: AuditEvent['action'], changes: Record<string, unknown> = {}, kind: AuditEvent['entity']['kind'] = 'block'): AuditEvent => ({
  _id: 'a'.repeat(24),
  action,
  entity: { kind, _id: 'b'.repeat(24) },
  team: null,
  actor: null,
  via: 'app',
  address: '203.0.113.7',
  at: '2026-11-23T10:00:00.000Z',
  changes,
});

describe('the Activity page says what an event did', () => {
  it('for blocks, with the fields an edit changed and whether a file brought the change', () => {
    expect(describeEvent(event('block.created'))).toBe('Created a block');
    expect(describeEvent(event('block.created', { fromImport: true }))).toBe('Imported a new block');
    expect(describeEvent(event('block.edited', { fields: ['name', 'body'] }))).toBe('Edited a block (name, text)');
    expect(describeEvent(event('block.edited', { fields: ['body', 'subjectLine', 'supportedContexts', 'examples'] }))).toBe(
      'Edited a block (text, subject line, where it can be used, questions people ask)',
    );
    expect(describeEvent(event('block.edited', { fields: ['body'], fromImport: true }))).toBe('Changed a block by import (text)');
    expect(describeEvent(event('block.version_restored', { fromVersion: 2 }))).toBe('Restored version 2 of a block');
  });

  it('for checklists', () => {
    expect(describeEvent(event('checklist.created', {}, 'checklist'))).toBe('Created a checklist');
    expect(describeEvent(event('suggestion.approved', { block: 'b', name: 'Poll worker pay' }, 'suggestion'))).toBe('Approved the suggestion “Poll worker pay”');
    expect(describeEvent(event('suggestion.rejected', { withNote: true, name: 'Parking' }, 'suggestion'))).toBe('Rejected the suggestion “Parking”');
    // Recorded before the name was kept.
    expect(describeEvent(event('suggestion.approved', { block: 'b' }, 'suggestion'))).toBe('Approved a suggestion');
    expect(describeEvent(event('checklist.edited', { fields: ['tasks', 'blocks'] }, 'checklist'))).toBe('Edited a checklist (tasks, recommended blocks)');
    expect(describeEvent(event('checklist.deleted', {}, 'checklist'))).toBe('Deleted a checklist');
    expect(describeEvent(event('checklist.undeleted', {}, 'checklist'))).toBe('Brought back a deleted checklist');
  });

  it('leaves field names that are not text out', () => {
    expect(describeEvent(event('checklist.edited', { fields: ['name', 7] }, 'checklist'))).toBe('Edited a checklist (name)');
  });

  it('for people, teams and the account, with what changed', () => {
    expect(describeEvent(event('member.changed', { teamsAdded: ['t1', 't2'], adminTeamsRemoved: ['t3'], accountAdmin: true }, 'member'))).toBe(
      'Changed a person (added to 2 teams, no longer admin of 1 team, made an account admin)',
    );
    expect(describeEvent(event('member.changed', { fields: ['name'] }, 'member'))).toBe('Changed a person (renamed)');
    expect(describeEvent(event('team.renamed', { before: { name: 'Recorder' }, after: { name: 'Recorder of Deeds' } }, 'team'))).toBe('Renamed a team from “Recorder” to “Recorder of Deeds”');
    expect(describeEvent(event('account.settings_changed', { fields: ['mfaPolicy', 'hasPhoneFlowAccess'] }, 'account'))).toBe('Changed the account’s settings (authenticator app, checklists)');
    expect(describeEvent(event('account.synonyms_changed', { before: { synonyms: ['a = b'] }, after: { synonyms: ['c = d', 'e = f'] } }, 'account'))).toBe('Changed the synonyms (2 added, 1 removed)');
    expect(describeEvent(event('account.domain_verified', { domain: 'aldercounty.example' }, 'account'))).toBe('Proved aldercounty.example');
    expect(describeEvent(event('pool.signing_key_rotated', {}, 'pool'))).toBe('Replaced the sign-in signing key');
  });
});
