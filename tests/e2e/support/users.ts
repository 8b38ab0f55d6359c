/**
 * Users of the end-to-end suite, created by its server launcher (`support/server.ts`) next to the
 * demo account, so tests that change passwords or lock a user out never touch a demo user.
 *
 * Each test changes its user for good (a new password, a lockout), and one server serves every
 * run of a `playwright test` invocation, `--repeat-each` and retries included. So every role has
 * one user per run: `e2eUserFor(role, testInfo)` picks the user of this run.
 */
import type { TestInfo } from '@playwright/test';
import { DEMO_ACCOUNT, DEMO_DOMAIN, DEMO_TEAMS } from '../../../server/seed/demo-data';
import { frequentTeam } from './frequent-blocks';
import { HOSTILE_TEAM } from './hostile-blocks';
import { LINE_TEAM } from './line-blocks';
import { GREETING_TEAM, SIGNED_TEAM } from './signed-blocks';
import { WORDING_TEAM } from './wording-blocks';

/** What each e2e user signs in with at first (meets the pool's policy). */
export const E2E_PASSWORD = 'E2e-First-Password-1!';

export const E2E_ROLES = [
  /** Forgot password, retrieve account with the emailed code, sign in with the new password. */
  'recovery',
  /** Change password: wrong current password, policy refusals, then a successful change. */
  'change-password',
  /** Change password until the pool locks the user (LimitExceededException). */
  'lockout',
  /** Signed in while the token lifetime is short: refreshed before it expires (token-refresh.spec.ts). */
  'refresh',
  /** Signed in, then every refresh token revoked: signed out at the next refresh (token-refresh.spec.ts). */
  'revoked',
  /** Uses blocks from Home until they show under Frequently Used, in a team of each run's own (home.spec.ts, support/frequent-blocks.ts). */
  'blocks',
  /** Uses a block 100 times through a flaky network and a reload (outbox.spec.ts). */
  'outbox',
  /** Logs out while a record cannot be sent, then signs in again (outbox.spec.ts). */
  'outbox-logout',
  /** Signs in with Playwright's clock, is refreshed, logs out (sessions.spec.ts). */
  'sessions',
  /** Signs in after the 'sessions' user logged out on the same page: a session of its own (sessions.spec.ts). */
  'sessions-next',
  /** Idles past the deployment's session idle time, then moves the mouse (sessions.spec.ts). */
  'sessions-idle',
  /** Closes the pane after an interaction (sessions.spec.ts). */
  'sessions-close',
  /** Uses blocks in an Outlook compose item from the task pane (outlook-blocks.spec.ts). */
  'outlook-blocks',
  /** Uses a block for an email nothing matches, then sees it recommended for a second such email (learning.spec.ts). */
  'outlook-learning',
  /** Uses a block while reading in Outlook: a reply form opens (outlook-blocks.spec.ts). */
  'outlook-reply',
  /** Uses a block in an Outlook compose item whose body is plain text (outlook-blocks.spec.ts). */
  'outlook-text-body',
  /** Uses a block whose file Outlook cannot download: inserted, with a note (outlook-blocks.spec.ts). */
  'outlook-attachment-note',
  /** Uses a block in an Outlook that supports only Mailbox 1.2 (outlook-blocks.spec.ts). */
  'outlook-older-client',
  /** Uses a block in Gmail's compose from the side panel (extension-blocks.spec.ts). */
  'gmail-blocks',
  /** Uses a block in Gmail's compose after its Cannery button opened the side panel (extension-blocks.spec.ts). */
  'gmail-compose-button',
  /** Uses a block with a question and a cursor in Gmail's compose from the side panel (extension-blocks.spec.ts). */
  'gmail-variables',
  /** Uses a block in a textarea from the keyboard picker (extension-blocks.spec.ts). */
  'text-field-textarea',
  /** Uses a block in an input from the keyboard picker (extension-blocks.spec.ts). */
  'text-field-input',
  /** Uses a block in a contenteditable from the keyboard picker (extension-blocks.spec.ts). */
  'text-field-contenteditable',
  /** Uses a block with a question and a cursor in a textarea from the keyboard picker (extension-blocks.spec.ts). */
  'text-field-variables',
  /** Previews and inserts every hostile block of the 'Hostile Samples' team (xss.spec.ts). */
  'xss',
  /** Suggests a block from Home's 'Suggest New Block'; the server stores it for this user (suggest.spec.ts). */
  'suggest',
  /**
   * Answers the classification panel on Home; the server stores the answer for this user
   * (classification.spec.ts). Elections, the default team, is among the demo account's
   * classification teams (server/seed.ts), so the panel shows for these users.
   */
  'classification',
  /** Works through an Elections checklist: tasks, blocks used, Complete; the server keeps the run (checklist-run.spec.ts). */
  'checklist-run',
  /** Turns on an authenticator app, signs in with codes, remembers and forgets the device (mfa.spec.ts). */
  'mfa',
  /** Signed in while pages try to borrow the picker, and while one covers it (extension-security.spec.ts). */
  'picker-security',
  /** Inserts a block from the picker into every row of the editor matrix, and the line samples (editor-matrix.spec.ts). */
  'editor-matrix',
  /** Types "Hello Jordan," in the playground's compose and inserts the line samples (line-breaks.spec.ts). */
  'lines-playground',
  /** Types "Hello Jordan," in Gmail's compose and inserts the line samples from the side panel (line-breaks.spec.ts). */
  'lines-gmail',
  /** Inserts the line samples after "Hello Jordan," in an Outlook compose item (line-breaks.spec.ts). */
  'lines-outlook',
  /** A password user without a name: is asked for it by a signed block, then sets it in Settings (variables.spec.ts). */
  'variables-names',
  /** A password user without a name, using a signed block in an Outlook compose item (outlook-blocks.spec.ts). */
  'outlook-variables',
  /** Reads an email in the public's own word, before and after the account admin adds it as a synonym (synonyms.spec.ts). */
  'synonyms',
  /** Stars blocks in Gmail's side panel, finds one in the picker and unstars it there with the keyboard (favourites.spec.ts). */
  'favourites-extension',
  /** Stars a block in the playground's task pane, below Recommended (favourites.spec.ts). */
  'favourites-playground',
  /** Types a block's shortcut and a space in Gmail's compose and in every row of the editor matrix (shortcut-matrix.spec.ts). */
  'shortcuts',
  /** Front Counter and Elections: answers from the Elections shared mailbox in Outlook, then from her own inbox (shared-mailboxes.spec.ts). */
  'shared-mailbox',
  /** Front Counter and Elections: reads the Elections shared mailbox in Outlook without Write permission (shared-mailboxes.spec.ts). */
  'shared-read-only',
  /** Front Counter and Elections: answers in Gmail as the delegate of the Elections account and from its alias (shared-mailboxes.spec.ts). */
  'shared-gmail',
  /** Looks for the wording samples in the playground, Gmail's side panel and the picker: the ended one is not there (wording.spec.ts). */
  'wording-staff',
  /** Admin of Wording Samples: sees the ended block marked, schedules a change, approves an editor's (wording.spec.ts). */
  'wording-admin',
  /** Editor of Wording Samples, whose changes wait for approval (wording.spec.ts). */
  'wording-editor',
  /** A Spanish email, then an English one, in each host: the blocks read in the email's language (languages.spec.ts). */
  'languages-playground',
  'languages-outlook',
  'languages-gmail',
  /** Home from the keyboard alone: the classification question, the team selector, a category, a preview, a star (keyboard-pane.spec.ts). */
  'keyboard-home',
  /** Shows more of Recommended and uses a block it revealed, with the keyboard alone (keyboard-pane.spec.ts). */
  'keyboard-more',
  /** A checklist worked through from the keyboard alone, the Complete dialog included (keyboard-pane.spec.ts). */
  'keyboard-checklist',
  /** Suggests a block from the keyboard alone, its error first (keyboard-pane.spec.ts). */
  'keyboard-suggest',
  /** Turns on an authenticator app and signs in with a code from the keyboard alone (keyboard-pane.spec.ts). */
  'keyboard-mfa',
  /** Uses blocks in an Outlook compose item from the keyboard alone (keyboard-hosts.spec.ts). */
  'keyboard-outlook',
  /** Uses a block in Gmail's compose from the side panel with the keyboard alone (keyboard-hosts.spec.ts). */
  'keyboard-gmail',
  /** Opens the text-field picker with its shortcut, closes it with Escape and inserts from it (keyboard-hosts.spec.ts). */
  'keyboard-picker',
] as const;
export type E2eRole = (typeof E2E_ROLES)[number];

