/**
 * Deterministic benchmark data in the vocabulary of a county clerk's office: elections, voter
 * registration, ballots, recording deeds, marriage licenses, property and vital records.
 *
 * The generated library is what a large team accumulates: many blocks per topic with similar
 * names ("Marriage license fees (Spanish)", "Marriage license fees 2"), bodies of 200 to 3,000
 * characters of HTML that reuse the office's phrasing, and a few categories. Emails are resident
 * questions of about 2 KB with a quoted thread, as Outlook renders a reply chain in plain text.
 */
import type { Block, SupportedContext } from '../src/domain/types';
import { createRandom, type Random } from './random';

interface Topic {
  category: string;
  names: readonly string[];
  sentences: readonly string[];
}

const TOPICS: readonly Topic[] = [
  {
    category: 'Elections',
    names: ['Voter registration', 'Register to vote', 'Voter registration deadline', 'Update voter address'],
    sentences: [
      'You can register to vote online, by mail, or in person at the elections office.',
      'The voter registration deadline is 15 days before each election.',
      'If you moved within the county, please update your voter registration with your new residence address.',
      'Your voter registration card will arrive by mail within two to three weeks.',
      'To check your voter registration status, use the voter lookup tool on our website.',
      'First-time voters who register by mail may need to show identification at the polls.',
      'Voters who changed their name must submit a new voter registration form.',
      'Pre-registration is available for residents who are 16 or 17 years old.',
    ],
  },
  {
    category: 'Elections',
    names: ['Mail ballot request', 'Absentee ballot', 'Vote by mail', 'Mail ballot status', 'Ballot drop box'],
    sentences: [
      'Mail ballots are sent to every active registered voter about 29 days before the election.',
      'You can track your mail ballot through the ballot tracking portal.',
      'Completed ballots must be postmarked on or before election day and received within seven days.',
      'Official ballot drop boxes are open 24 hours a day until 8:00 p.m. on election day.',
      'If your absentee ballot was damaged or lost, you may request a replacement ballot.',
      'Please sign the return envelope; unsigned envelopes cannot be counted until the signature is cured.',
      'Voters temporarily away from the county may request that their ballot be mailed to another address.',
      'We compare the signature on each return envelope with the signature on your voter record.',
    ],
  },
  {
    category: 'Elections',
    names: ['Polling place hours', 'Early voting locations', 'Vote center', 'Election day polling place'],
    sentences: [
      'Polling places are open from 7:00 a.m. to 8:00 p.m. on election day.',
      'Early voting is available at all vote centers during the two weeks before the election.',
      'Any voter in line when the polls close will be allowed to vote.',
      'Your polling place is printed on the back of your sample ballot.',
      'Vote centers offer accessible voting machines and language assistance.',
      'Curbside voting is available for voters with disabilities at every polling place.',
    ],
  },
  {
    category: 'Elections',
    names: ['Poll worker recruitment', 'Poll worker training', 'Election worker application'],
    sentences: [
      'Poll workers must be registered voters of the state or eligible high school students.',
      'All poll workers attend a three-hour training class before election day.',
      'Bilingual poll workers are especially needed in several precincts.',
      'Poll worker assignments are sent by email two weeks before the election.',
    ],
  },
  {
    category: 'Elections',
    names: ['Election results', 'Canvass and certification', 'Recount request', 'Sample ballot'],
    sentences: [
      'Unofficial election results are posted on our website after the polls close.',
      'The official canvass is completed within 30 days after the election.',
      'A recount may be requested within five days after the completion of the canvass.',
      'Your sample ballot lists every contest and measure that will appear on your ballot.',
      'Results are updated each afternoon until all ballots have been counted.',
    ],
  },
  {
    category: 'Elections',
    names: ['Candidate filing', 'Campaign finance reports', 'Candidate statement'],
    sentences: [
      'The candidate filing period opens 113 days before the election.',
      'Candidates must file nomination papers with the required number of valid signatures.',
      'Campaign finance reports are due on the dates listed in the filing schedule.',
      'Candidate statements are limited to 200 words and are printed in the voter guide.',
    ],
  },
  {
    category: 'Recording',
    names: ['Recording a deed', 'Grant deed', 'Quitclaim deed', 'Deed recording requirements'],
    sentences: [
      'Documents submitted for recording must have original signatures and be notarized.',
      'A deed must include the legal description of the property and the assessor parcel number.',
      'Recorded documents are returned to the address shown in the upper left corner of the first page.',
      'The first page must leave a blank space of three inches at the top for recording information.',
      'We cannot give legal advice about which type of deed you should use.',
      'A documentary transfer tax declaration is required on every deed that transfers real property.',
      'Electronic recording is available through approved submitters.',
    ],
  },
  {
    category: 'Recording',
    names: ['Recording fees', 'Copy fees', 'Certified copy request'],
    sentences: [
      'The recording fee is $15.00 for the first page and $3.00 for each additional page.',
      'Certified copies of recorded documents cost $1.00 per page plus $2.00 for the certification.',
      'We accept cash, checks payable to the County Clerk, and debit or credit cards.',
      'A convenience fee applies to card payments made online.',
      'Fees are set by state law and may change on January 1.',
    ],
  },
  {
    category: 'Recording',
    names: ['Property records search', 'Official records search', 'Parcel lookup'],
    sentences: [
      'Official records from 1950 to the present can be searched online by name or document number.',
      'Older property records are available on microfilm in our research room.',
      'The index lists the grantor, grantee, document type and recording date.',
      'We do not perform title searches; please contact a title company.',
      'Plat maps and surveys are available for viewing at the recorder counter.',
    ],
  },
  {
    category: 'Recording',
    names: ['Liens and releases', 'UCC filing', 'Mechanics lien'],
    sentences: [
      'A release of lien should be recorded once the debt has been paid in full.',
      'UCC financing statements are filed with the Secretary of State, not with the county.',
      'A mechanics lien must be recorded within 90 days after completion of the work.',
    ],
  },
  {
    category: 'Licensing',
    names: ['Marriage license', 'Marriage license requirements', 'Marriage ceremony', 'Confidential marriage license'],
    sentences: [
      'Both parties must appear in person with valid photo identification to apply for a marriage license.',
      'A marriage license is valid for 90 days from the date of issue.',
      'The marriage license fee is $85.00, payable by cash or card.',
      'Civil marriage ceremonies are performed by appointment on weekdays.',
      'After the ceremony, the officiant must return the signed license within ten days.',
      'Certified copies of your marriage certificate can be ordered once the license is registered.',
    ],
  },
  {
    category: 'Licensing',
    names: ['Fictitious business name', 'DBA filing', 'Business name renewal'],
    sentences: [
      'A fictitious business name statement must be filed within 40 days of starting business.',
      'The statement expires five years from the date it was filed.',
      'New filings must be published in a newspaper of general circulation for four weeks.',
      'You can search existing fictitious business names before filing.',
    ],
  },
  {
    category: 'Licensing',
    names: ['Notary public', 'Notary oath', 'Notary bond filing'],
    sentences: [
      'New notaries must file their oath and bond within 30 days of the commission date.',
      'Notary journals of retired notaries are deposited with the County Clerk.',
      'We do not provide notary services for private documents.',
    ],
  },
  {
    category: 'Vital Records',
    names: ['Birth certificate', 'Death certificate', 'Vital records request'],
    sentences: [
      'Authorized copies of birth certificates are available to the registrant and immediate family.',
      'A sworn statement is required with every request for an authorized copy.',
      'Death certificates can be ordered by the funeral home or by family members.',
      'Informational copies are marked as not valid to establish identity.',
      'Mail requests are processed within ten business days.',
    ],
  },
  {
    category: 'General',
    names: ['Office hours', 'Office locations', 'Holiday closure', 'Parking and directions'],
    sentences: [
      'Our main office is open Monday through Friday from 8:00 a.m. to 5:00 p.m.',
      'The branch office is closed on county holidays.',
      'Free parking is available in the public garage across the street.',
      'Appointments are recommended but walk-in customers are welcome.',
    ],
  },
  {
    category: 'General',
    names: ['Public records request', 'Payment methods', 'Accessibility services', 'Complaint follow-up'],
    sentences: [
      'Public records requests can be submitted online or by email.',
      'We will respond to your request within ten days as required by law.',
      'Language interpreters are available at no cost.',
      'Thank you for your patience while we review your concern.',
    ],
  },
];

