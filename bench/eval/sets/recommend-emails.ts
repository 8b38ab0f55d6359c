/**
 * Emails a county clerk's office receives, each labelled with the demo block(s) (by name, see
 * `server/seed/*.ts`) that answer it: the evaluation set of `bench/eval/recommend.ts`.
 *
 * Written by hand, before the algorithm was tuned, as residents, title companies, candidates and
 * colleagues write: typos, no punctuation, long stories, short questions, two questions at once,
 * signatures and disclaimers, and replies whose quoted thread is about something else than the new
 * text (the label is what the new text asks). The helpers below only wrap a text in the quoting
 * form of a mail client (Outlook, "-----Original Message-----", Gmail and Apple Mail attribution
 * lines in English, Spanish, French and German, wrapped or not, ">" lines, forwards), so every
 * quoting style appears with many different texts.
 */

export interface EvalEmail {
  /** Short stable id, for reading failures. */
  id: string;
  /** Names of the blocks that answer the email; any of them counts as a hit. */
  relevant: readonly string[];
  body: string;
}

const quote = (text: string): string =>
  text
    .split('\n')
    .map((line) => (line === '' ? '>' : `> ${line}`))
    .join('\n');

const OFFICE = 'Alder County Clerk-Recorder <clerk@aldercounty.example>';

/** Outlook desktop: a rule, then the From / Sent / To / Subject block. */
const outlook = (text: string, quoted: string, subject = 'Your question'): string =>
  `${text}\n\n________________________________\nFrom: ${OFFICE}\nSent: Tuesday, March 4, 2025 9:12 AM\nTo: Resident <resident@example.com>\nSubject: RE: ${subject}\n\n${quoted}`;
/** Older Outlook and many webmail clients. */
const originalMessage = (text: string, quoted: string): string =>
  `${text}\n\n-----Original Message-----\nFrom: ${OFFICE}\nSent: Monday, March 3, 2025 4:40 PM\nTo: resident@example.com\nSubject: RE: Question\n\n${quoted}`;
/** Gmail's attribution line, on one line or wrapped by the client. */
const gmail = (text: string, quoted: string): string =>
  `${text}\n\nOn Tue, Mar 4, 2025 at 9:12 AM Alder County Clerk-Recorder <clerk@aldercounty.example> wrote:\n\n${quote(quoted)}`;
const gmailWrapped = (text: string, quoted: string): string =>
  `${text}\n\nOn Tue, Mar 4, 2025 at 9:12 AM Alder County Clerk-Recorder <\nclerk@aldercounty.example> wrote:\n\n${quote(quoted)}`;
/** Apple Mail (iPhone). */
const apple = (text: string, quoted: string): string =>
  `${text}\n\nSent from my iPhone\n\n> On Mar 4, 2025, at 9:12 AM, Alder County Elections <elections@aldercounty.example> wrote:\n>\n${quote(quoted)}`;
const spanish = (text: string, quoted: string): string =>
  `${text}\n\nEl mar, 4 mar 2025 a las 9:12, Oficina del Condado (<clerk@aldercounty.example>) escribió:\n\n${quote(quoted)}`;
const spanishWrapped = (text: string, quoted: string): string =>
  `${text}\n\nEl mar, 4 mar 2025 a las 9:12, Oficina del Condado de Alder\n(<clerk@aldercounty.example>) escribió:\n\n${quote(quoted)}`;
const french = (text: string, quoted: string): string =>
  `${text}\n\nLe mar. 4 mars 2025 à 09:12, Alder County Clerk <clerk@aldercounty.example> a écrit :\n\n${quote(quoted)}`;
const german = (text: string, quoted: string): string =>
  `${text}\n\nAm Di., 4. März 2025 um 09:12 Uhr schrieb Alder County Clerk <\nclerk@aldercounty.example>:\n\n${quote(quoted)}`;
/** Plain ">" quoting without an attribution line. */
const angle = (text: string, quoted: string): string => `${quote(quoted)}\n\n${text}`;
const forwarded = (note: string, message: string): string =>
  `${note}\n\n---------- Forwarded message ---------\nFrom: Pat Nguyen <pat.nguyen@example.com>\nDate: Mon, Mar 3, 2025 at 3:02 PM\nSubject: question\nTo: <frontcounter@aldercounty.example>\n\n${message}`;
const beginForwarded = (note: string, message: string): string =>
  `${note}\n\nBegin forwarded message:\n\nFrom: Pat Nguyen <pat.nguyen@example.com>\nDate: March 3, 2025 at 3:02:11 PM PST\nTo: clerk@aldercounty.example\nSubject: question\n\n${message}`;

const DISCLAIMER =
  'CONFIDENTIALITY NOTICE: This e-mail message, including any attachments, is for the sole use of the intended recipient(s) and may contain confidential and privileged information. Any unauthorized review, use, disclosure or distribution is prohibited. If you are not the intended recipient, please contact the sender by reply e-mail and destroy all copies of the original message.';
const TITLE_SIGNATURE = '--\nKaren Whitfield | Senior Escrow Officer\nSummit Title & Escrow\n1420 Grant Ave, Suite 200\n(555) 010-0144 | kwhitfield@summittitle.example';