/** The teams of each role's users: Elections, unless the role needs other blocks. */
const ROLE_TEAMS: Partial<Record<E2eRole, readonly string[]>> = {
  xss: [HOSTILE_TEAM.id],
  'editor-matrix': [DEMO_TEAMS.elections.id, LINE_TEAM.id],
  'lines-playground': [LINE_TEAM.id],
  'lines-gmail': [LINE_TEAM.id],
  'lines-outlook': [LINE_TEAM.id],
  'variables-names': [SIGNED_TEAM.id],
  'outlook-variables': [SIGNED_TEAM.id],
  shortcuts: [DEMO_TEAMS.elections.id, GREETING_TEAM.id],
  'shared-mailbox': [DEMO_TEAMS.frontCounter.id, DEMO_TEAMS.elections.id],
  'shared-read-only': [DEMO_TEAMS.frontCounter.id, DEMO_TEAMS.elections.id],
  'shared-gmail': [DEMO_TEAMS.frontCounter.id, DEMO_TEAMS.elections.id],
  'wording-staff': [WORDING_TEAM.id],
  'wording-admin': [WORDING_TEAM.id],
  'wording-editor': [WORDING_TEAM.id],
  'languages-playground': [DEMO_TEAMS.elections.id, DEMO_TEAMS.recorder.id],
  'languages-outlook': [DEMO_TEAMS.elections.id, DEMO_TEAMS.recorder.id],
  'languages-gmail': [DEMO_TEAMS.elections.id, DEMO_TEAMS.recorder.id],
  'keyboard-home': [DEMO_TEAMS.elections.id, DEMO_TEAMS.frontCounter.id],
};

