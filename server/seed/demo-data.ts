/**
 * The demo account: a county clerk-recorder's office answering election and recorder questions.
 * Ids are fixed so links, tests and screenshots stay stable across fresh databases.
 */
import type { Attachment, ChecklistTask } from '../db/schema';

export const DEMO_DOMAIN = 'aldercounty.example';

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
} as const;

export interface DemoUser {
  id: string;
  email: string;
  teams: string[];
  adminTeams: string[];
  /** Label printed by `npm start`. */
  role: string;
}

export const DEMO_USERS: DemoUser[] = [
  {
    id: '64b000000000000000000201',
    email: `dana@${DEMO_DOMAIN}`,
    teams: [DEMO_TEAMS.elections.id, DEMO_TEAMS.frontCounter.id],
    adminTeams: [],
    role: 'member of Elections and Front Counter',
  },
  {
    id: '64b000000000000000000202',
    email: `morgan@${DEMO_DOMAIN}`,
    teams: [DEMO_TEAMS.recorder.id],
    adminTeams: [DEMO_TEAMS.elections.id, DEMO_TEAMS.recorder.id],
    role: 'admin of Elections and Recorder',
  },
  {
    id: '64b000000000000000000203',
    email: `sam@${DEMO_DOMAIN}`,
    teams: [DEMO_TEAMS.frontCounter.id],
    adminTeams: [],
    role: 'work-account (SSO) user of Front Counter',
  },
];

export interface DemoBlock {
  name: string;
  team: keyof typeof DEMO_TEAMS;
  categories: string[];
  contexts: Array<'outlook' | 'gmail' | 'text_input'>;
  body: string;
  subjectLine?: string;
  cc?: string[];
  attachments?: Attachment[];
}

const ALL: DemoBlock['contexts'] = ['outlook', 'gmail', 'text_input'];

