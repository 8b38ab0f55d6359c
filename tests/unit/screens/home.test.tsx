import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { HostError, type MailItem } from '../../../hosts/host';
import type { Block } from '../../../src/api/contract/block';
import { BLOCK_CACHE_KEY } from '../../../src/api/blocks';
import { signedInState } from '../../../src/state/auth';
import { INSERT_MESSAGES } from '../../../src/insert/use-insert-block';
import { DEFAULT_TEAM_ID, makeAccount, makeBlock, makeTeam, makeUser, resetFactoryIds } from '../../fixtures/factories';
import { renderApp } from '../support/render-app';
import { makeFakeHost, type FakeHost } from '../fake-host';
import { http } from 'msw';
import { API, apiError } from '../support/api-handlers';
import { server } from '../support/api-server';
import { makeHomeApi, type HomeApiData } from '../support/home-api';
import { messagesOf } from '../support/console';

// DOMPurify does not run on happy-dom (the sanitiser refuses to, see sanitize-html.ts; it is tested
// in Chromium). Here a marker proves every body passes through it before it is shown or inserted.
vi.mock('../../../src/sanitize/sanitize-html', () => ({
  sanitizeBlockHtml: (html: string) => `<span data-sanitised="">${html}</span>`,
  blockHtmlToPlainText: (html: string) => html.replace(/<[^>]+>/g, ''),
}));

const team = makeTeam({ _id: DEFAULT_TEAM_ID, name: 'Elections' });
const user = makeUser({ email: 'clerk@aldercounty.example' });
const reading = (body: string, displayName = 'Jordan Lee'): MailItem => ({
  mode: 'read',
  itemId: 'item-1',
  bodyText: body,
  sender: { displayName, emailAddress: 'jordan@example.com' },
  recipients: [],
  subject: 'Question',
});

let ballot: Block;
let hours: Block;
let gmailOnly: Block;

beforeEach(() => {
  resetFactoryIds();
  ballot = makeBlock({
    name: 'Track My Ballot',
    body: '<p>You can track your mail ballot online with Ballot Tracker.</p>',
    categories: ['Mail Ballots'],
    subjectLine: 'Your ballot',
    cc: ['records@aldercounty.example'],
    attachments: [{ name: 'Guide.pdf', url: 'https://aldercounty.example/guide.pdf' }],
  });
  hours = makeBlock({ name: 'Vote Center Hours', body: '<p>Vote centers are open from 8 to 8.</p>' });
  gmailOnly = makeBlock({ name: 'Gmail Only Reply', body: '<p>Only in Gmail.</p>', supportedContexts: ['gmail'] });
});

afterEach(() => {
  window.location.hash = '';
});

function renderHome(options: { host?: FakeHost; data?: Partial<HomeApiData> } = {}) {
  const api = makeHomeApi({ user, teams: [team], account: makeAccount({ hasPhoneFlowAccess: false }), blocks: [ballot, hours, gmailOnly], ...options.data });
  const host = options.host ?? makeFakeHost();
  return { ...renderApp('#/home', { api, host, auth: signedInState('cognito', `fake-id.${user.email}.1`, null) }), api };
}

