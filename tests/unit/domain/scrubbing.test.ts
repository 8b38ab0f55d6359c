// Personal-data scrubbing and the text sent for classification (spec §4 "Classification", §5).
import { describe, expect, it } from 'vitest';
import { createPersonalDataScrubber, scrubPersonalData } from '../../../src/domain/scrub-personal-data';
import { stripEmailNoise } from '../../../src/domain/strip-email-noise';
import { prepareClassificationText } from '../../../src/domain/classification-text';

/** Each case: an email line with one kind of personal data, the data, and what must survive. */
const CORPUS: ReadonlyArray<{ kind: string; text: string; secret: string[]; kept: string[] }> = [
  { kind: 'email address', text: 'Please reply to maria.lopez+votes@example.com about my ballot.', secret: ['maria.lopez', 'example.com'], kept: ['Please reply to', 'about my ballot.'] },
  { kind: 'url', text: 'I tried https://vote.example.gov/status?id=123 and www.example.org/forms.', secret: ['vote.example.gov', 'www.example.org', 'status'], kept: ['I tried', 'and'] },
  { kind: 'ipv4', text: 'The portal blocked my IP 192.168.10.254 twice.', secret: ['192.168'], kept: ['The portal blocked my IP', 'twice.'] },
  { kind: 'ipv6', text: 'Or maybe 2001:db8:85a3::8a2e:370:7334 instead.', secret: ['2001:db8', '7334'], kept: ['Or maybe', 'instead.'] },
  { kind: 'card', text: 'Charge card 4111 1111 1111 1111 for the copy fee.', secret: ['4111'], kept: ['Charge card', 'for the copy fee.'] },
  { kind: 'card with dashes', text: 'Use 5500-0000-0000-0004 please.', secret: ['5500', '0004'], kept: ['Use', 'please.'] },
  { kind: 'ssn', text: 'My SSN is 123-45-6789 if you need it.', secret: ['123', '6789'], kept: ['My SSN is', 'if you need it.'] },
  { kind: 'phone', text: 'Call me at (555) 123-4567 or +1 555.987.6543 after 5.', secret: ['555', '4567', '6543'], kept: ['Call me at', 'or', 'after'] },
  { kind: 'international phone', text: 'Abroad: +44 20 7946 0958 works.', secret: ['7946', '0958'], kept: ['Abroad:', 'works.'] },
  { kind: 'street address', text: 'I moved to 1600 N Main St, Apt 4B last month.', secret: ['1600', 'Main St', 'Apt 4B'], kept: ['I moved to', 'last month.'] },
  { kind: 'street address, long form', text: 'Send it to 42 West 3rd Avenue please.', secret: ['West 3rd Avenue'], kept: ['Send it to', 'please.'] },
  { kind: 'po box', text: 'Mailing address: PO Box 1234.', secret: ['Box', '1234'], kept: ['Mailing address:'] },
  { kind: 'postal code', text: 'Springfield, IL 62704-1234 is my town.', secret: ['62704', '1234'], kept: ['Springfield, IL', 'is my town.'] },
  { kind: 'digits', text: 'Case 987654 and receipt 42 are open.', secret: ['987654', '42'], kept: ['Case', 'and receipt', 'are open.'] },
  { kind: 'password line', text: 'Password: Summer2024!\nThanks', secret: ['Summer', '2024'], kept: ['Thanks'] },
  { kind: 'password phrase', text: 'my password is Hunter2 and it fails', secret: ['Hunter2'], kept: ['my', 'and it fails'] },
  { kind: 'username line', text: 'Username: jdoe88\nLogin: jane_d\nuser id = 77', secret: ['jdoe88', 'jane_d', '77'], kept: [] },
  { kind: 'credentials line', text: 'Login credentials: jane / s3cret\nCreds = bob pw', secret: ['jane', 's3cret', 'bob'], kept: [] },
  { kind: 'names', text: 'Hi, this is Jennifer Martinez and my husband JOSE martinez.', secret: ['Jennifer', 'Martinez', 'JOSE'], kept: ['Hi, this is', 'and my husband'] },
  { kind: 'accented and apostrophe names', text: 'Signed, José Hernández', secret: ['José', 'Hernández'], kept: ['Signed,'] },
];

describe('scrubPersonalData on realistic emails', () => {
  it.each(CORPUS)('removes $kind', ({ text, secret, kept }) => {
    const scrubbed = scrubPersonalData(text);
    for (const piece of secret) expect(scrubbed).not.toContain(piece);
    for (const piece of kept) expect(scrubbed).toContain(piece);
  });

  it('removes every kind from one whole email and keeps the question', () => {
    const email = CORPUS.map((c) => c.text).join('\n');
    const scrubbed = scrubPersonalData(email);
    for (const c of CORPUS) for (const piece of c.secret) expect(scrubbed).not.toContain(piece);
    expect(scrubbed).not.toMatch(/\d/);
    expect(scrubbed).toContain('about my ballot');
    expect(scrubbed).toContain('and it fails');
  });

  it('removes names only as whole words, in any case', () => {
    expect(scrubPersonalData('Mary Maryland SMITH Smithfield')).toBe('Maryland Smithfield');
  });

  it('keeps names that are everyday words in a clerk office', () => {
    expect(scrubPersonalData('Record the grant deed and the will in Ward 5 by May')).toBe('Record the grant deed and the will in Ward by May');
  });

  it('does not read ordinary sentences with numbers as addresses', () => {
    expect(scrubPersonalData('I have 2 questions about the way to vote')).toBe('I have questions about the way to vote');
  });

  it('keeps line breaks for the second routine and collapses spaces', () => {
    expect(scrubPersonalData('Call 555-123-4567 now\nThanks  Maria')).toBe('Call now\nThanks');
  });

  it('takes another names list', () => {
    const scrub = createPersonalDataScrubber({ names: ['Zorblax', "O'Neill"] });
    expect(scrub("Zorblax O'Neill and Maria")).toBe('and Maria');
  });
});

describe('stripEmailNoise', () => {
  it('strips header lines, angle-bracket text, noise punctuation and newlines', () => {
    const text = [
      'From: County Clerk <clerk@example.gov>',
      'Sent: Monday, March 3, 2025',
      'To: resident@example.com',
      'Subject: RE: "Ballot" question',
      '> Date: yesterday',
      '',
      'Is my *ballot* [counted]? I can\'t tell: the site says <b>pending</b> / unknown.',
      '> Thanks -- re-send please!',
    ].join('\n');
    expect(stripEmailNoise(text)).toBe("Is my ballot counted ? I can't tell the site says pending unknown. Thanks -- re-send please!");
  });

  it('returns an empty string for headers only', () => {
    expect(stripEmailNoise('From: a\nTo: b\nSubject: c')).toBe('');
  });
});

describe('prepareClassificationText', () => {
  it('scrubs personal data first, then headers and formatting', () => {
    const email = 'Hello, my name is Linda Nguyen (linda@example.com, 555-201-3344).\nI need to record a quitclaim deed.\n\nFrom: Recorder <rec@example.gov>\nSubject: Deeds\n> Recording fee is $15.';
    expect(prepareClassificationText(email)).toBe('Hello, my name is , . I need to record a quitclaim deed. Recording fee is .');
  });
});
