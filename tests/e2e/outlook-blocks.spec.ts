import { expect, test, type Page } from '@playwright/test';
import { DEMO_BLOCKS } from '../../server/seed/demo-data';
import type { FakeItemSpec } from '../fixtures/office/fake-office-control';
import { fakeOutlook, openTaskPane } from './support/outlook';
import { logInToHome } from './support/sign-in';
import { documentScreenshot } from './support/screenshots';
import { SIGNED_BLOCK } from './support/signed-blocks';
import { sentRecordsOf } from './support/usage-probe';
import { e2eUserFor, type E2eRole } from './support/users';
import { failOnPageErrors } from './support/page-errors';

/**
 * Using a block from Home in the Outlook task pane, on the fake Office.js (tests/fixtures/office),
 * with a real password sign-in against the e2e server: compose mode inserts at the cursor and sets
 * the block's subject, Cc and attachments; read mode opens a reply form that carries the block; a
 * message in plain-text format gets the block's text; a file Outlook cannot download leaves a note
 * naming it; an older Outlook (Mailbox 1.2) says on Home what it cannot do. Every use is recorded
 * with context 'outlook'.
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
  // Outlook did all of it: no error and nothing reported as skipped; a screen reader hears what went in.
  await expect(page.getByRole('status')).toHaveText(`Inserted ${signatureCure.name}.`);

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
  await expect(page.getByRole('status')).toHaveText(`Inserted ${candidateFiling.name}.`);

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
  await expect(page.getByRole('status')).toHaveText(`Inserted ${trackMyBallot.name}.`);

  const uses = await recordedUses(user.email, 1);
  expect(uses).toEqual([expect.objectContaining({ contextUsed: 'outlook', uiSource: 'search', n: 1 })]);
});

test('writing an email: a file Outlook cannot download does not stop the block, and the pane names it', async ({ page }) => {
  const user = await openHome(page, 'outlook-attachment-note', { mode: 'compose', to: [jordan], bodyHtml: '<p>Dear Jordan,</p>', cursor: 'end' });
  const outlook = fakeOutlook(page);
  const file = signatureCure.attachments![0]!;
  // What Outlook on the web reports when the upload of a file attachment fails.
  await outlook.failNext('addFileAttachmentAsync', { name: 'AttachmentUploadGeneralFailure', code: 9006, message: 'The attachment cannot be added to the item.' });

  await useBlock(page, signatureCure.name);
  await expect(page.getByRole('status')).toHaveText(
    `Inserted. The attachment "${file.name}" could not be added: Outlook could not download it from ${file.url}. Attach it by hand if the email needs it.`,
  );
  expect(await outlook.composeBody()).toContain('<p>Thank you for voting in this election.');
  expect(await outlook.composeState()).toMatchObject({ subject: signatureCure.subjectLine, attachments: [] });

  const uses = await recordedUses(user.email, 1);
  expect(uses).toEqual([expect.objectContaining({ contextUsed: 'outlook', n: 1 })]);
});

test('an older Outlook (Mailbox 1.2) says what it cannot do, and a reply still carries the block', async ({ page }) => {
  const user = e2eUserFor('outlook-older-client', test.info());
  await openTaskPane(page, {
    item: { mode: 'read', subject: 'Was my ballot counted?', from: jordan, body: 'Hello,\nwhat do I do about my signature?' },
    config: { mailboxVersion: '1.2' },
    hash: '#/login',
  });
  await logInToHome(page, user.email, user.password);
  const outlook = fakeOutlook(page);
  // Without Mailbox 1.3 the email's text cannot be read: Home explains instead of failing.
  await expect(page.getByText("This version of Outlook does not let add-ins read the email, so Cannery cannot recommend blocks or fill in the sender's details. Blocks can still be inserted; updating Outlook brings the rest back.")).toBeVisible();
  await expect(page.getByText('Please select a block to auto-create an email reply to Jordan Lee')).toBeVisible();
  expect(await outlook.calls()).not.toContain('body.getAsync');

  await useBlock(page, signatureCure.name);
  await expect.poll(() => outlook.insertions()).toEqual([
    { method: 'displayReplyForm', htmlBody: expect.stringContaining('<p>Thank you for voting in this election.'), attachments: [{ type: 'file', ...signatureCure.attachments![0] }] },
  ]);
  await expect(page.getByRole('status')).toHaveText("A reply with the block is open. This host cannot take the block's subject line.");
  await recordedUses(user.email, 1);
});

test("a block's values Outlook does not tell for sure are asked in the task pane: the recipient's first name guessed from the address, and the user's name", async ({ page }) => {
  const before = '<p>Hello,</p>';
  const user = await openHome(page, 'outlook-variables', {
    mode: 'compose',
    subject: 'RE: Replacement ballot',
    to: [{ displayName: '', emailAddress: 'jordan.smith@example.org' }],
    bodyHtml: before,
    cursor: before.length,
  });
  const outlook = fakeOutlook(page);
  await useBlock(page, SIGNED_BLOCK.name);
  const dialog = page.getByRole('dialog', { name: SIGNED_BLOCK.name });
  await expect(dialog.getByRole('textbox', { name: "Recipient's first name" })).toHaveValue('Jordan');
  await dialog.getByRole('textbox', { name: 'Your name' }).fill('Dana Whitfield');
  await dialog.getByRole('button', { name: 'Insert' }).click();
  await expect.poll(() => outlook.insertions()).toHaveLength(1);
  const [body] = await outlook.insertions();
  expect(body).toMatchObject({ method: 'setSelectedDataAsync', coercionType: 'html' });
  expect(body).toMatchObject({ data: expect.stringContaining('Dear Jordan,') });
  expect(body).toMatchObject({ data: expect.stringContaining('Kind regards,<br>Dana Whitfield') });
  expect(await recordedUses(user.email, 1)).toEqual([expect.objectContaining({ contextUsed: 'outlook', n: 1 })]);
});