const NAME_VARIANTS: readonly string[] = [
  'fees', 'deadline', 'requirements', 'FAQ', 'follow-up', 'in person', 'by mail', 'online', 'Spanish',
  'reminder', 'escalation', 'first reply', 'short answer', 'detailed answer', 'status update', 'denied',
  'approved', 'missing information', 'appointment', 'closing', '2024', '2025', 'for attorneys', 'for title companies',
];

const GREETINGS = ['Hello,', 'Good morning,', 'Good afternoon,', 'Dear resident,', 'Hi there,', 'Thank you for contacting us.'];
const CLOSINGS = [
  'Please let us know if you have any other questions.',
  'If you need further assistance, reply to this email or call our office.',
  'We appreciate your patience.',
  'Thank you for contacting the County Clerk.',
];
const GENERAL: readonly string[] = [
  'You can find more information on our website.',
  'Please include your full name and a daytime phone number in any reply.',
  'Our staff can assist you at the public counter during business hours.',
  'Forms are available in English, Spanish, Vietnamese and Chinese.',
  'Processing times may be longer during election periods.',
];

const CONTEXT_SETS: readonly (readonly SupportedContext[])[] = [
  ['outlook', 'gmail'],
  ['outlook', 'gmail'],
  ['outlook', 'gmail', 'text_input'],
  ['outlook'],
  ['gmail', 'text_input'],
];

