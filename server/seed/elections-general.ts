/**
 * Demo blocks of the Elections team outside any category: how to reach the office, a referral to
 * the supervisor, a thank-you for voting (after the categorised ones of `elections.ts`).
 */
import { CHAT, EMAIL, html, mailbox, site, type DemoBlock } from './common';

const team = 'elections';

export const ELECTIONS_GENERAL_BLOCKS: DemoBlock[] = [
  {
    name: 'Elections Contact Info',
    team,
    categories: [],
    contexts: CHAT,
    body: html(
      '<p>The Elections Office is open Monday to Friday, 8:00 a.m. to 5:00 p.m., and longer hours before each election. Call (555) 555-0140 or email ',
      `<a href="mailto:${mailbox('elections')}">${mailbox('elections')}</a>.</p>`,
    ),
  },
  {
    name: 'Referred to Elections Supervisor',
    team,
    categories: [],
    contexts: EMAIL,
    body: html(
      '<p>Thank you for bringing this to our attention. I have shared your message with the Elections supervisor, ',
      'who reviews questions about election procedures and complaints about a vote center.</p>',
      '<p>You can expect a response within three business days. If your question concerns voting in a current election, ',
      'please call (555) 555-0141 so we can help you before the polls close.</p>',
    ),
  },
  {
    name: 'Thank You for Voting',
    team,
    categories: [],
    contexts: CHAT,
    body: html(
      '<p>Thank you for voting! You can follow your ballot with Ballot Tracker, and results are posted at ',
      `<a href="${site('elections/results')}">aldercounty.example/elections/results</a> starting at 8:15 p.m. on Election Day.</p>`,
    ),
  },
];