describe('Home', () => {
  it('greets the sender, recommends the block for the email, and one click inserts it sanitised and records the use', async () => {
    const insertBlock = vi.fn().mockResolvedValue({ outcome: 'inserted', skipped: [] });
    const host = makeFakeHost({ insertBlock });
    host.item = reading('Hello, how can I track my mail ballot online?');
    const { user: person, api } = renderHome({ host });

    expect(await screen.findByText('Please select a block to auto-create an email reply to Jordan Lee')).toBeTruthy();
    const recommended = await screen.findByRole('list', { name: 'Recommended' });
    await person.click(within(recommended).getByRole('button', { name: 'Track My Ballot' }));

    expect(insertBlock).toHaveBeenCalledWith({
      html: `<span data-sanitised="">${ballot.body}</span>`,
      text: 'You can track your mail ballot online with Ballot Tracker.',
      subjectLine: 'Your ballot',
      cc: ['records@aldercounty.example'],
      attachments: [{ name: 'Guide.pdf', url: 'https://aldercounty.example/guide.pdf' }],
    });
    await waitFor(() => expect(api.records).toHaveLength(1));
    const [record] = api.records;
    expect(record!.key).toMatch(/^[\w.:-]{8,128}$/);
    expect(record!.body).toMatchObject({
      userEmail: user.email,
      autoResponseId: ballot._id,
      autoResponseName: 'Track My Ballot',
      autoResponseContent: ballot.body,
      account: ballot.account,
      team: ballot.team,
      supportedContexts: ['outlook', 'gmail', 'text_input'],
      contextUsed: 'outlook',
      uiSource: 'recommended',
      cognitoSub: user.cognitoAuth!.sub,
      microsoftSub: null,
      categories: ['Mail Ballots'],
      cc: ['records@aldercounty.example'],
      subjectLine: 'Your ballot',
      attachments: [{ name: 'Guide.pdf', url: 'https://aldercounty.example/guide.pdf' }],
    });
    expect(Date.parse(String(record!.body.timeSent))).not.toBeNaN();
  });

  it('says under each recommended block which words of the email it matched, without changing the button name', async () => {
    const host = makeFakeHost();
    host.item = reading('Hello, how can I track my mail ballot online?\n\nThanks,\nJordan');
    renderHome({ host });

    const recommended = await screen.findByRole('list', { name: 'Recommended' });
    const row = within(recommended).getByRole('listitem');
    expect(within(row).getByText('Matches: ballot, track, mail')).toBeTruthy();
    const button = within(row).getByRole('button', { name: 'Track My Ballot' });
    const described = document.getElementById(button.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe('Matches: ballot, track, mail');
    // The grouped list below shows no hint.
    expect(screen.getAllByText(/^Matches:/)).toHaveLength(1);
  });

  it("shows only the blocks of the host's context, grouped by category, then the uncategorised ones", async () => {
    const { user: person } = renderHome({ host: makeFakeHost({ context: 'gmail' }) });
    const category = await screen.findByRole('button', { name: 'Mail Ballots (1)' });
    expect(screen.getByRole('button', { name: 'Gmail Only Reply' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Vote Center Hours' })).toBeTruthy();
    await person.click(category);
    expect(within(screen.getByRole('list', { name: 'Mail Ballots' })).getByRole('button', { name: 'Track My Ballot' })).toBeTruthy();

    window.location.hash = '';
  });

  it('leaves out blocks the Outlook host does not support', async () => {
    renderHome();
    await screen.findByRole('button', { name: 'Vote Center Hours' });
    expect(screen.queryByRole('button', { name: 'Gmail Only Reply' })).toBeNull();
  });

  it('search replaces the grouping with a flat list and records the use as search', async () => {
    const host = makeFakeHost();
    const { user: person, api } = renderHome({ host });
    await person.type(await screen.findByRole('searchbox', { name: 'Search name or content' }), 'eight');
    expect(screen.queryByRole('button', { name: /Mail Ballots/ })).toBeNull();
    await person.type(screen.getByRole('searchbox'), '{Backspace>5}vote centers');
    const results = await screen.findByRole('list', { name: 'Search results' });
    await person.click(within(results).getByRole('button', { name: 'Vote Center Hours' }));
    await waitFor(() => expect(api.records[0]?.body.uiSource).toBe('search'));
  });

  it('moves from the search box down into the results with the arrow keys, and ArrowUp from the first result goes back to the box', async () => {
    const { user: person } = renderHome({ host: makeFakeHost() });
    const search = await screen.findByRole('searchbox', { name: 'Search name or content' });
    await person.type(search, 'vote');
    const results = await screen.findByRole('list', { name: 'Search results' });
    const first = within(results).getAllByRole('button')[0]!;
    await person.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(first);
    await person.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(search);
    expect((search as HTMLInputElement).value).toBe('vote');
  });

  it("says to open an email in compose view when the host has none, and the spec's message for any other failure", async () => {
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const insertBlock = vi.fn().mockRejectedValueOnce(new HostError('no-compose', 'nothing open')).mockRejectedValueOnce(new HostError('insert-failed', 'refused'));
    const { user: person, api } = renderHome({ host: makeFakeHost({ insertBlock }) });
    await person.click(await screen.findByRole('button', { name: 'Vote Center Hours' }));
    expect(await screen.findByText(INSERT_MESSAGES.noCompose)).toBeTruthy();
    expect(INSERT_MESSAGES.noCompose).toBe('An error has occurred. Please make sure an email is open in compose view and try again.');
    await person.click(screen.getByRole('button', { name: 'Vote Center Hours' }));
    expect(
      await screen.findByText('An error occurred in processing your request. Please close and re-open the plugin. If the problem persists contact our team.'),
    ).toBeTruthy();
    // Nothing was inserted, so nothing is recorded.
    expect(api.records).toEqual([]);
    expect(messagesOf(consoleWarn)).toEqual(new Set(['Inserting a block failed']));
  });

  it('tells in one line what the host could not carry out', async () => {
    const insertBlock = vi.fn().mockResolvedValue({ outcome: 'inserted', skipped: ['subjectLine', 'cc', 'attachments'] });
    const { user: person } = renderHome({ host: makeFakeHost({ insertBlock }) });
    await person.click(await screen.findByRole('button', { name: /^Mail Ballots/ }));
    await person.click(screen.getByRole('button', { name: 'Track My Ballot' }));
    expect(await screen.findByText("Inserted. This host cannot take the block's subject line, Cc or attachments.")).toBeTruthy();
  });

  it("shows the same user's cached blocks before the server answers, then the server's", async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const host = makeFakeHost();
    const cached = makeBlock({ name: 'Cached Reply' });
    host.data.set(BLOCK_CACHE_KEY, JSON.stringify({ userId: user._id, accountId: user.account, teams: [...user.teams].sort().join(','), blocks: [cached] }));
    // The server answers the list (the shared handler, next in line) once the gate opens.
    server.use(
      http.get(API.blocks, async () => {
        await gate;
      }),
    );
    renderHome({ host });
    expect(await screen.findByRole('button', { name: 'Cached Reply' })).toBeTruthy();
    open();
    expect(await screen.findByRole('button', { name: 'Vote Center Hours' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cached Reply' })).toBeNull();
    // Cached in name order, so the next start groups them without sorting.
    await waitFor(() =>
      expect(JSON.parse(host.data.get(BLOCK_CACHE_KEY)!).blocks.map((block: Block) => block.name)).toEqual(['Gmail Only Reply', 'Track My Ballot', 'Vote Center Hours']),
    );
  });

  it("removes another user's cache without showing it, and an unreadable one", async () => {
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const host = makeFakeHost();
    host.data.set(BLOCK_CACHE_KEY, JSON.stringify({ userId: 'someone-else', accountId: user.account, teams: user.teams.join(','), blocks: [makeBlock({ name: 'Not Yours' })] }));
    server.use(http.get(API.blocks, () => apiError(503)));
    renderHome({ host });
    await waitFor(() => expect(host.data.has(BLOCK_CACHE_KEY)).toBe(false));
    expect(screen.queryByRole('button', { name: 'Not Yours' })).toBeNull();
    expect(await screen.findByText('The blocks could not be loaded. Check your connection and reopen Cannery.')).toBeTruthy();
    expect(messagesOf(consoleWarn)).toEqual(new Set(['Loading the blocks failed']));
  });

  it('removes a cache whose blocks do not read back as blocks, and shows the server answer', async () => {
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const host = makeFakeHost();
    host.data.set(BLOCK_CACHE_KEY, JSON.stringify({ userId: user._id, accountId: user.account, teams: user.teams.join(','), blocks: [{ _id: 'x', name: 'Broken' }] }));
    renderHome({ host });
    expect(await screen.findByRole('button', { name: 'Vote Center Hours' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Broken' })).toBeNull();
    await waitFor(() => expect(JSON.parse(host.data.get(BLOCK_CACHE_KEY)!).blocks).toHaveLength(3));
    expect(messagesOf(consoleWarn)).toEqual(new Set(['The block cache was unreadable and has been removed']));
  });

  it('shows the checklist icon only with phone-flow access', async () => {
    renderHome({ data: { account: makeAccount({ hasPhoneFlowAccess: true }) } });
    expect(await screen.findByRole('button', { name: 'Checklists' })).toBeTruthy();
  });

  it('hides the checklist icon without phone-flow access', async () => {
    renderHome();
    await screen.findByRole('button', { name: 'Vote Center Hours' });
    expect(screen.queryByRole('button', { name: 'Checklists' })).toBeNull();
    expect(screen.getByRole('link', { name: 'User settings' }).getAttribute('href')).toBe('#/user-settings');
  });

  it('offers a team selector with more than one team, shows the chosen team and saves the choice', async () => {
    const front = makeTeam({ name: 'Front Counter' });
    const counterBlock = makeBlock({ name: 'Office Hours', team: front._id });
    const twoTeams = makeUser({ ...user, teams: [team._id, front._id] });
    const api = makeHomeApi({ user: twoTeams, teams: [team, front], account: makeAccount(), blocks: [hours, counterBlock] });
    const host = makeFakeHost();
    const { user: person } = renderApp('#/home', { api, host, auth: signedInState('cognito', 'fake-id.x.1', null) });
    const selector = await screen.findByRole('combobox', { name: 'Team' });
    await screen.findByRole('button', { name: 'Vote Center Hours' });
    expect(screen.queryByRole('button', { name: 'Office Hours' })).toBeNull();
    await person.selectOptions(selector, 'Front Counter');
    expect(await screen.findByRole('button', { name: 'Office Hours' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Vote Center Hours' })).toBeNull();
    await waitFor(() => expect(JSON.parse(host.data.get('currentSelectedTeam') ?? 'null')).toEqual({ _id: front._id, accountId: twoTeams.account, name: 'Front Counter' }));
  });

  it("names each search result's team when the user has several, and none with one", async () => {
    const front = makeTeam({ name: 'Front Counter' });
    const counterHours = makeBlock({ name: 'Office Hours', team: front._id, body: '<p>Open 8 to 5.</p>' });
    const twoTeams = makeUser({ ...user, teams: [team._id, front._id] });
    const api = makeHomeApi({ user: twoTeams, teams: [team, front], account: makeAccount(), blocks: [hours, counterHours] });
    const { user: person } = renderApp('#/home', { api, host: makeFakeHost(), auth: signedInState('cognito', 'fake-id.x.1', null) });
    await person.type(await screen.findByRole('searchbox', { name: 'Search name or content' }), 'hours');
    const results = await screen.findByRole('list', { name: 'Search results' });
    const counter = within(results).getByRole('button', { name: 'Office Hours' });
    expect(counter.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(counter.getAttribute('aria-describedby')!)?.textContent).toBe('Front Counter');
    const election = within(results).getByRole('button', { name: 'Vote Center Hours' });
    expect(document.getElementById(election.getAttribute('aria-describedby')!)?.textContent).toBe(team.name);
  });

  it('names no team in search results for a user of one team', async () => {
    const { user: person } = renderHome({ host: makeFakeHost() });
    await person.type(await screen.findByRole('searchbox', { name: 'Search name or content' }), 'hours');
    const results = await screen.findByRole('list', { name: 'Search results' });
    expect(within(results).getByRole('button', { name: 'Vote Center Hours' }).getAttribute('aria-describedby')).toBeNull();
  });
});
