/**
 * The demo account: a county clerk-recorder's office answering election and recorder questions.
 * Ids are fixed so links, tests and screenshots stay stable across fresh databases.
 */
import type { ChecklistTask, StoredVariant } from '../db/schema';
import type { UiSource } from '../../src/api/contract/usage';
import { DEMO_DOMAIN, type DemoBlock, type DemoTeamKey } from './common';
import { ELECTIONS_BLOCKS } from './elections';
import { FRONT_COUNTER_BLOCKS } from './front-counter';
import { RECORDER_BLOCKS } from './recorder';
import { DEMO_EXAMPLES } from './demo-examples';
import { SPANISH_VARIANTS } from './demo-variants-es';
import { SPANISH_EXAMPLES } from './demo-examples-es';

export { DEMO_DOMAIN, type DemoBlock };

export const DEMO_ACCOUNT = {
  id: '64b000000000000000000001',
  name: 'Alder County Clerk-Recorder',
  hasPhoneFlowAccess: true,
  emailClassificationOn: true,
};

export const DEMO_TEAMS = {
  elections: { id: '64b000000000000000000101', name: 'Elections' },
  recorder: { id: '64b000000000000000000102', name: 'Recorder' },
  frontCounter: { id: '64b000000000000000000103', name: 'Front Counter' },
} as const satisfies Record<DemoTeamKey, { id: string; name: string }>;

export interface DemoUser {
  id: string;
  email: string;
  teams: string[];
  adminTeams: string[];
  /** Label printed by `npm start`. */
  role: string;
  /** The Microsoft (SSO) subject of a work-account user. */
  microsoftSub?: string;
  /** Manages the account's people, teams and settings. */
  accountAdmin?: boolean;
  /** The name they are known by on the People page. */
  name: string;
}

export const DEMO_USERS: DemoUser[] = [
  {
    id: '64b000000000000000000201',
    email: `dana@${DEMO_DOMAIN}`,
    teams: [DEMO_TEAMS.elections.id, DEMO_TEAMS.frontCounter.id],
    adminTeams: [],
    role: 'member of Elections and Front Counter',
    name: 'Dana Whitfield',
  },
  {
    id: '64b000000000000000000202',
    email: `morgan@${DEMO_DOMAIN}`,
    teams: [DEMO_TEAMS.recorder.id],
    adminTeams: [DEMO_TEAMS.elections.id, DEMO_TEAMS.recorder.id],
    role: 'account admin; admin of Elections and Recorder',
    accountAdmin: true,
    name: 'Morgan Reyes',
  },
  {
    id: '64b000000000000000000203',
    email: `sam@${DEMO_DOMAIN}`,
    teams: [DEMO_TEAMS.frontCounter.id],
    adminTeams: [],
    role: 'work-account (SSO) user of Front Counter',
    microsoftSub: 'demo-sso-sam',
    name: 'Sam Okafor',
  },
  {
    id: '64b000000000000000000204',
    email: `avery@${DEMO_DOMAIN}`,
    teams: [DEMO_TEAMS.elections.id],
    adminTeams: [],
    role: 'member of Elections (signs in with an authenticator code: npm run -s demo:code)',
    name: 'Avery Lindqvist',
  },
];

/**
 * The demo user who signs in with an authenticator app, and its secret (base32, 160 bits): the one
 * place it is written. The seed seals it like any other secret; `npm run -s demo:code`
 * prints the current code, or add it to an authenticator app by hand.
 */
export const DEMO_AUTHENTICATOR = {
  email: `avery@${DEMO_DOMAIN}`,
  secret: 'CANNERYDEMOAVERYALDERCOUNTYTOTPQ',
};

/** About 60 blocks: Elections, Recorder and Front Counter, each in its own file. */
export const DEMO_BLOCKS: DemoBlock[] = [...ELECTIONS_BLOCKS, ...RECORDER_BLOCKS, ...FRONT_COUNTER_BLOCKS].map((block) => {
  const spanish = SPANISH_VARIANTS[block.name];
  return { ...block, examples: DEMO_EXAMPLES[block.name] ?? [], ...(spanish ? { variants: { es: spanish } } : {}) };
});

