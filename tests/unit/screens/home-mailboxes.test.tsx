import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { HostError, type HostAdapter, type ItemMailbox, type MailItem } from '../../../hosts/host';
import { signedInState } from '../../../src/state/auth';
import { INSERT_MESSAGES } from '../../../src/insert/use-insert-block';
import { mailboxHint } from '../../../src/ui/team-selector';
import { makeAccount, makeBlock, makeTeam, makeUser, resetFactoryIds } from '../../fixtures/factories';
import { renderApp } from '../support/render-app';
import { makeFakeHost } from '../fake-host';
import { makeHomeApi } from '../support/home-api';

vi.mock('../../../src/sanitize/sanitize-html', () => ({
  sanitizeBlockHtml: (html: string) => html,
  blockHtmlToPlainText: (html: string) => html.replace(/<[^>]+>/g, ''),
}));

/**
 * Home in a shared mailbox (src/state/use-selected-team.ts): the team the account admin mapped the
 * mailbox to is shown while an item of it is open, the saved choice for the user's own inbox is
 * kept, and it returns there; a mailbox mapped to a team the user is not in changes nothing.
 */
const ELECTIONS_BOX = 'elections@aldercounty.example';
const electionsBox = (canWrite = true): ItemMailbox => ({ kind: 'shared', address: ELECTIONS_BOX, canWrite });
const reading = (mailbox: ItemMailbox | null, itemId = 'item-1'): MailItem => ({
  mode: 'read',
  itemId,
  bodyText: 'Good morning.',
  sender: { displayName: 'Jordan Lee', emailAddress: 'jordan@example.com' },
  recipients: [],
  subject: 'Question',
  ...(mailbox ? { mailbox } : {}),
});

beforeEach(() => resetFactoryIds());
afterEach(() => {
  window.location.hash = '';
});

function setup(options: { insertBlock?: HostAdapter['insertBlock'] } = {}) {
  const front = makeTeam({ name: 'Front Counter' });
  const elections = makeTeam({ name: 'Elections' });
  const user = makeUser({ email: 'clerk@aldercounty.example', teams: [front._id, elections._id] });
  const counterBlock = makeBlock({ name: 'Office Hours', team: front._id });
  const ballotBlock = makeBlock({ name: 'Track My Ballot', team: elections._id });
  const api = makeHomeApi({ user, teams: [front, elections], account: makeAccount(), blocks: [counterBlock, ballotBlock], mailboxes: [{ address: ELECTIONS_BOX, team: elections._id }] });
  let emit: (item: MailItem) => void = () => undefined;
  const host = makeFakeHost({
    capabilities: { subjectLine: true, cc: true, attachments: true, replyFromRead: true, newCompose: true, sharedMailboxes: true },
    watchItem: (onChange) => {
      emit = onChange;
      onChange(reading(null));
    },
    ...(options.insertBlock ? { insertBlock: options.insertBlock } : {}),
  });
  // Her own inbox's choice: Front Counter.
  host.data.set('currentSelectedTeam', JSON.stringify({ _id: front._id, accountId: user.account, name: 'Front Counter' }));
  const rendered = renderApp('#/home', { api, host, auth: signedInState('cognito', 'fake-id.clerk.1', null) });
  return { ...rendered, api, host, front, elections, open: (item: MailItem) => emit(item) };
}

describe('Home in a shared mailbox', () => {
  it("shows the mailbox's team there, keeps the saved choice, and brings it back in her own inbox", async () => {
    const { host, open } = setup();
    const selector = await screen.findByRole('combobox', { name: 'Team' });
    await screen.findByRole('button', { name: 'Office Hours' });

    open(reading(electionsBox(), 'shared-1'));
    expect(await screen.findByRole('button', { name: 'Track My Ballot' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Office Hours' })).toBeNull();
    expect((selector as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('Elections');
    expect(screen.getByText(mailboxHint(ELECTIONS_BOX))).toBeTruthy();
    expect(JSON.parse(host.data.get('currentSelectedTeam') ?? 'null').name).toBe('Front Counter');

    open(reading(null, 'own-2'));
    expect(await screen.findByRole('button', { name: 'Office Hours' })).toBeTruthy();
    expect(screen.queryByText(mailboxHint(ELECTIONS_BOX))).toBeNull();
  });

  it('keeps a team picked by hand in the mailbox for that mailbox only', async () => {
    const { host, open, user: person } = setup();
    const selector = await screen.findByRole('combobox', { name: 'Team' });
    open(reading(electionsBox(), 'shared-1'));
    await screen.findByRole('button', { name: 'Track My Ballot' });
    await person.selectOptions(selector, 'Front Counter');
    expect(await screen.findByRole('button', { name: 'Office Hours' })).toBeTruthy();
    // Her own inbox's choice did not change, and the mailbox remembers hers for this visit.
    expect(JSON.parse(host.data.get('currentSelectedTeam') ?? 'null').name).toBe('Front Counter');
    open(reading(null, 'own-2'));
    open(reading(electionsBox(), 'shared-3'));
    expect(await screen.findByRole('button', { name: 'Office Hours' })).toBeTruthy();
  });

  it('says why nothing is inserted with read-only access, and records nothing', async () => {
    const insertBlock = vi.fn(() => Promise.reject(new HostError('read-only', `Only reading is allowed in ${ELECTIONS_BOX}`)));
    const { api, open, user: person } = setup({ insertBlock });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await screen.findByRole('combobox', { name: 'Team' });
    open(reading(electionsBox(false), 'shared-1'));
    await person.click(await screen.findByRole('button', { name: 'Track My Ballot' }));
    expect(await screen.findByText(INSERT_MESSAGES.readOnly)).toBeTruthy();
    expect(screen.queryByText(INSERT_MESSAGES.failed)).toBeNull();
    expect(insertBlock).toHaveBeenCalledTimes(1);
    expect(api.records).toEqual([]);
  });

  it('names the mailbox on the use recorded there', async () => {
    const { api, open, user: person } = setup();
    await screen.findByRole('combobox', { name: 'Team' });
    open(reading(electionsBox(), 'shared-1'));
    await person.click(await screen.findByRole('button', { name: 'Track My Ballot' }));
    await waitFor(() => expect(api.records).toHaveLength(1));
    expect(api.records[0]?.body).toMatchObject({ autoResponseName: 'Track My Ballot', mailbox: ELECTIONS_BOX });
  });

  it("leaves her own choice in a mailbox mapped to a team she is not in", async () => {
    const { open, api } = setup();
    await screen.findByRole('button', { name: 'Office Hours' });
    open(reading({ kind: 'shared', address: 'recorder@aldercounty.example', canWrite: true }, 'shared-9'));
    // The map was read (it names Elections only), and Recorder is not hers.
    await waitFor(() => expect(api.requests.some((request) => request.url.endsWith('/mailboxes'))).toBe(true));
    open(reading({ kind: 'shared', address: 'recorder@aldercounty.example', canWrite: true }, 'shared-10'));
    expect(screen.getByRole('button', { name: 'Office Hours' })).toBeTruthy();
    expect(screen.queryByText(mailboxHint('recorder@aldercounty.example'))).toBeNull();
  });
});