/** The teams each role's users administer. */
const ROLE_ADMIN_TEAMS: Partial<Record<E2eRole, readonly string[]>> = {
  'wording-admin': [WORDING_TEAM.id],
};
const DEFAULT_TEAMS: readonly string[] = [DEMO_TEAMS.elections.id];

/**
 * Users per role, hence runs of each test one server supports (`--repeat-each` times retries + 1).
 * Five matches the pool's own limit: each recovery run asks for two reset codes, and one address
 * may ask for ten an hour (`codeRequestsPerIp` in server/identity/limits.ts).
 */
export const E2E_RUNS_PER_SERVER = 5;

export interface E2eUser {
  email: string;
  password: string;
  accountId: string;
  teams: string[];
  adminTeams: string[];
}

export function e2eUser(role: E2eRole, run: number): E2eUser {
  if (!Number.isInteger(run) || run < 0 || run >= E2E_RUNS_PER_SERVER) {
    throw new Error(
      `The e2e server has ${E2E_RUNS_PER_SERVER} "${role}" users, one per run; run ${run} has none. ` +
        `Use fewer --repeat-each or retries, or raise E2E_RUNS_PER_SERVER in tests/e2e/support/users.ts.`,
    );
  }
  return {
    email: `e2e-${role}-${run}@${DEMO_DOMAIN}`,
    password: E2E_PASSWORD,
    accountId: DEMO_ACCOUNT.id,
    // Frequently Used counts every member's uses: each run's user is alone in a team of its own.
    teams: role === 'blocks' ? [frequentTeam(run).id] : [...(ROLE_TEAMS[role] ?? DEFAULT_TEAMS)],
    adminTeams: [...(ROLE_ADMIN_TEAMS[role] ?? [])],
  };
}

/** Every user the launcher creates. */
export function allE2eUsers(): E2eUser[] {
  return E2E_ROLES.flatMap((role) => Array.from({ length: E2E_RUNS_PER_SERVER }, (_, run) => e2eUser(role, run)));
}

/** The user of this run of a test: each repetition and each retry gets a fresh one. */
export function e2eUserFor(role: E2eRole, testInfo: Pick<TestInfo, 'repeatEachIndex' | 'retry' | 'project'>): E2eUser {
  return e2eUser(role, testInfo.repeatEachIndex * (testInfo.project.retries + 1) + testInfo.retry);
}