/** A 24-hex id from a kind prefix and a counter, the shape the spec's identifier rule requires. */
export function benchObjectId(kind: number, n: number): string {
  return kind.toString(16).padStart(8, '0') + n.toString(16).padStart(16, '0');
}

function paragraph(random: Random, topic: Topic): string {
  const count = random.int(1, 3);
  const parts: string[] = [];
  for (let i = 0; i < count; i += 1) parts.push(random.chance(0.85) ? random.pick(topic.sentences) : random.pick(GENERAL));
  return parts.join(' ');
}

/** An HTML body of about `length` characters (at least 200, at most 3,000) on `topic`. */
function blockBody(random: Random, topic: Topic, length: number): string {
  const html: string[] = [`<p>${random.pick(GREETINGS)}</p>`];
  let size = html[0]?.length ?? 0;
  while (size < length - 80) {
    const text = paragraph(random, topic);
    const tag = random.chance(0.15) ? `<ul><li>${text}</li></ul>` : `<p>${random.chance(0.2) ? `<strong>${text}</strong>` : text}</p>`;
    html.push(tag);
    size += tag.length;
  }
  html.push(`<p>${random.pick(CLOSINGS)}<br>County Clerk&#39;s Office</p>`);
  return html.join('').slice(0, 3000);
}

/** `count` generated blocks, deterministic for a given `seed`. */
export function generateBlocks(count: number, seed = 20240611): Block[] {
  const random = createRandom(seed);
  const account = benchObjectId(0xacc, 1);
  const teams = [benchObjectId(0x7ea, 1), benchObjectId(0x7ea, 2), benchObjectId(0x7ea, 3)];
  const blocks: Block[] = [];
  for (let i = 0; i < count; i += 1) {
    const topic = random.pick(TOPICS);
    const variant = random.chance(0.8) ? ` - ${random.pick(NAME_VARIANTS)}` : '';
    const suffix = random.chance(0.3) ? ` ${random.int(2, 40)}` : '';
    blocks.push({
      _id: benchObjectId(0xb10c, i + 1),
      name: `${random.pick(topic.names)}${variant}${suffix}`,
      body: blockBody(random, topic, random.int(200, 3000)),
      ...(random.chance(0.9) ? { categories: [topic.category] } : {}),
      account,
      team: random.pick(teams),
      supportedContexts: [...random.pick(CONTEXT_SETS)],
    });
  }
  return blocks;
}

/**
 * `count` resident emails of about 2 KB: a question on one topic, then the office's earlier reply
 * and the original message quoted below a "From:" header, as a reply chain reads in plain text.
 */
export function generateEmails(count: number, seed = 7): string[] {
  const random = createRandom(seed);
  const emails: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const topic = random.pick(TOPICS);
    const earlier = random.pick(TOPICS);
    const main: string[] = [random.pick(['Hi,', 'Hello,', 'Good morning,', 'To whom it may concern,'])];
    while (main.join('\n').length < 800) main.push(paragraph(random, topic).replace(/\.$/, '?'));
    main.push('Thanks,', `Resident ${i + 1}`);
    const quoted: string[] = [
      'From: County Clerk <clerk@example.gov>',
      `Sent: Monday, March ${random.int(1, 28)}, 2025 10:${random.int(10, 59)} AM`,
      `To: resident${i + 1}@example.com`,
      `Subject: RE: Question about ${random.pick(earlier.names).toLowerCase()}`,
      '',
    ];
    while (quoted.join('\n').length < 1150) quoted.push(paragraph(random, earlier));
    emails.push(`${main.join('\n')}\n\n${quoted.join('\n')}`);
  }
  return emails;
}

/** A block that a labelled query means, with the queries a person would type to find it. */
export interface LabelledTarget {
  block: Block;
  queries: readonly { kind: 'exact' | 'prefix' | 'typo'; text: string }[];
}

