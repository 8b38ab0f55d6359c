import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { MailItem } from '../../../hosts/host';
import type { Block } from '../../../src/api/contract/block';
import { CURSOR_MARKER } from '../../../src/domain/cursor-marker';
import { signedInState } from '../../../src/state/auth';
import { insertRequestFor } from '../../../src/insert/use-insert-block';
import { personAnswered } from '../../../src/insert/variable-values';
import { DEFAULT_TEAM_ID, makeAccount, makeBlock, makeTeam, makeUser, resetFactoryIds } from '../../fixtures/factories';
import { renderApp } from '../support/render-app';
import { makeFakeHost, type FakeHost } from '../fake-host';
import { unsignedJwt } from '../support/unsigned-jwt';

/** A fake host whose insertions a test can inspect. */
function hostReading(item: MailItem, overrides: Parameters<typeof makeFakeHost>[0] = {}) {
  const insertBlock = vi.fn(() => Promise.resolve({ outcome: 'inserted' as const, skipped: [] }));
  const host = makeFakeHost({ insertBlock, ...overrides });
  host.item = item;
  return { host, insertBlock };
}
import { makeHomeApi } from '../support/home-api';

// DOMPurify does not run on happy-dom (see sanitize-html.ts; it is tested in Chromium): a marker
// proves every filled body passes through the sanitiser before it is inserted.
vi.mock('../../../src/sanitize/sanitize-html', () => ({
  sanitizeBlockHtml: (html: string) => `<span data-sanitised="">${html}</span>`,
  blockHtmlToPlainText: (html: string) => html.replace(/<[^>]+>/g, ''),
}));

const team = makeTeam({ _id: DEFAULT_TEAM_ID, name: 'Elections' });
const user = makeUser({ email: 'clerk@aldercounty.example' });
const reading: MailItem = {
  mode: 'read',
  itemId: 'item-1',
  bodyText: 'Hello there.',
  sender: { displayName: 'Maria Lopez', emailAddress: 'maria.lopez@example.com' },
  recipients: [],
  subject: 'Ballot',
};

let followUp: Block;
let hours: Block;

beforeEach(() => {
  resetFactoryIds();
  followUp = makeBlock({
    name: 'Ballot Status Follow-up',
    body: '<p>Dear {{sender.firstName}},</p><p>Your ballot {{ask:Ballot tracking number|AB-0000}} is {{ask:Status}}. {{cursor}}</p><p>{{me.email}}</p>',
    subjectLine: 'Ballot {{ask:Ballot tracking number}}',
  });
  hours = makeBlock({ name: 'Vote Center Hours', body: '<p>Vote centers are open from 8 to 8.</p>', subjectLine: 'Hours' });
});

function renderHome(host: FakeHost) {
  const api = makeHomeApi({ user, teams: [team], account: makeAccount({ hasPhoneFlowAccess: false }), blocks: [followUp, hours] });
  return { ...renderApp('#/home', { api, host, auth: signedInState('cognito', `fake-id.${user.email}.1`, null) }), api };
}