// Earlier replies of the office, quoted under new questions (often on another topic).
const Q_HOURS = 'Our office is open Monday through Friday, 8:00 a.m. to 5:00 p.m., on the first floor of the County Administration Building.';
const Q_REGISTRATION = 'You can confirm your registration status at any time with our voter status lookup. You will need your date of birth.';
const Q_BALLOT_MAILED = 'Ballots for the March election were mailed on February 7. Please allow a week for delivery.';
const Q_DEED_COPY = 'Copies of recorded deeds cost $2.00 for the first page and $1.00 for each additional page; a certified copy is $2.50 more.';
const Q_MARRIAGE = 'Both parties must appear together to apply for a marriage license. Please bring photo identification for each person.';
const Q_FEES = 'The fee to record a document is $14.00 for the first page and $3.00 for each additional page.';
const Q_POLL = 'Thank you for applying to be a poll worker. We will contact you about a training class.';
const Q_LOOKING = 'Thank you for reaching out. A member of our team is looking into it and will get back to you within two business days.';
const Q_MORE_INFO = 'So that we can help you, could you please send us your full name and the document number you are asking about?';

export const RECOMMEND_EMAILS: readonly EvalEmail[] = [
  // --- Voter Registration Deadline
  { id: 'reg-deadline-1', relevant: ['Voter Registration Deadline'], body: 'Hi, what is the last day I can register to vote for the November election?\n\nThanks,\nMaria' },
  { id: 'reg-deadline-2', relevant: ['Voter Registration Deadline', 'Same-Day Registration'], body: 'i just turned 18 how late can i registr to vote? is it to late for this election' },
  {
    id: 'reg-deadline-3',
    relevant: ['Voter Registration Deadline'],
    body: outlook('Thank you. One more thing, my son moved back home from college and has never registered. When is the registration deadline?', Q_HOURS, 'Office hours'),
  },
  { id: 'reg-deadline-4', relevant: ['Voter Registration Deadline'], body: gmail('Can I still sign up to vote by mail or is the deadline passed? Election is in 3 weeks.', Q_HOURS) },

  // --- Check Registration Status
  { id: 'status-1', relevant: ['Check Registration Status'], body: 'How do I check if I am registered to vote? I have not voted in years.\n\nSent from my iPhone' },
  { id: 'status-2', relevant: ['Check Registration Status'], body: 'Can you confirm my voter registration is active and what party I am registered with? DOB 4/12/1961, James Porter' },
  {
    id: 'status-3',
    relevant: ['Check Registration Status'],
    body: spanish('Hola, quiero saber si estoy registrada para votar. I tried the status lookup but it did not find me.', Q_BALLOT_MAILED),
  },

  // --- Update Your Address
  { id: 'address-1', relevant: ['Update Your Address'], body: 'We moved from Maple Street to a new house across town last month. How do I change my address on my voter registration?\n\nBest regards,\nTom and Linda Greer' },
  { id: 'address-2', relevant: ['Update Your Address'], body: 'I moved to a different county. Do I need to re register there or will my ballot be forwarded?' },
  {
    id: 'address-3',
    relevant: ['Update Your Address'],
    body: originalMessage('Got it, thanks. Also my mailing address changed, I now use a PO box. How do I update it so ballots go there?', Q_REGISTRATION),
  },
  { id: 'address-4', relevant: ['Update Your Address'], body: 'new adress for my voter record: 415 Birch Ln Apt 3. I moved in january. please update' },

  // --- Same-Day Registration
  { id: 'sameday-1', relevant: ['Same-Day Registration'], body: 'I missed the registration deadline. Can I still register and vote on election day?' },
  { id: 'sameday-2', relevant: ['Same-Day Registration'], body: 'What is a conditional ballot? The person at the vote center said I would have to vote one because I registered the same day.' },
  {
    id: 'sameday-3',
    relevant: ['Same-Day Registration'],
    body: apple('Is same day registration available at every vote center or only downtown', 'Vote centers open 10 days before Election Day.'),
  },

  // --- Request a Replacement Ballot
  { id: 'replace-1', relevant: ['Request a Replacement Ballot'], body: 'My dog chewed up my ballot. Can I get a new one mailed to me?\n\nThanks so much,\nDebbie' },
  { id: 'replace-2', relevant: ['Request a Replacement Ballot', 'Track My Ballot'], body: 'I never received my mail ballot, my neighbors got theirs a week ago. Please send another one.' },
  {
    id: 'replace-3',
    relevant: ['Request a Replacement Ballot'],
    body: gmailWrapped('I made a mistake filling in my ballot, I marked the wrong candidate. Can I get a replacement ballot?', Q_POLL),
  },
  { id: 'replace-4', relevant: ['Request a Replacement Ballot'], body: 'lost my ballot envelope, how do i get a replacment' },

  // --- Track My Ballot
  { id: 'track-1', relevant: ['Track My Ballot'], body: 'I dropped off my ballot on Saturday. How can I make sure it was received and counted?' },
  { id: 'track-2', relevant: ['Track My Ballot'], body: 'Is there a way to get a text message when my ballot is counted?' },
  {
    id: 'track-3',
    relevant: ['Track My Ballot'],
    body: outlook('Thanks for the update on the deed copy. Different question: my mother mailed her ballot two weeks ago and wants to know if you got it.', Q_DEED_COPY, 'Deed copy'),
  },
  { id: 'track-4', relevant: ['Track My Ballot'], body: 'how do i track my ballto? signed up for ballot tracker but never got anything' },

  // --- Signature Cure Letter
  { id: 'cure-1', relevant: ['Signature Cure Letter'], body: 'I got a letter saying my signature did not match and my ballot will not count. What do I need to do?' },
  { id: 'cure-2', relevant: ['Signature Cure Letter'], body: 'I forgot to sign the envelope of my mail ballot!! Can I fix this?\n\nSent from my iPhone' },
  {
    id: 'cure-3',
    relevant: ['Signature Cure Letter'],
    body: french('Bonjour, I received a signature cure statement for my husband. My signature has changed since my stroke. Can I send the form by email?', Q_BALLOT_MAILED),
  },

  // --- Ballot Drop Box Locations
  { id: 'dropbox-1', relevant: ['Ballot Drop Box Locations'], body: 'Where is the nearest ballot drop box to the Eastside library?' },
  { id: 'dropbox-2', relevant: ['Ballot Drop Box Locations'], body: 'What time do the drop boxes close on election day, and do I need a stamp if I use one?' },
  { id: 'dropbox-3', relevant: ['Ballot Drop Box Locations'], body: angle('Are drop boxes emptied every day? I do not want my ballot sitting in there.', Q_BALLOT_MAILED) },

  // --- Mail Ballot Postmark Rules
  { id: 'postmark-1', relevant: ['Mail Ballot Postmark Rules'], body: 'If I mail my ballot on election day will it still count? The post office near me closes at 5.' },
  { id: 'postmark-2', relevant: ['Mail Ballot Postmark Rules'], body: 'My ballot was postmarked the day after the election because the mail carrier picked it up late. Will it be counted?' },
  {
    id: 'postmark-3',
    relevant: ['Mail Ballot Postmark Rules'],
    body: german('Hello, I am mailing my ballot from Germany. How many days after the election can it arrive and still count?', Q_REGISTRATION),
  },

  // --- Vote Center Hours
  { id: 'vc-hours-1', relevant: ['Vote Center Hours'], body: 'What are the hours for the vote centers this weekend?' },
  { id: 'vc-hours-2', relevant: ['Vote Center Hours'], body: 'Can I vote in person at the main elections office before election day? What time are you open for voting?\n\nRegards,\nHenry Olson' },
  { id: 'vc-hours-3', relevant: ['Vote Center Hours'], body: gmail('when do vote centers open on election day? i work at 7', Q_POLL) },

  // --- Poll Worker Application
  { id: 'pw-app-1', relevant: ['Poll Worker Application'], body: 'I am retired and would love to help at the polls this year. How do I apply to be a poll worker?' },
  { id: 'pw-app-2', relevant: ['Poll Worker Application'], body: 'Can high school students serve as poll workers? My daughter is 16 and speaks Vietnamese.' },
  {
    id: 'pw-app-3',
    relevant: ['Poll Worker Application'],
    body: outlook('Thanks for the info on the drop boxes. Also, is it too late to sign up as an election worker for November?', 'Official ballot drop boxes open 28 days before Election Day.', 'Drop boxes'),
  },

  // --- Poll Worker Training and Pay
  { id: 'pw-pay-1', relevant: ['Poll Worker Training and Pay'], body: 'How much do poll workers get paid, and when is the check mailed?' },
  { id: 'pw-pay-2', relevant: ['Poll Worker Training and Pay'], body: 'I signed up to be a poll worker. Is the training class online or in person? Do I get paid for the training?' },
  { id: 'pw-pay-3', relevant: ['Poll Worker Training and Pay'], body: gmailWrapped('I worked as an inspector at the vote center last month and still have not received my stipend.', Q_POLL) },

  // --- Candidate Filing Period
  { id: 'cand-file-1', relevant: ['Candidate Filing Period'], body: 'I am thinking of running for the school board. When is the filing period for candidates?' },
  { id: 'cand-file-2', relevant: ['Candidate Filing Period'], body: 'What are the deadlines to file nomination papers for city council? How many signatures do I need?\n\nBest,\nRaj Patel' },
  { id: 'cand-file-3', relevant: ['Candidate Filing Period'], body: 'is the nomination period extended if the incumbent does not run?' },

  // --- Candidate Statement Fees
  { id: 'cand-fee-1', relevant: ['Candidate Statement Fees'], body: 'How much does it cost to put a candidate statement in the voter information guide for a supervisorial district?' },
  { id: 'cand-fee-2', relevant: ['Candidate Statement Fees'], body: 'Can I pay the candidate statement fee in installments? And how many words can the statement be?' },
  { id: 'cand-fee-3', relevant: ['Candidate Statement Fees'], body: originalMessage('Is the statement translated into Spanish and Chinese, and is translation included in the fee?', Q_POLL) },

  // --- Election Results Timeline
  { id: 'results-1', relevant: ['Election Results Timeline'], body: 'When will the election results be posted tonight?' },
  { id: 'results-2', relevant: ['Election Results Timeline', 'Canvass and Certification'], body: 'Why are results still changing a week after the election? How often do you update the count?' },
  { id: 'results-3', relevant: ['Election Results Timeline'], body: apple('what time do the first results come out', 'Vote centers are open until 8 p.m. on Election Day.') },

  // --- Canvass and Certification
  { id: 'canvass-1', relevant: ['Canvass and Certification'], body: 'When will the election be certified? Our candidate is waiting to know if there will be a recount.' },
  { id: 'canvass-2', relevant: ['Canvass and Certification'], body: 'Can members of the public observe the canvass and the signature verification?' },
  { id: 'canvass-3', relevant: ['Canvass and Certification'], body: 'What happens during the official canvass? How are provisional ballots resolved?\n\n-- \nLeague of Voters, Alder chapter\nvolunteer coordinator' },

  // --- Accessible Voting Options
  { id: 'access-1', relevant: ['Accessible Voting Options'], body: 'My father is in a wheelchair and has poor eyesight. What help is there for him to vote in person?' },
  { id: 'access-2', relevant: ['Accessible Voting Options', 'Remote Accessible Vote by Mail'], body: 'I am blind. Is there an audio ballot or large print option?' },
  { id: 'access-3', relevant: ['Accessible Voting Options'], body: 'Can I bring someone to help me mark my ballot? Do you have curbside voting at the vote center?' },

  // --- Remote Accessible Vote by Mail
  { id: 'ravbm-1', relevant: ['Remote Accessible Vote by Mail'], body: 'I use a screen reader. Can I mark my ballot on my own computer and print it?' },
  { id: 'ravbm-2', relevant: ['Remote Accessible Vote by Mail'], body: 'How does the RAVBM portal work? I have a disability and cannot write by hand.' },
  { id: 'ravbm-3', relevant: ['Remote Accessible Vote by Mail'], body: spanishWrapped('Is the remote accessible vote by mail system compatible with JAWS on Windows?', Q_BALLOT_MAILED) },

  // --- Military and Overseas Voters
  { id: 'uocava-1', relevant: ['Military and Overseas Voters'], body: 'I am deployed overseas with the Navy. How do I get my ballot?\n\nV/r,\nPO2 Daniel Reyes' },
  { id: 'uocava-2', relevant: ['Military and Overseas Voters'], body: 'I am a US citizen living in France for work. Can I still vote in Alder County? How do I fill out the FPCA?' },
  { id: 'uocava-3', relevant: ['Military and Overseas Voters'], body: french('Can my overseas ballot be sent to me by email or fax? I live in Lyon.', Q_REGISTRATION) },

  // --- Ballots in Other Languages
  { id: 'lang-1', relevant: ['Ballots in Other Languages'], body: 'Can my grandmother get her ballot in Chinese?' },
  { id: 'lang-2', relevant: ['Ballots in Other Languages'], body: 'Do you have voter guides in Tagalog or Vietnamese? My parents do not read English well.' },
  { id: 'lang-3', relevant: ['Ballots in Other Languages'], body: spanish('Necesito mi boleta en español por favor. I need my ballot in Spanish language please.', Q_HOURS) },

  // --- Referred to Elections Supervisor
  {
    id: 'supervisor-1',
    relevant: ['Referred to Elections Supervisor'],
    body: 'I want to file a complaint about the vote center at Lincoln Elementary. The election workers were rude and told people in line to go home at 7:45.',
  },
  { id: 'supervisor-2', relevant: ['Referred to Elections Supervisor'], body: 'Who reviews complaints about election procedures? I saw a poll worker wearing a campaign button.' },

  // --- Recording Fees
  { id: 'rec-fee-1', relevant: ['Recording Fees'], body: 'How much does it cost to record a 5 page deed of trust?' },
  {
    id: 'rec-fee-2',
    relevant: ['Recording Fees'],
    body: `Hello,\n\nWe are recording a grant deed and need to confirm the recording fees, including the SB2 housing trust fee. Please advise.\n\n${TITLE_SIGNATURE}\n\n${DISCLAIMER}`,
  },
  { id: 'rec-fee-3', relevant: ['Recording Fees'], body: 'what is the fee to record a document and is there an extra charge per page' },
  { id: 'rec-fee-4', relevant: ['Recording Fees'], body: outlook('Follow up: is the fraud prevention fee charged per document or per page?', Q_MARRIAGE, 'Marriage license') },

  // --- Preliminary Change of Ownership Report
  { id: 'pcor-1', relevant: ['Preliminary Change of Ownership Report'], body: 'Do I need a PCOR when I add my wife to the title of our house?' },
  { id: 'pcor-2', relevant: ['Preliminary Change of Ownership Report'], body: 'What is the preliminary change of ownership report and what happens if I do not include it with the deed?' },
  { id: 'pcor-3', relevant: ['Preliminary Change of Ownership Report'], body: gmail('There was a $20 charge because the change of ownership form was missing. Where do I get that form?', Q_FEES) },

  // --- Document Formatting Requirements
  { id: 'format-1', relevant: ['Document Formatting Requirements'], body: 'What are the margin requirements for documents to be recorded? Does it have to be letter size paper?' },
  { id: 'format-2', relevant: ['Document Formatting Requirements'], body: 'Our form is printed on legal size paper with a blue ink signature. Will you accept it for recording?' },
  {
    id: 'format-3',
    relevant: ['Document Formatting Requirements'],
    body: `Hi team,\n\nHow much space do we need to leave at the top of the first page for your recording stamp? And is there a font size minimum?\n\nThank you,\nAnita\n\n${DISCLAIMER}`,
  },

  // --- Electronic Recording
  { id: 'erecord-1', relevant: ['Electronic Recording'], body: 'Does Alder County accept e-recording? We are a title company and want to submit documents electronically.' },
  { id: 'erecord-2', relevant: ['Electronic Recording'], body: `How do we become an approved submitter for electronic recording?\n\n${TITLE_SIGNATURE}` },
  { id: 'erecord-3', relevant: ['Electronic Recording'], body: 'Can an individual homeowner record a deed electronically or is it only for title companies and lenders' },

  // --- Deed Preparation Help
  { id: 'deedhelp-1', relevant: ['Deed Preparation Help'], body: 'Can someone at your office help me fill out a quitclaim deed to transfer my house to my kids?' },
  { id: 'deedhelp-2', relevant: ['Deed Preparation Help'], body: 'Which deed form should I use to take my ex-husband off the title? Do you have a lawyer I can talk to?' },
  { id: 'deedhelp-3', relevant: ['Deed Preparation Help'], body: beginForwarded('Can you answer this one? She wants us to prepare a deed for her.', 'Hi, I need someone to write up a grant deed for my property so I can put it in a trust. Can the recorder do that for me?') },

  // --- Certified Copy of a Deed
  { id: 'deedcopy-1', relevant: ['Certified Copy of a Deed'], body: 'I need a certified copy of the deed to my house for the bank. How do I order it?' },
  { id: 'deedcopy-2', relevant: ['Certified Copy of a Deed', 'Property Records Search'], body: 'How can I get a copy of my grant deed? I do not have the document number.\n\nThanks,\nGeorge' },
  { id: 'deedcopy-3', relevant: ['Certified Copy of a Deed'], body: gmailWrapped('Thanks, but I actually need a copy of my deed of trust, not a birth certificate. How much per page?', 'Certified copies of birth certificates cost $32.00 each.') },

  // --- Property Records Search
  { id: 'records-search-1', relevant: ['Property Records Search'], body: 'Is there an online search for recorded documents? I want to see who owns the lot next to mine.' },
  { id: 'records-search-2', relevant: ['Property Records Search'], body: 'How far back does your official records index go? I am researching documents from the 1960s.' },
  { id: 'records-search-3', relevant: ['Property Records Search'], body: 'can I look up recorded documents by name on microfilm at your office' },

  // --- Reconveyance Not Recorded
  { id: 'reconvey-1', relevant: ['Reconveyance Not Recorded'], body: 'I paid off my mortgage 4 months ago but the reconveyance has not been recorded. What can I do?' },
  { id: 'reconvey-2', relevant: ['Reconveyance Not Recorded'], body: 'How do I get proof my home loan is paid off? The bank says they sent a full reconveyance to the trustee.' },
  { id: 'reconvey-3', relevant: ['Reconveyance Not Recorded'], body: outlook('Our loan was paid in full in 2023 and the deed of trust still shows on the property. Who records the reconveyance?', Q_DEED_COPY, 'Deed copy') },

  // --- Release of a Lien
  { id: 'lien-1', relevant: ['Release of a Lien'], body: 'A contractor put a mechanics lien on my house. I paid him. How do I get it removed from the record?' },
  { id: 'lien-2', relevant: ['Release of a Lien'], body: 'The IRS tax lien was paid off. Do I need to record the release myself?' },
  { id: 'lien-3', relevant: ['Release of a Lien'], body: 'how to record a lien release. judgment was satisfied last year' },

  // --- Homestead Declaration
  { id: 'homestead-1', relevant: ['Homestead Declaration'], body: 'What is a declaration of homestead and does it protect my house from creditors?' },
  { id: 'homestead-2', relevant: ['Homestead Declaration'], body: 'Do I need to file a homestead declaration to get the property tax exemption?' },
  { id: 'homestead-3', relevant: ['Homestead Declaration'], body: angle('I want to record a homestead on my primary residence. Does it have to be notarized?', Q_FEES) },

  // --- Property Fraud Alert
  { id: 'fraud-1', relevant: ['Property Fraud Alert'], body: 'I saw a news story about deed fraud. How can I get notified if someone records a document on my house?' },
  { id: 'fraud-2', relevant: ['Property Fraud Alert'], body: 'I got an alert email that a document was recorded under my name but I did not sign anything!! Please help' },
  { id: 'fraud-3', relevant: ['Property Fraud Alert'], body: 'Is the property fraud alert free? How do I sign up?\n\nSent from my Galaxy' },

  // --- Document Returned Unrecorded
  { id: 'rejected-1', relevant: ['Document Returned Unrecorded'], body: 'My deed came back in the mail unrecorded with a rejection notice. Why was it rejected?' },
  { id: 'rejected-2', relevant: ['Document Returned Unrecorded'], body: originalMessage('You returned our document unrecorded saying the notary acknowledgment was missing. Can we resubmit with the same payment?', Q_LOOKING) },
  { id: 'rejected-3', relevant: ['Document Returned Unrecorded'], body: 'why did you send back my document and check? it was not recorded' },

  // --- Marriage License Requirements
  { id: 'marriage-1', relevant: ['Marriage License Requirements'], body: 'What do we need to bring to get a marriage license? We are getting married in June.' },
  { id: 'marriage-2', relevant: ['Marriage License Requirements'], body: 'I was divorced last year. Do I need to bring my divorce papers to apply for a marriage licence?' },
  { id: 'marriage-3', relevant: ['Marriage License Requirements', 'Book an Appointment'], body: 'do both of us have to come in to apply for the marrige license or can my fiance come alone' },
  { id: 'marriage-4', relevant: ['Marriage License Requirements'], body: gmail('How long is a marriage license valid after we get it?', Q_HOURS) },

  // --- Confidential Marriage License
  { id: 'conf-marriage-1', relevant: ['Confidential Marriage License'], body: 'We have been living together for 5 years. Can we get a confidential marriage license instead of a public one?' },
  { id: 'conf-marriage-2', relevant: ['Confidential Marriage License'], body: 'What is the difference between a public and a confidential marriage license? Who can get a copy of a confidential one?' },
  { id: 'conf-marriage-3', relevant: ['Confidential Marriage License'], body: french('Is the confidential license fee $95? We want to keep our marriage record private.', Q_MARRIAGE) },

  // --- Civil Ceremony Booking
  { id: 'ceremony-1', relevant: ['Civil Ceremony Booking'], body: 'Can we get married at your office? We want a small civil ceremony in May with a few guests.' },
  { id: 'ceremony-2', relevant: ['Civil Ceremony Booking'], body: 'How many guests can come to a wedding ceremony at the county clerk, and are Saturdays available?' },
  { id: 'ceremony-3', relevant: ['Civil Ceremony Booking'], body: apple('what is the fee for the ceremony on top of the license', Q_MARRIAGE) },

  // --- Certified Marriage Certificate
  { id: 'marriage-cert-1', relevant: ['Certified Marriage Certificate'], body: 'I need a certified copy of my marriage certificate to change my name on my passport. How do I order one?' },
  { id: 'marriage-cert-2', relevant: ['Certified Marriage Certificate'], body: 'We got married three weeks ago. When can we order copies of the marriage certificate? The officiant returned the license.' },
  {
    id: 'marriage-cert-3',
    relevant: ['Certified Marriage Certificate'],
    body: german('Hello from Munich. I need an apostille copy of my marriage certificate from 1998 from Alder County. How much is a certified copy?', Q_HOURS),
  },

  // --- Birth Certificate Copy
  { id: 'birth-1', relevant: ['Birth Certificate Copy'], body: 'How do I get a copy of my birth certificate? I was born in Alder General Hospital in 1985.' },
  { id: 'birth-2', relevant: ['Birth Certificate Copy'], body: 'I need my sons birth certificate for his passport appointment next week. Can I order it online?\n\nThanks, Donna' },
  { id: 'birth-3', relevant: ['Birth Certificate Copy'], body: spanish('Necesito una copia de mi acta de nacimiento. Birth certificate copy please, how much does it cost?', Q_FEES) },

  // --- Death Certificate Copy
  { id: 'death-1', relevant: ['Death Certificate Copy'], body: 'My father passed away last week. How many death certificates should I order and how much are they?' },
  { id: 'death-2', relevant: ['Death Certificate Copy'], body: 'The funeral home ordered 3 death certificate copies but the bank needs another one. Can I get it from you?' },
  { id: 'death-3', relevant: ['Death Certificate Copy'], body: beginForwarded('FYI - family member asking about certified copies, see below.', 'My aunt died in Alder County in January. I am the executor and need certified copies of her death certificate for the estate.') },

  // --- Fictitious Business Name Filing
  { id: 'fbn-1', relevant: ['Fictitious Business Name Filing'], body: 'I am starting a bakery called Sweet Crumbs. Do I need to file a DBA or fictitious business name?' },
  { id: 'fbn-2', relevant: ['Fictitious Business Name Filing'], body: 'How much is the filing fee for a fictitious business name statement with two owners? And where do I publish it?' },
  { id: 'fbn-3', relevant: ['Fictitious Business Name Filing'], body: 'do i need a fictitous business name if the business uses my own last name' },

  // --- Fictitious Business Name Renewal
  { id: 'fbn-renew-1', relevant: ['Fictitious Business Name Renewal'], body: 'My fictitious business name expires next month. How do I renew it?' },
  { id: 'fbn-renew-2', relevant: ['Fictitious Business Name Renewal'], body: 'We got a reminder that our FBN statement is expiring. Nothing has changed. Do we have to publish again?' },
  { id: 'fbn-renew-3', relevant: ['Fictitious Business Name Renewal'], body: gmail('Thanks. Also our DBA was filed in 2020, does it expire after five years?', Q_HOURS) },

  // --- Notary Oath Filing
  { id: 'notary-1', relevant: ['Notary Oath Filing'], body: 'I just got my notary commission. How do I file my oath and bond with your office?' },
  { id: 'notary-2', relevant: ['Notary Oath Filing', 'Book an Appointment'], body: 'Do I need an appointment to file my notary public oath? My commission starts March 1.' },
  { id: 'notary-3', relevant: ['Notary Oath Filing'], body: 'what happens if I miss the 30 day deadline to file the notary bond' },

  // --- Office Hours and Location
  { id: 'office-hours-1', relevant: ['Office Hours and Location'], body: 'What are your office hours? Are you open at lunch?' },
  { id: 'office-hours-2', relevant: ['Office Hours and Location'], body: 'Where is the clerk recorder office located? What floor and what building?' },
  { id: 'office-hours-3', relevant: ['Office Hours and Location'], body: outlook('What time does the vital records window stop taking people? I get off work at 4.', Q_MORE_INFO, 'Records') },

  // --- Parking and Directions
  { id: 'parking-1', relevant: ['Parking and Directions'], body: 'Where do I park when I come to your office? Is there free parking?' },
  { id: 'parking-2', relevant: ['Parking and Directions'], body: 'Which bus goes to the County Administration Building? I do not drive.' },
  { id: 'parking-3', relevant: ['Parking and Directions'], body: 'is there accessible parking and a ramp at the entrance? my mom uses a walker' },

  // --- Book an Appointment
  { id: 'appt-1', relevant: ['Book an Appointment'], body: 'How do I make an appointment with the clerk? Can I book online?' },
  { id: 'appt-2', relevant: ['Book an Appointment'], body: 'I need to reschedule my appointment for Thursday. How do I change it?\n\nThank you,\nLiz Moreno\n\nSent from Mail for Windows' },
  { id: 'appt-3', relevant: ['Book an Appointment'], body: gmailWrapped('Do I need an appointment or can I walk in to record a document?', Q_FEES) },

  // --- Holiday Closure
  { id: 'holiday-1', relevant: ['Holiday Closure'], body: 'Are you closed on Monday for the holiday?' },
  { id: 'holiday-2', relevant: ['Holiday Closure'], body: 'Will the office be open the day after Thanksgiving? I need to come in.' },
  { id: 'holiday-3', relevant: ['Holiday Closure'], body: 'is the elections office closed for presidents day? can i still order certificates online' },

  // --- Payments Accepted
  { id: 'payment-1', relevant: ['Payments Accepted'], body: 'Do you take credit cards at the counter? Is there a fee?' },
  { id: 'payment-2', relevant: ['Payments Accepted'], body: 'Who should I make the check payable to? And do you accept money orders by mail?' },
  { id: 'payment-3', relevant: ['Payments Accepted'], body: apple('can i pay with apple pay or debit card', Q_DEED_COPY) },

  // --- Returned Payment
  { id: 'returned-1', relevant: ['Returned Payment'], body: 'I got a letter that my check bounced and there is a $25 fee. How do I pay it?' },
  { id: 'returned-2', relevant: ['Returned Payment'], body: originalMessage('My bank returned the check by mistake. Can you run it again or do I have to pay the returned item fee?', Q_DEED_COPY) },

  // --- Refund Request
  { id: 'refund-1', relevant: ['Refund Request'], body: 'I was charged twice for my birth certificate order. How do I get a refund?' },
  { id: 'refund-2', relevant: ['Refund Request'], body: 'I overpaid the recording fee by $12. Can I get the overpayment refunded?\n\nThanks in advance,\nPaul Kim\nKim Law Office\n(555) 010-0177' },
  { id: 'refund-3', relevant: ['Refund Request'], body: 'how long does a refund take? I sent my receipt number last month' },

  // --- Public Records Request
  { id: 'pra-1', relevant: ['Public Records Request'], body: 'I would like to make a public records request for all emails between the clerk and the vendor for the voting equipment contract.' },
  { id: 'pra-2', relevant: ['Public Records Request'], body: 'Under the Public Records Act I request copies of the vote center staffing logs for November.\n\nRegards,\nAlder Sentinel newsroom' },
  { id: 'pra-3', relevant: ['Public Records Request'], body: forwarded('Records request came into the general box, routing to you.', 'Please provide any records of complaints received about the Lincoln vote center. This is a request under the state public records law.') },

  // --- Records Request Extension
  { id: 'pra-ext-1', relevant: ['Records Request Extension'], body: 'It has been 10 days since my public records request. When will I receive the records?' },
  { id: 'pra-ext-2', relevant: ['Records Request Extension'], body: 'Why was the response time on my records request extended by 14 days?' },

  // --- Wrong Department: Property Taxes
  { id: 'taxes-1', relevant: ['Wrong Department: Property Taxes'], body: 'How do I pay my property tax bill? It is due next week.' },
  { id: 'taxes-2', relevant: ['Wrong Department: Property Taxes'], body: 'I think my property value assessment is too high. Who do I talk to about lowering my taxes?' },
  { id: 'taxes-3', relevant: ['Wrong Department: Property Taxes'], body: 'need a copy of my property tax statement for my mortgage refinance' },

  // --- Wrong Department: Court Records
  { id: 'court-1', relevant: ['Wrong Department: Court Records'], body: 'I need a copy of my divorce decree. Can I get it from your office?' },
  { id: 'court-2', relevant: ['Wrong Department: Court Records'], body: 'How do I file for a legal name change? Is that done at the clerk office?' },
  { id: 'court-3', relevant: ['Wrong Department: Court Records'], body: 'where do i file a small claims case against my landlord' },

  // --- Wrong Department: Building Permits
  { id: 'permit-1', relevant: ['Wrong Department: Building Permits'], body: 'I want to build a deck. Do I need a building permit from the county?' },
  { id: 'permit-2', relevant: ['Wrong Department: Building Permits'], body: 'Who handles zoning questions for unincorporated areas? We want to add a garage.' },

  // --- We're Looking Into It / Need More Information / Escalated to a Supervisor
  { id: 'looking-1', relevant: ["We're Looking Into It", 'Need More Information'], body: 'I sent a message last week and never heard back. Did you receive it?' },
  { id: 'more-info-1', relevant: ['Need More Information'], body: 'Hi, I have a question about a document.' },
  {
    id: 'escalate-1',
    relevant: ['Escalated to a Supervisor'],
    body: 'This is the third time I am writing. The clerk at the front counter was rude and refused to help me. I want to speak to a supervisor.',
  },
  {
    id: 'escalate-2',
    relevant: ['Escalated to a Supervisor'],
    body: gmail('I am very unhappy with how my request was handled at the counter today. I waited two hours. Please have a supervisor contact me.', Q_LOOKING),
  },

  // --- Replies whose quoted thread is about another topic, and mixed questions
  {
    id: 'mixed-1',
    relevant: ['Track My Ballot'],
    body: outlook('Great, thank you. Now a ballot question: I returned my ballot at the library drop box, how can I see it was counted?', Q_MARRIAGE, 'Marriage license'),
  },
  {
    id: 'mixed-2',
    relevant: ['Birth Certificate Copy'],
    body: gmail('Ok I will check that. Separate thing, how do I order a birth certificate for my daughter?', Q_REGISTRATION),
  },
  {
    id: 'mixed-3',
    relevant: ['Civil Ceremony Booking', 'Marriage License Requirements'],
    body: outlook('We got the license appointment, thanks! Can we also book the wedding room for a ceremony on the same day?', Q_MARRIAGE, 'Marriage license'),
  },
  {
    id: 'mixed-4',
    relevant: ['Recording Fees', 'Payments Accepted'],
    body: 'How much is it to record a deed, and can I pay the recording fee with a credit card at the counter?',
  },
  {
    id: 'mixed-5',
    relevant: ['Update Your Address'],
    body: spanish('Gracias. Otra pregunta: I moved to a new apartment in Alder. How do I update my address for voting?', Q_DEED_COPY),
  },
  {
    id: 'mixed-6',
    relevant: ['Property Fraud Alert'],
    body: originalMessage('Thank you for the copy. Is there a way to get alerts if anyone records a fraudulent deed on my property in the future?', Q_DEED_COPY),
  },
  {
    id: 'mixed-7',
    relevant: ['Poll Worker Training and Pay'],
    body: angle('When is the training class, and how much does it pay?', Q_POLL),
  },
  {
    id: 'mixed-8',
    relevant: ['Holiday Closure', 'Office Hours and Location'],
    body: gmailWrapped('Are you open on the Monday holiday? I want to come in for the deed copy.', Q_DEED_COPY),
  },
  {
    id: 'mixed-9',
    relevant: ['Fictitious Business Name Filing'],
    body: `Good morning,\n\nI am opening a small landscaping business with my brother under the name Green Valley Yard Care. What do we need to file, and how much is the fee?\n\nKind regards,\nLuis Ortega\nGreen Valley Yard Care\n(555) 010-0122\n\nGet Outlook for Android\n\n${outlook('', Q_HOURS, 'Hours')}`,
  },
  {
    id: 'mixed-10',
    relevant: ['Release of a Lien'],
    body: forwarded('Forwarding from my client. Can you tell her how to clear the lien?', 'Hello, there is a judgment lien from 2015 on my condo. The debt was paid in 2019. How do I get the lien released so I can sell?'),
  },
  {
    id: 'long-1',
    relevant: ['Signature Cure Letter'],
    body: `Good afternoon,

I hope this email finds you well. My name is Eleanor Briggs and I have lived in Alder County for almost forty years. I have always voted, every single election, and I am very upset. Today I received a letter in the mail from your office saying that the signature on my ballot envelope did not match the signature you have on file for me. I am 84 years old and my hand shakes now, so of course my signature does not look the way it did when I registered in 1979.

The letter says my ballot will not be counted unless I send back a form. I do not have a printer and I do not drive anymore. My granddaughter can bring me to the office on Saturday if that is allowed. What exactly do I need to do so that my vote counts? Is there a deadline?

Thank you for your patience with me.

Eleanor Briggs
(555) 010-0133`,
  },
  {
    id: 'long-2',
    relevant: ['Document Formatting Requirements', 'Recording Fees'],
    body: `Hello,

We represent a small credit union and record perhaps a dozen documents a year, mostly reconveyances and assignments. Our staff member who handled recordings retired and nobody left knows the rules. Before we send the next batch I want to make sure the pages are set up correctly: paper size, margins, the blank space for your stamp at the top, and whether you charge more when a document does not meet the standard format. We would rather get it right the first time than have things rejected.

Best regards,

Marcus Feld
Operations Manager
Alder Valley Credit Union

${DISCLAIMER}`,
  },
  {
    id: 'long-3',
    relevant: ['Death Certificate Copy'],
    body: outlook(
      `Hello again,

Thank you for your earlier answer about the hours. I am writing for my mother. My stepfather passed away at home on February 12 and the funeral home told us they would order the death certificates, but they only got two and now the insurance company, the pension and the DMV all want an original certified copy. How do we order three more, and can my mother order them or does it have to be me? She is his wife.

Thanks,
Sandra`,
      Q_HOURS,
      'Office hours',
    ),
  },
  { id: 'short-1', relevant: ['Vote Center Hours', 'Office Hours and Location'], body: 'hours?' },
  { id: 'short-2', relevant: ['Marriage License Requirements'], body: 'marriage license' },
  { id: 'short-3', relevant: ['Request a Replacement Ballot', 'Track My Ballot'], body: 'no ballot yet' },
  { id: 'short-4', relevant: ['Recording Fees'], body: 'recording fee?' },
  { id: 'short-5', relevant: ['Certified Copy of a Deed'], body: 'deed copy pls' },
  {
    id: 'typo-1',
    relevant: ['Voter Registration Deadline'],
    body: 'wen is the dedline to registar to vote?? i herd its soon',
  },
  { id: 'typo-2', relevant: ['Birth Certificate Copy'], body: 'how to get my birth certficate copie' },
  { id: 'typo-3', relevant: ['Reconveyance Not Recorded'], body: 'paid off morgage but reconveyence never recorded' },
  { id: 'typo-4', relevant: ['Confidential Marriage License'], body: 'confidental marrage liscense how much' },
  { id: 'typo-5', relevant: ['Poll Worker Application'], body: 'want to be a pole worker how to aply' },
  {
    id: 'disclaimer-1',
    relevant: ['Electronic Recording'],
    body: `Please confirm whether your office supports e-recording through our submitting portal vendor.\n\nThanks,\nKaren\n\n${DISCLAIMER}\n\n${originalMessage('', Q_FEES)}`,
  },
  {
    id: 'disclaimer-2',
    relevant: ['Reconveyance Not Recorded'],
    body: `Our borrower paid the loan in full in October. The trustee has not recorded the reconveyance yet. What are the borrower's options?\n\n${TITLE_SIGNATURE}\n\n${DISCLAIMER}`,
  },
  {
    id: 'forward-1',
    relevant: ['Military and Overseas Voters'],
    body: forwarded('', 'I am stationed in Japan with the Air Force and need a ballot for the upcoming election. Can it be emailed?'),
  },
  {
    id: 'forward-2',
    relevant: ['Candidate Statement Fees'],
    body: beginForwarded('Can Elections answer this?', 'How much does a candidate statement cost for city council in the voter guide, and when is it due?'),
  },
];