const TARGETS: ReadonlyArray<{ name: string; body: string; category: string; exact: string; prefix: string; typo: string }> = [
  {
    name: 'Apostille and authentication of documents',
    body: 'Documents used abroad may need an apostille. The County Clerk certifies the notary signature first, then the Secretary of State issues the apostille.',
    category: 'Licensing',
    exact: 'apostille',
    prefix: 'apost',
    typo: 'apostile',
  },
  {
    name: 'Poll worker stipend payment',
    body: 'Poll worker stipends are paid by check about six weeks after the election. The stipend amount depends on your assignment and training.',
    category: 'Elections',
    exact: 'stipend',
    prefix: 'poll worker stip',
    typo: 'pol worker stipnd',
  },
  {
    name: 'Military and overseas voters (UOCAVA)',
    body: 'Military and overseas voters can receive their ballot by email or fax. Return the federal post card application to request an overseas ballot.',
    category: 'Elections',
    exact: 'overseas',
    prefix: 'oversea',
    typo: 'oversaes voters',
  },
  {
    name: 'Signature cure letter',
    body: 'We could not verify the signature on your ballot envelope. Please complete and return the enclosed signature cure statement so your ballot can be counted.',
    category: 'Elections',
    exact: 'cure letter',
    prefix: 'signature cu',
    typo: 'signiture cure',
  },
  {
    name: 'Quitclaim deed after divorce',
    body: 'When a spouse releases an interest in the family home after a divorce, a quitclaim deed is usually recorded together with the settlement reference.',
    category: 'Recording',
    exact: 'divorce',
    prefix: 'quitclaim deed af',
    typo: 'quitclam deed divorse',
  },
  {
    name: 'Homestead declaration recording',
    body: 'A declaration of homestead protects part of the equity in your primary residence. The declaration must be signed, notarized and recorded.',
    category: 'Recording',
    exact: 'homestead',
    prefix: 'homest',
    typo: 'homstead declaraton',
  },
  {
    name: 'Military discharge DD-214 recording',
    body: 'Veterans may record a military discharge certificate (DD-214) at no charge. Recorded discharges are confidential.',
    category: 'Recording',
    exact: 'discharge',
    prefix: 'military disch',
    typo: 'militray dischrge',
  },
  {
    name: 'Same-day marriage ceremony waitlist',
    body: 'Walk-in couples who want a ceremony on the same day are placed on the waitlist. Bring two witnesses and your marriage license.',
    category: 'Licensing',
    exact: 'waitlist',
    prefix: 'same-day marr',
    typo: 'same day marrige waitlst',
  },
  {
    name: 'Delayed registration of birth',
    body: 'A birth that was not registered within one year can be recorded through a delayed registration with documentary evidence of the facts of birth.',
    category: 'Vital Records',
    exact: 'delayed registration',
    prefix: 'delayed reg',
    typo: 'delayd registraton of birth',
  },
  {
    name: 'Precinct boundary and redistricting map',
    body: 'Redistricting after the census changed several precinct boundaries. Use the interactive redistricting map to see your new supervisorial district.',
    category: 'Elections',
    exact: 'redistricting',
    prefix: 'redistr',
    typo: 'redistrictng map',
  },
  {
    name: 'Notary journal deposit after retirement',
    body: 'When a notary public resigns or retires, the notary journal must be delivered to the County Clerk within 30 days.',
    category: 'Licensing',
    exact: 'notary journal',
    prefix: 'notary jour',
    typo: 'notery journl',
  },
  {
    name: 'Unclaimed property refund of overpaid recording fees',
    body: 'Overpayments of recording fees that were not refunded are held as unclaimed property. Submit a refund claim with proof of payment.',
    category: 'Recording',
    exact: 'overpaid',
    prefix: 'unclaimed prop',
    typo: 'unclamed property refund',
  },
];

/**
 * The labelled blocks, with their queries. They are meant to be mixed into a generated library
 * (see `withLabelledTargets`); each is the block a person typing its queries is looking for.
 */
export function labelledTargets(): LabelledTarget[] {
  return TARGETS.map((target, i) => ({
    block: {
      _id: benchObjectId(0x7a9, i + 1),
      name: target.name,
      body: `<p>Hello,</p><p>${target.body}</p><p>Please let us know if you have any other questions.</p>`,
      categories: [target.category],
      account: benchObjectId(0xacc, 1),
      team: benchObjectId(0x7ea, 1),
      supportedContexts: ['outlook', 'gmail'],
    },
    queries: [
      { kind: 'exact', text: target.exact },
      { kind: 'prefix', text: target.prefix },
      { kind: 'typo', text: target.typo },
    ],
  }));
}

/** `blocks` with the labelled targets spread through it, keeping the total at `blocks.length`. */
export function withLabelledTargets(blocks: readonly Block[], targets: readonly LabelledTarget[]): Block[] {
  const mixed = blocks.slice(0, blocks.length - targets.length);
  const step = Math.floor(mixed.length / (targets.length + 1));
  targets.forEach((target, i) => mixed.splice((i + 1) * step + i, 0, target.block));
  return mixed;
}