/** The demo account's languages: its most-asked Elections and Recorder blocks are also in Spanish. */
export const DEMO_LANGUAGES = ['en', 'es'];

/** The demo block's variants as the database keeps them. */
export function demoVariantsOf(block: DemoBlock): StoredVariant[] {
  return Object.entries(block.variants ?? {}).map(([language, text]) => ({
    language,
    name: text.name,
    body: text.body,
    subjectLine: text.subjectLine ?? null,
    attachments: text.attachments ?? [],
    examples: [...(language === 'es' ? (SPANISH_EXAMPLES[block.name] ?? []) : [])],
    needsUpdate: false,
  }));
}

export interface DemoChecklist {
  name: string;
  team: keyof typeof DEMO_TEAMS;
  categories: string[];
  tasks: ChecklistTask[];
  /** Names of demo blocks the checklist recommends. */
  blocks: string[];
}

export const DEMO_CHECKLISTS: DemoChecklist[] = [
  {
    name: 'Replacement Ballot Request',
    team: 'elections',
    categories: ['Mail Ballots'],
    tasks: [
      { name: 'Confirm the voter\'s full name and date of birth' },
      { name: 'Verify the residence address on the voter record' },
      { name: 'Ask where the replacement ballot should be mailed' },
      { name: 'Void the original ballot in the election system' },
    ],
    blocks: ['Request a Replacement Ballot', 'Track My Ballot', 'Ballot Drop Box Locations'],
  },
  {
    name: 'Signature Cure Call',
    team: 'elections',
    categories: ['Mail Ballots'],
    tasks: [
      { name: 'Confirm the caller is the voter named on the envelope' },
      { name: 'Explain why the signature could not be matched' },
      { name: 'Confirm the email or mailing address for the statement' },
      { name: 'Send the Signature Verification Statement' },
      { name: 'Note the cure deadline in the voter\'s record' },
    ],
    blocks: ['Signature Cure Letter', 'Track My Ballot'],
  },
  {
    name: 'Poll Worker Sign-Up',
    team: 'elections',
    categories: ['Poll Workers'],
    tasks: [
      { name: 'Check that the caller is eligible to serve' },
      { name: 'Ask which languages the caller speaks' },
      { name: 'Ask which part of the county they can travel to' },
      { name: 'Send the application link' },
      { name: 'Offer the next available training dates' },
    ],
    blocks: ['Poll Worker Application', 'Poll Worker Training and Pay', 'Ballots in Other Languages'],
  },
  {
    name: 'Recording a Deed',
    team: 'recorder',
    categories: ['Recording'],
    tasks: [
      { name: 'Ask what kind of document is being recorded' },
      { name: 'Check that the signatures are notarized' },
      { name: 'Check the page size, margins and the blank space for the stamp' },
      { name: 'Confirm a PCOR is included for a transfer' },
      { name: 'Quote the recording fees and transfer tax' },
      { name: 'Explain how the recorded original will be returned' },
    ],
    blocks: ['Recording Fees', 'Preliminary Change of Ownership Report', 'Document Formatting Requirements', 'Deed Preparation Help'],
  },
  {
    name: 'Marriage License Appointment',
    team: 'recorder',
    categories: ['Marriage'],
    tasks: [
      { name: 'Confirm both parties can attend in person' },
      { name: 'Ask whether they want a public or confidential license' },
      { name: 'Remind them to bring photo identification' },
      { name: 'Offer a civil ceremony on the same day' },
      { name: 'Book the appointment' },
    ],
    blocks: ['Marriage License Requirements', 'Confidential Marriage License', 'Civil Ceremony Booking'],
  },
  {
    name: 'Records Request Intake',
    team: 'frontCounter',
    categories: ['Records Requests'],
    tasks: [
      { name: 'Ask which records the caller is looking for' },
      { name: 'Redirect court or tax records to the right office' },
      { name: 'Record the date range and preferred format' },
      { name: 'Take contact details for the response' },
      { name: 'Explain the 10-day response time and copy fees' },
    ],
    blocks: ['Public Records Request', 'Wrong Department: Court Records', 'Payments Accepted'],
  },
];