export const DEMO_BLOCKS: DemoBlock[] = [
  {
    name: 'Voter registration deadline',
    team: 'elections',
    categories: ['Voter Registration'],
    contexts: ALL,
    body: '<p>Thank you for contacting the Alder County Elections Office.</p><p>The deadline to register to vote for the upcoming election is <strong>15 days before Election Day</strong>. You can register online at the Secretary of State\'s website, by mail, or in person at our office. If you miss the deadline, you may still register and vote a provisional ballot in person at any vote center.</p>',
  },
  {
    name: 'Check registration status',
    team: 'elections',
    categories: ['Voter Registration'],
    contexts: ALL,
    body: '<p>You can confirm your voter registration status, your party preference and your polling place at any time using the state\'s online voter status lookup. You will need your name, date of birth and the last four digits of your driver\'s license or Social Security number.</p>',
  },
  {
    name: 'Request a mail ballot',
    team: 'elections',
    categories: ['Mail Ballots'],
    contexts: ALL,
    body: '<p>Every registered voter in Alder County is mailed a ballot about 29 days before Election Day. If you have not received yours, or if it was damaged, we can send a replacement ballot. Please reply with your full name and residence address, and tell us where you would like the replacement mailed.</p>',
  },
  {
    name: 'Track my ballot',
    team: 'elections',
    categories: ['Mail Ballots'],
    contexts: ALL,
    body: '<p>You can sign up for ballot tracking to receive a text, email or voice notification when your ballot is mailed, received and counted. Ballots returned by mail must be postmarked on or before Election Day and received within seven days.</p>',
  },
  {
    name: 'Signature verification cure letter',
    team: 'elections',
    categories: ['Mail Ballots'],
    contexts: ['outlook', 'gmail'],
    subjectLine: 'Action needed: verify the signature on your ballot envelope',
    attachments: [{ name: 'Signature Verification Statement.pdf', url: 'https://files.aldercounty.example/forms/signature-verification.pdf' }],
    body: '<p>The signature on your ballot return envelope could not be matched to the signature on your voter record. To make sure your ballot is counted, please complete and sign the attached <em>Signature Verification Statement</em> and return it to our office no later than two days before the certification of the election.</p>',
  },
  {
    name: 'Poll worker application',
    team: 'elections',
    categories: ['Poll Workers'],
    contexts: ALL,
    cc: [`pollworkers@${DEMO_DOMAIN}`],
    body: '<p>Thank you for your interest in serving as a poll worker! Poll workers receive a stipend and paid training. You must be a U.S. citizen and a registered voter, or a high-school student with good standing. Our poll worker coordinator, copied here, will follow up with available training dates.</p>',
  },
  {
    name: 'Vote center hours',
    team: 'elections',
    categories: ['Voting Locations'],
    contexts: ALL,
    body: '<p>Vote centers open for in-person voting 10 days before Election Day, from 9:00 a.m. to 5:00 p.m. daily. On Election Day all vote centers are open from 7:00 a.m. to 8:00 p.m. Anyone in line by 8:00 p.m. will be allowed to vote.</p>',
  },
  {
    name: 'Certified copy of a deed',
    team: 'recorder',
    categories: ['Property Records'],
    contexts: ALL,
    body: '<p>Certified copies of recorded documents such as grant deeds are available for $3.00 for the first page and $1.00 for each additional page, plus $1.75 for certification. Please send the document number or the names of the parties and the approximate recording date, and we will locate the document for you.</p>',
  },
  {
    name: 'Recording fees',
    team: 'recorder',
    categories: ['Recording'],
    contexts: ALL,
    attachments: [{ name: 'Recording Fee Schedule.pdf', url: 'https://files.aldercounty.example/forms/recording-fees.pdf' }],
    body: '<p>The base fee to record a document is $14.00 for the first page and $3.00 for each additional page. Some documents also require the SB2 Building Homes and Jobs Act fee of $75.00. The full fee schedule is attached.</p>',
  },
  {
    name: 'Preliminary change of ownership report',
    team: 'recorder',
    categories: ['Recording'],
    contexts: ['outlook', 'gmail'],
    body: '<p>A Preliminary Change of Ownership Report (PCOR) must accompany any document that transfers real property. If it is not included, an additional $20.00 fee applies. The form is available at our counter and on the Assessor\'s website.</p>',
  },
  {
    name: 'Marriage license requirements',
    team: 'recorder',
    categories: ['Vital Records'],
    contexts: ALL,
    body: '<p>Both parties must appear in person with valid government-issued photo identification to obtain a marriage license. The license fee is $91.00 and the license is valid for 90 days. No blood test is required. Appointments are available Monday through Friday.</p>',
  },
  {
    name: 'Birth certificate copy',
    team: 'recorder',
    categories: ['Vital Records'],
    contexts: ALL,
    body: '<p>Certified copies of birth certificates for births in Alder County cost $32.00 each. Authorized copies require a signed sworn statement; informational copies are available to anyone. You can order in person, by mail, or through our online vendor.</p>',
  },
  {
    name: 'Office hours and location',
    team: 'frontCounter',
    categories: [],
    contexts: ALL,
    body: '<p>The Clerk-Recorder\'s office is open Monday through Friday, 8:00 a.m. to 5:00 p.m., excluding county holidays. We are located on the first floor of the County Administration Building. Free parking is available in the visitor lot.</p>',
  },
  {
    name: 'Thank you, we are looking into it',
    team: 'frontCounter',
    categories: [],
    contexts: ALL,
    body: '<p>Thank you for reaching out. We have received your message and a member of our team is looking into it. We will get back to you within two business days.</p>',
  },
  {
    name: 'Fictitious business name filing',
    team: 'frontCounter',
    categories: ['Business Filings'],
    contexts: ALL,
    body: '<p>To file a Fictitious Business Name Statement, complete the statement form and submit it with the $26.00 filing fee. Within 30 days of filing, the statement must be published in a newspaper of general circulation once a week for four weeks.</p>',
  },
  {
    name: 'Notary public oath filing',
    team: 'frontCounter',
    categories: ['Business Filings'],
    contexts: ['outlook', 'gmail'],
    body: '<p>New and renewing notaries public must file their oath and bond with our office within 30 calendar days of the commission\'s start date. Please bring your commission certificate, your bond and a valid photo ID. The filing fee is $40.00.</p>',
  },
];

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
    name: 'Replacement ballot request',
    team: 'elections',
    categories: ['Mail Ballots'],
    tasks: [
      { name: 'Confirm the voter\'s full name and date of birth' },
      { name: 'Verify the residence address on the voter record' },
      { name: 'Ask where the replacement ballot should be mailed' },
      { name: 'Void the original ballot in the election system' },
    ],
    blocks: ['Request a mail ballot', 'Track my ballot'],
  },
  {
    name: 'Marriage license appointment',
    team: 'recorder',
    categories: ['Vital Records'],
    tasks: [
      { name: 'Confirm both parties can attend in person' },
      { name: 'Remind them to bring photo identification' },
      { name: 'Book the appointment' },
    ],
    blocks: ['Marriage license requirements', 'Office hours and location'],
  },
];
