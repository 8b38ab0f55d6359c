import { expect, test, type Page } from '@playwright/test';
import { DEMO_BLOCKS } from '../../server/seed/demo-data';
import type { FakeItemSpec } from '../fixtures/office/fake-office-control';
import { fakeOutlook, openTaskPane } from './support/outlook';
import { logInToHome } from './support/sign-in';
import { documentScreenshot } from './support/screenshots';
import { sentRecordsOf } from './support/usage-probe';
import { e2eUserFor, type E2eRole } from './support/users';
import { failOnPageErrors } from './support/page-errors';

/**
 * Using a block from Home in the Outlook task pane, on the fake Office.js (tests/fixtures/office),
 * with a real password sign-in against the e2e server: compose mode inserts at the cursor and sets
 * the block's subject, Cc and attachments; read mode opens a reply form that carries the block; a
 * message in plain-text format gets the block's text. Every use is recorded with context 'outlook'.
 * The e2e users are in the Elections team only, so the blocks are Elections blocks shown in Outlook.
 */

function demoBlock(name: string) {
  const block = DEMO_BLOCKS.find((candidate) => candidate.name === name);
  if (!block?.contexts.includes('outlook') || block.team !== 'elections') throw new Error(`No Elections block "${name}" for Outlook in the demo data`);
  return block;
}

const signatureCure = demoBlock('Signature Cure Letter');
const candidateFiling = demoBlock('Candidate Filing Period');
const trackMyBallot = demoBlock('Track My Ballot');

const jordan = { displayName: 'Jordan Lee', emailAddress: 'jordan.lee@example.org' };

/** Opens the task pane on `item`, signs in as the role's user of this run and goes Home. */
async function openHome(page: Page, role: E2eRole, item: FakeItemSpec) {
  const user = e2eUserFor(role, test.info());
  await openTaskPane(page, { item, hash: '#/login' });
  await logInToHome(page, user.email, user.password);
  return user;
}

/** Finds a block by name with Home's search box and clicks it, as a user would. */
async function useBlock(page: Page, name: string) {
  await page.getByRole('searchbox', { name: 'Search name or content' }).fill(name);
  await page.getByRole('list', { name: 'Search results' }).getByRole('button', { name, exact: true }).click();
}

/** Waits until the server stored `count` uses of `email`'s blocks, and returns them. */
async function recordedUses(email: string, count: number) {
  await expect.poll(async () => (await sentRecordsOf(email)).reduce((sum, row) => sum + row.n, 0), { timeout: 15_000 }).toBe(count);
  return sentRecordsOf(email);
}

// Neither the task pane nor anything it opens may throw.
failOnPageErrors();

test('writing an email: a click inserts the block at the cursor and sets its subject, Cc and attachments', async ({ page }) => {
  const before = '<p>Dear Jordan,</p>';
  const after = '<p>Kind regards,<br>Elections Office</p>';
  const user = await openHome(page, 'outlook-blocks', {
    mode: 'compose',
    subject: 'RE: My ballot',
    to: [jordan],
    bodyHtml: before + after,
    cursor: before.length,
  });
  const outlook = fakeOutlook(page);
  await expect(page.getByText('Please select a block to auto-create an email reply to Jordan Lee')).toBeVisible();

  await useBlock(page, signatureCure.name);
  await expect.poll(() => outlook.insertions()).toHaveLength(3);
  const [body, subject, attachment] = await outlook.insertions();
  // The block's HTML, formatting and links kept, at the cursor, followed by its subject and its file.
  expect(body).toEqual({ method: 'setSelectedDataAsync', data: expect.stringContaining('<em>Signature Verification Statement</em>'), coercionType: 'html' });
  expect(body).toMatchObject({ data: expect.stringContaining('<a href="mailto:ballotcure@aldercounty.example"') });
  expect(subject).toEqual({ method: 'subject.setAsync', subject: signatureCure.subjectLine });
  expect(attachment).toEqual({ method: 'addFileAttachmentAsync', ...signatureCure.attachments![0] });
  const composed = await outlook.composeBody();
  expect(composed.startsWith(`${before}<p>Thank you for voting in this election.`)).toBe(true);
  expect(composed.endsWith(`call us right away at (555) 555-0142.</p>${after}`)).toBe(true);
  expect(await outlook.composeState()).toMatchObject({
    subject: signatureCure.subjectLine,
    cc: [],
    attachments: [{ name: 'Signature Verification Statement.pdf', url: signatureCure.attachments![0]!.url }],
  });
  // Outlook did all of it: no error and nothing reported as skipped.
  await expect(page.getByRole('status')).toHaveText('');

  // A block with Cc: the address is added, and the block goes after the first one, where the cursor moved.
  await useBlock(page, candidateFiling.name);
  await expect.poll(() => outlook.insertions()).toHaveLength(6);
  expect((await outlook.insertions()).slice(3)).toEqual([
    { method: 'setSelectedDataAsync', data: expect.stringContaining('Thank you for your interest in running for office.'), coercionType: 'html' },
    { method: 'cc.addAsync', recipients: candidateFiling.cc },
    { method: 'addFileAttachmentAsync', ...candidateFiling.attachments![0] },
  ]);
  expect(await outlook.composeBody()).toMatch(/0142\.<\/p><p>Thank you for your interest in running for office\..*<\/p><p>Kind regards,<br>Elections Office<\/p>$/);
  expect((await outlook.composeState()).cc).toEqual([expect.objectContaining({ emailAddress: 'candidates@aldercounty.example' })]);
  await expect(page.getByRole('status')).toHaveText('');

  const uses = await recordedUses(user.email, 2);
  expect(uses).toEqual([
    expect.objectContaining({ contextUsed: 'outlook', uiSource: 'search', n: 1 }),
    expect.objectContaining({ contextUsed: 'outlook', uiSource: 'search', n: 1 }),
  ]);
});