describe('using a block with variables', () => {
  it('asks its questions in a dialog titled with its name, then inserts the answers and the email\'s values, sanitised, and records the use', async () => {
    const { host, insertBlock } = hostReading(reading);
    const { user: person, api } = renderHome(host);

    await person.click(await screen.findByRole('button', { name: 'Ballot Status Follow-up' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ballot Status Follow-up' });
    const number = within(dialog).getByRole('textbox', { name: 'Ballot tracking number' });
    const status = within(dialog).getByRole('textbox', { name: 'Status' });
    // Each question once, prefilled with its default, the first one focused.
    expect((number as HTMLInputElement).value).toBe('AB-0000');
    expect((status as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(document.activeElement).toBe(number));
    expect(insertBlock).not.toHaveBeenCalled();

    await person.clear(number);
    await person.type(number, 'AB-1234');
    await person.type(status, 'received <b>& counted</b>{Enter}');

    await waitFor(() => expect(insertBlock).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(insertBlock).toHaveBeenCalledWith({
      html: `<span data-sanitised=""><p>Dear Maria,</p><p>Your ballot AB-1234 is received &lt;b&gt;&amp; counted&lt;/b&gt;. ${CURSOR_MARKER}</p><p>clerk@aldercounty.example</p></span>`,
      text: `Dear Maria,Your ballot AB-1234 is received &lt;b&gt;&amp; counted&lt;/b&gt;. ${CURSOR_MARKER}clerk@aldercounty.example`,
      subjectLine: 'Ballot AB-1234',
    });
    await waitFor(() => expect(api.records).toHaveLength(1));
    // The record keeps the block as written.
    expect(api.records[0]!.body).toMatchObject({ autoResponseId: followUp._id, autoResponseContent: followUp.body, subjectLine: followUp.subjectLine });
  });

  it('Cancel and Escape insert nothing and record nothing', async () => {
    const { host, insertBlock } = hostReading(reading);
    const { user: person, api } = renderHome(host);

    await person.click(await screen.findByRole('button', { name: 'Ballot Status Follow-up' }));
    await person.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // The rest of the screen is hidden from assistive technology while the dialog is open.
    await person.click(await screen.findByRole('button', { name: 'Ballot Status Follow-up' }));
    await screen.findByRole('dialog');
    await person.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(insertBlock).not.toHaveBeenCalled();

    // The next use is recorded alone.
    await person.click(await screen.findByRole('button', { name: 'Vote Center Hours' }));
    await waitFor(() => expect(api.records).toHaveLength(1));
    expect(api.records[0]!.body.autoResponseId).toBe(hours._id);
  });

  it('inserts a block without variables exactly as before, without reading the item or asking', async () => {
    const readItem = vi.fn(() => Promise.resolve(reading));
    const { host, insertBlock } = hostReading(reading, { readItem });
    const { user: person } = renderHome(host);

    await person.click(await screen.findByRole('button', { name: 'Vote Center Hours' }));
    await waitFor(() => expect(insertBlock).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(readItem).not.toHaveBeenCalled();
    expect(insertBlock).toHaveBeenCalledWith({
      html: `<span data-sanitised="">${hours.body}</span>`,
      text: 'Vote centers are open from 8 to 8.',
      subjectLine: 'Hours',
    });
  });

  it('previews known values filled in and the others as chips naming them, sanitised', async () => {
    const { host } = hostReading(reading);
    const { user: person } = renderHome(host);

    await person.click(await screen.findByRole('button', { name: 'Show the text of Ballot Status Follow-up' }));
    const preview = await screen.findByTestId('block-preview');
    expect(preview.querySelector('[data-sanitised]')).not.toBeNull();
    expect(preview.textContent).toContain('Dear Maria,');
    expect(preview.textContent).toContain('clerk@aldercounty.example');
    expect(preview.textContent).not.toContain('{{');
    const chips = [...preview.querySelectorAll('[data-variable]')].map((chip) => chip.textContent);
    expect(chips).toEqual(['Ask: Ballot tracking number', 'Ask: Status', 'Cursor position']);
  });
});

describe('the values of a reply', () => {
  it('greet the sender of an email being read, the first To of one being written, no one in a text field', () => {
    expect(personAnswered(reading)).toEqual({ name: 'Maria Lopez', email: 'maria.lopez@example.com' });
    const composing: MailItem = {
      ...reading,
      mode: 'compose',
      sender: { displayName: 'Clerk', emailAddress: 'clerk@aldercounty.example' },
      recipients: [{ displayName: 'Jordan Lee', emailAddress: 'jordan@example.com' }, { displayName: 'Sam Roe', emailAddress: 'sam@example.com' }],
    };
    expect(personAnswered(composing)).toEqual({ name: 'Jordan Lee', email: 'jordan@example.com' });
    expect(personAnswered({ ...composing, recipients: [] })).toBeUndefined();
    expect(personAnswered({ ...reading, mode: 'none', sender: null })).toBeUndefined();
  });

  it('remove what is not known cleanly, and fill the date in the given time zone', () => {
    const block = makeBlock({ body: '<p>Dear {{sender.firstName}}, on {{today}} from {{me.name}} ({{me.email}})</p>', subjectLine: 'Re: {{sender.name}}' });
    const request = insertRequestFor(block, { item: null, me: { email: 'clerk@aldercounty.example' }, now: new Date('2026-11-23T12:00:00Z') });
    expect(request.html).toMatch(/^<span data-sanitised=""><p>Dear, on \S.* from \(clerk@aldercounty\.example\)<\/p><\/span>$/);
    expect(request.html).toContain('2026');
    expect(request.subjectLine).toBe('Re:');
  });
});

describe('values Cannery does not know for sure', () => {
  const signed = () =>
    makeBlock({ name: 'Signed Reply', body: '<p>Dear {{sender.firstName}},</p><p>Thank you for writing.</p><p>{{me.name}}<br>{{me.email}}</p>', subjectLine: 'Hours' });
  const fromAddressOnly: MailItem = { ...reading, sender: { displayName: '', emailAddress: 'jordan.smith@example.com' } };

  function renderWith(block: Block, host: FakeHost) {
    const api = makeHomeApi({ user, teams: [team], account: makeAccount({ hasPhoneFlowAccess: false }), blocks: [block] });
    return { ...renderApp('#/home', { api, host, auth: signedInState('cognito', `fake-id.${user.email}.1`, null) }), api };
  }

  it('asks for the sender\'s first name guessed from the address and for the user\'s name, then inserts what was typed', async () => {
    const block = signed();
    const { host, insertBlock } = hostReading(fromAddressOnly);
    const { user: person, api } = renderWith(block, host);

    await person.click(await screen.findByRole('button', { name: 'Signed Reply' }));
    const dialog = await screen.findByRole('dialog', { name: 'Signed Reply' });
    const firstName = within(dialog).getByRole<HTMLInputElement>('textbox', { name: "Sender's first name" });
    const myName = within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Your name' });
    expect(firstName.value).toBe('Jordan');
    expect(myName.value).toBe('');
    expect(within(dialog).getByText('Guessed from the email address.')).toBeTruthy();
    expect(within(dialog).getByText('Set your display name in Settings and it is filled in for you.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(firstName));

    await person.type(myName, 'Dana Whitfield{Enter}');
    await waitFor(() => expect(insertBlock).toHaveBeenCalledTimes(1));
    expect(insertBlock).toHaveBeenCalledWith(
      expect.objectContaining({
        html: '<span data-sanitised=""><p>Dear Jordan,</p><p>Thank you for writing.</p><p>Dana Whitfield<br>clerk@aldercounty.example</p></span>',
      }),
    );
    await waitFor(() => expect(api.records).toHaveLength(1));
  });

  it('asks with an empty field when there is nothing to guess from, and a blank answer reads cleanly', async () => {
    const block = signed();
    const { host, insertBlock } = hostReading({ ...reading, sender: { displayName: 'Elections Office', emailAddress: 'elections@county.gov' } });
    const { user: person } = renderWith(block, host);

    await person.click(await screen.findByRole('button', { name: 'Signed Reply' }));
    const dialog = await screen.findByRole('dialog', { name: 'Signed Reply' });
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: "Sender's first name" }).value).toBe('');
    await person.click(within(dialog).getByRole('button', { name: 'Insert' }));
    await waitFor(() => expect(insertBlock).toHaveBeenCalledTimes(1));
    expect(insertBlock).toHaveBeenCalledWith(expect.objectContaining({ html: expect.stringContaining('<p>Dear,</p>') as unknown }));
  });

  it('Escape inserts nothing and records nothing', async () => {
    const { host, insertBlock } = hostReading(fromAddressOnly);
    const { user: person, api } = renderWith(signed(), host);
    await person.click(await screen.findByRole('button', { name: 'Signed Reply' }));
    await screen.findByRole('dialog', { name: 'Signed Reply' });
    await person.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(insertBlock).not.toHaveBeenCalled();
    expect(api.records).toHaveLength(0);
  });

  it('asks nothing when the email gives the name and the account has one', async () => {
    const { host, insertBlock } = hostReading(reading);
    const api = makeHomeApi({ user, teams: [team], account: makeAccount({ hasPhoneFlowAccess: false }), blocks: [signed()] });
    const idToken = unsignedJwt({ sub: user.cognitoAuth?.sub, email: user.email, name: 'Dana Whitfield', exp: Math.floor(Date.now() / 1000) + 3600 });
    const { user: person } = renderApp('#/home', { api, host, auth: signedInState('cognito', idToken, null) });
    await person.click(await screen.findByRole('button', { name: 'Signed Reply' }));
    await waitFor(() => expect(insertBlock).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(insertBlock).toHaveBeenCalledWith(expect.objectContaining({ html: expect.stringContaining('<p>Dear Maria,</p><p>Thank you for writing.</p><p>Dana Whitfield<br>') as unknown }));
  });
});