/** One demo user's uses of one block, seeded as `sent_auto_responses` rows. */
export interface DemoUsage {
  /** Name of a demo block. */
  block: string;
  /** Email of a demo user who is a member of the block's team. */
  user: string;
  uses: number;
  uiSource: UiSource;
}

const dana = `dana@${DEMO_DOMAIN}`;
const morgan = `morgan@${DEMO_DOMAIN}`;
const sam = `sam@${DEMO_DOMAIN}`;

/**
 * Usage history, so "Frequently Used" has a clear order in every team. Totals per block:
 * Elections: Track My Ballot 18, Vote Center Hours 12, Voter Registration Deadline 8,
 * Request a Replacement Ballot 6, Signature Cure Letter 4, Poll Worker Application 2.
 * Recorder: Recording Fees 15, Certified Copy of a Deed 10, Marriage License Requirements 7,
 * Birth Certificate Copy 5, Fictitious Business Name Filing 3.
 * Front Counter: Office Hours and Location 16, Payments Accepted 9, We're Looking Into It 7,
 * Wrong Department: Property Taxes 4, Public Records Request 2.
 */
export const DEMO_USAGE: DemoUsage[] = [
  { block: 'Track My Ballot', user: dana, uses: 12, uiSource: 'recommended' },
  { block: 'Track My Ballot', user: morgan, uses: 6, uiSource: 'frequently_used' },
  { block: 'Vote Center Hours', user: dana, uses: 9, uiSource: 'search' },
  { block: 'Vote Center Hours', user: morgan, uses: 3, uiSource: 'frequently_used' },
  { block: 'Voter Registration Deadline', user: dana, uses: 8, uiSource: 'std_scrollable_list' },
  { block: 'Request a Replacement Ballot', user: morgan, uses: 6, uiSource: 'phone_flow' },
  { block: 'Signature Cure Letter', user: morgan, uses: 4, uiSource: 'recommended' },
  { block: 'Poll Worker Application', user: dana, uses: 2, uiSource: 'search' },
  { block: 'Recording Fees', user: morgan, uses: 15, uiSource: 'frequently_used' },
  { block: 'Certified Copy of a Deed', user: morgan, uses: 10, uiSource: 'search' },
  { block: 'Marriage License Requirements', user: morgan, uses: 7, uiSource: 'phone_flow' },
  { block: 'Birth Certificate Copy', user: morgan, uses: 5, uiSource: 'recommended' },
  { block: 'Fictitious Business Name Filing', user: morgan, uses: 3, uiSource: 'std_scrollable_list' },
  { block: 'Office Hours and Location', user: sam, uses: 11, uiSource: 'frequently_used' },
  { block: 'Office Hours and Location', user: dana, uses: 5, uiSource: 'recommended' },
  { block: 'Payments Accepted', user: sam, uses: 9, uiSource: 'search' },
  { block: 'We\'re Looking Into It', user: dana, uses: 6, uiSource: 'std_scrollable_list' },
  { block: 'We\'re Looking Into It', user: sam, uses: 1, uiSource: 'unknown' },
  { block: 'Wrong Department: Property Taxes', user: sam, uses: 4, uiSource: 'search' },
  { block: 'Public Records Request', user: dana, uses: 2, uiSource: 'recommended' },
];

/** The password of the demo users who sign in with the user pool (printed by `npm start`). */
export const DEMO_PASSWORD = 'Demo-Password-2026!';

/** A demo user who has not signed in yet: the first sign-in asks for a new password. */
export const DEMO_FIRST_SIGN_IN = {
  email: `riley@${DEMO_DOMAIN}`,
  temporaryPassword: 'Welcome-Temp-2026!',
  teams: [DEMO_TEAMS.frontCounter.id],
  role: 'new member of Front Counter (first sign-in sets a password)',
};