test('reading an email: a click opens a reply form that carries the block and its attachment', async ({ page }) => {
  const user = await openHome(page, 'outlook-reply', {
    mode: 'read',
    subject: 'Was my ballot counted?',
    from: jordan,
    body: 'Hello,\nBallot Tracker says there is a problem with the signature on my ballot envelope. What do I do?\nJordan',
  });
  const outlook = fakeOutlook(page);
  await expect(page.getByText('Please select a block to auto-create an email reply to Jordan Lee')).toBeVisible();

  await useBlock(page, signatureCure.name);
  await expect.poll(() => outlook.insertions()).toEqual([
    {
      method: 'displayReplyForm',
      htmlBody: expect.stringContaining('<p>Thank you for voting in this election.'),
      attachments: [{ type: 'file', ...signatureCure.attachments![0] }],
    },
  ]);
  expect((await outlook.insertions())[0]).toMatchObject({ htmlBody: expect.stringContaining('<em>Signature Verification Statement</em>') });
  // A reply form has no subject to set: the pane says so in one line.
  await expect(page.getByRole('status')).toHaveText("A reply with the block is open. This host cannot take the block's subject line.");
  await documentScreenshot(page, 'outlook-reply');

  const uses = await recordedUses(user.email, 1);
  expect(uses).toEqual([expect.objectContaining({ contextUsed: 'outlook', uiSource: 'search', n: 1 })]);
});

test('writing an email in plain-text format: the block goes in as text, at the cursor', async ({ page }) => {
  const user = await openHome(page, 'outlook-text-body', {
    mode: 'compose',
    bodyType: 'text',
    to: [jordan],
    body: 'Dear Jordan,\nKind regards',
    cursor: 'Dear Jordan,<br>'.length,
  });
  const outlook = fakeOutlook(page);

  await useBlock(page, trackMyBallot.name);
  await expect.poll(() => outlook.insertions()).toHaveLength(1);
  const [insertion] = await outlook.insertions();
  expect(insertion).toEqual({ method: 'setSelectedDataAsync', data: expect.stringContaining('You can follow your mail ballot with Ballot Tracker'), coercionType: 'text' });
  const text = (insertion as { data: string }).data;
  // Text only: no markup reaches a plain-text message; the link keeps its address in the text.
  expect(text).not.toMatch(/<[a-z/]/i);
  expect(text).toContain('https://www.aldercounty.example/elections/track');
  expect(await outlook.calls()).toContain('body.getTypeAsync');
  const composed = await outlook.composeBody();
  expect(composed.startsWith('Dear Jordan,<br>You can follow your mail ballot with Ballot Tracker')).toBe(true);
  expect(composed.endsWith('Kind regards')).toBe(true);
  await expect(page.getByRole('status')).toHaveText('');

  const uses = await recordedUses(user.email, 1);
  expect(uses).toEqual([expect.objectContaining({ contextUsed: 'outlook', uiSource: 'search', n: 1 })]);
});
