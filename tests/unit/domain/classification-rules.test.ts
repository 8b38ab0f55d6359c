// @vitest-environment node
// Who gets the classifier and which emails it labels (rules §4 "Classification", §6).
import { describe, expect, it } from 'vitest';
import { classificationApplies, classificationOffered, emailDomain, type ClassifiableItem } from '../../../src/domain/classification-rules';

const USER_EMAIL = 'clerk@aldercounty.example';
const address = (emailAddress: string) => ({ emailAddress });
const read = (sender: string | null): ClassifiableItem => ({ mode: 'read', sender: sender === null ? null : address(sender), recipients: [] });
const compose = (...recipients: string[]): ClassifiableItem => ({ mode: 'compose', sender: address(USER_EMAIL), recipients: recipients.map(address) });

describe('emailDomain', () => {
  it.each([
    ['clerk@aldercounty.example', 'aldercounty.example'],
    ['Clerk@AlderCounty.Example ', 'aldercounty.example'],
    ['"odd@name"@example.org', 'example.org'],
    ['no-domain', ''],
  ])('%s → %s', (email, domain) => expect(emailDomain(email)).toBe(domain));
});

describe('classificationOffered (rules §6)', () => {
  const member = { teams: ['team-a'], adminTeams: [] };
  it('needs the switch on and one of the user teams listed', () => {
    expect(classificationOffered({ on: true, teams: ['team-a'] }, member)).toBe(true);
    expect(classificationOffered({ on: false, teams: ['team-a'] }, member)).toBe(false);
    expect(classificationOffered({ on: true, teams: ['team-b'] }, member)).toBe(false);
    expect(classificationOffered({ on: true, teams: [] }, member)).toBe(false);
    expect(classificationOffered(null, member)).toBe(false);
    expect(classificationOffered(undefined, member)).toBe(false);
  });

  it('counts the teams the user administers', () => {
    expect(classificationOffered({ on: true, teams: ['team-b'] }, { teams: ['team-a'], adminTeams: ['team-b'] })).toBe(true);
  });
});

describe('classificationApplies (rules §4)', () => {
  it('read: not for a sender inside the user domain, whatever the case', () => {
    expect(classificationApplies(read('colleague@aldercounty.example'), USER_EMAIL)).toBe(false);
    expect(classificationApplies(read('Colleague@ALDERCOUNTY.example'), USER_EMAIL)).toBe(false);
    // "Contains", as the spec words it: a subdomain is inside too.
    expect(classificationApplies(read('desk@mail.aldercounty.example'), USER_EMAIL)).toBe(false);
  });

  it('read: for a sender outside the domain, and for an unknown sender', () => {
    expect(classificationApplies(read('jordan@example.com'), USER_EMAIL)).toBe(true);
    expect(classificationApplies(read('someone@aldercounty.org'), USER_EMAIL)).toBe(true);
    expect(classificationApplies(read(null), USER_EMAIL)).toBe(true);
  });

  it('compose: with no recipients, or any recipient outside the domain', () => {
    expect(classificationApplies(compose(), USER_EMAIL)).toBe(true);
    expect(classificationApplies(compose('jordan@example.com'), USER_EMAIL)).toBe(true);
    expect(classificationApplies(compose('records@aldercounty.example', 'jordan@example.com'), USER_EMAIL)).toBe(true);
  });

  it('compose: not when every recipient is inside the domain', () => {
    expect(classificationApplies(compose('records@aldercounty.example'), USER_EMAIL)).toBe(false);
    expect(classificationApplies(compose('records@aldercounty.example', 'ELECTIONS@aldercounty.example'), USER_EMAIL)).toBe(false);
  });

  it('read and compose differ: the sender decides one, the recipients the other', () => {
    // An email read from outside but addressed inside is classified; a reply to the inside is not.
    const outsideSenderInsideRecipient: ClassifiableItem = { mode: 'read', sender: address('jordan@example.com'), recipients: [address(USER_EMAIL)] };
    expect(classificationApplies(outsideSenderInsideRecipient, USER_EMAIL)).toBe(true);
    expect(classificationApplies({ ...outsideSenderInsideRecipient, mode: 'compose' }, USER_EMAIL)).toBe(false);
  });

  it('a user email without a domain puts every address outside it', () => {
    expect(classificationApplies(read('colleague@aldercounty.example'), 'clerk')).toBe(true);
    expect(classificationApplies(compose('records@aldercounty.example'), 'clerk')).toBe(true);
  });

  it('nothing open: nothing to classify', () => {
    expect(classificationApplies({ mode: 'none', sender: null, recipients: [] }, USER_EMAIL)).toBe(false);
  });
});
