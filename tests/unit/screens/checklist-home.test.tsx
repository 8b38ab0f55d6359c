// Checklist home and checklist complete (rules §2, §5 checklist search, §6, §8 "Checklist opened from
// read view", "Checklist load failure"), rendered as whole routes against the fake Cannery API.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { HostError, type MailItem } from '../../../hosts/host';
import type { Checklist } from '../../../src/api/contract/checklist';
import type { Team } from '../../../src/domain/types';
import { signedInState } from '../../../src/state/auth';
import { DEFAULT_TEAM_ID, makeAccount, makeChecklist, makeTeam, makeUser, resetFactoryIds } from '../../fixtures/factories';
import { renderApp } from '../support/render-app';
import { makeFakeHost, type FakeHost } from '../fake-host';
import { http } from 'msw';
import { API, apiError } from '../support/api-handlers';
import { server } from '../support/api-server';
import { makeHomeApi, type HomeApiData } from '../support/home-api';
import { messagesOf } from '../support/console';

const reading: MailItem = {
  mode: 'read',
  itemId: 'item-1',
  bodyText: 'Hello, my ballot envelope came back.',
  sender: { displayName: 'Jordan Lee', emailAddress: 'jordan@example.com' },
  recipients: [],
  subject: 'Ballot',
};
const writing: MailItem = { ...reading, mode: 'compose', itemId: null, bodyText: '' };

const NEW_WINDOW = 'Please open the add-in in the new window to access Checklists.';
const START_NEW_EMAIL = 'Please start a new email and open the add-in in the new window to access Checklists.';
const LOAD_FAILED = 'Error occurred loading this view. Please try again or contact our team if the issue persists.';
const EMPTY = 'No checklists found for this team.';
const PROMPT = 'Please select a checklist:';

let elections: Team;
let replacement: Checklist;
let cure: Checklist;
let pollWorkers: Checklist;
let walkIn: Checklist;

beforeEach(() => {
  resetFactoryIds();
  elections = makeTeam({ _id: DEFAULT_TEAM_ID, name: 'Elections' });
  replacement = makeChecklist({ name: 'Replacement Ballot Request', categories: ['Mail Ballots'], tasks: [{ name: 'Confirm the address' }] });
  cure = makeChecklist({ name: 'signature cure call', categories: ['Mail Ballots'], tasks: [{ name: 'Check the envelope signature' }] });
  pollWorkers = makeChecklist({ name: 'Poll Worker Sign-Up', categories: ['Poll Workers'], tasks: [{ name: 'Send the application link' }] });
  walkIn = makeChecklist({ name: 'Walk-in Visitor', tasks: [{ name: 'Envelop the ballot in the secrecy sleeve' }] });
});

afterEach(() => {
  window.location.hash = '';
  configure({ reactStrictMode: false });
});

function renderChecklists(options: { hash?: string; host?: FakeHost; data?: Partial<HomeApiData> } = {}) {
  const user = makeUser({ email: 'clerk@aldercounty.example' });
  const api = makeHomeApi({ user, teams: [elections], account: makeAccount(), blocks: [], checklists: [replacement, cure, pollWorkers, walkIn], ...options.data });
  const host = options.host ?? makeFakeHost();
  if (!options.host) host.item = writing;
  return { ...renderApp(options.hash ?? '#/checklist-home', { api, host, auth: signedInState('cognito', `fake-id.${user.email}.1`, null) }), api };
}

/** A host showing an email being read; `openNewCompose` is its spy. */
function readingHost(overrides: Parameters<typeof makeFakeHost>[0] = {}) {
  const openNewCompose = vi.fn(() => Promise.resolve());
  const host = makeFakeHost({ openNewCompose, ...overrides });
  host.item = reading;
  return { host, openNewCompose: (overrides.openNewCompose as typeof openNewCompose | undefined) ?? openNewCompose };
}

const names = (list: HTMLElement) => within(list).getAllByRole('link').map((link) => link.textContent);

describe('Checklist home', () => {
  it('shows the heading, the prompt, links to Blocks and User settings, and the checklists by category then uncategorised', async () => {
    const { user: person, api } = renderChecklists();
    expect(screen.getByRole('heading', { level: 1, name: 'Checklists' })).toBeTruthy();
    expect(await screen.findByText(PROMPT)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('#/home');
    expect(screen.getByRole('link', { name: 'User settings' }).getAttribute('href')).toBe('#/user-settings');

    const mailBallots = await screen.findByRole('button', { name: 'Mail Ballots (2)' });
    const categories = screen.getAllByRole('button', { name: /\(\d+\)$/ }).map((button) => button.textContent);
    expect(categories).toEqual(['Mail Ballots (2)', 'Poll Workers (1)']);
    expect(mailBallots.getAttribute('aria-expanded')).toBe('false');
    expect(names(screen.getByRole('list', { name: 'Other checklists' }))).toEqual(['Walk-in Visitor']);

    await person.click(mailBallots);
    const inCategory = screen.getByRole('list', { name: 'Mail Ballots' });
    expect(names(inCategory)).toEqual(['Replacement Ballot Request', 'signature cure call']);
    const link = within(inCategory).getByRole('link', { name: 'signature cure call' });
    expect(link.getAttribute('href')).toBe(`#/checklist/${cure._id}`);
    await person.click(link);
    await waitFor(() => expect(window.location.hash).toBe(`#/checklist/${cure._id}`));

    // One request for the user's teams, comma-separated (rules §7).
    const requests = api.requests.filter((request) => request.url.includes('/phoneflows'));
    expect(requests.map((request) => new URL(request.url, 'https://x').searchParams.get('teams'))).toEqual([DEFAULT_TEAM_ID]);
  });

  it('searches in three tiers: names, then task names, then task names fuzzily; search replaces the categories', async () => {
    const envelopeReturns = makeChecklist({ name: 'Envelope Returns', categories: ['Mail Ballots'], tasks: [{ name: 'Log the return' }] });
    const { user: person } = renderChecklists({ data: { checklists: [walkIn, pollWorkers, cure, envelopeReturns, replacement] } });
    const search = await screen.findByRole('searchbox', { name: 'Search checklists' });
    await person.type(search, 'envelope');
    const results = await screen.findByRole('list', { name: 'Search results' });
    // Name, then a task containing it ("envelope signature"), then a task word one letter off ("Envelop").
    expect(names(results)).toEqual(['Envelope Returns', 'signature cure call', 'Walk-in Visitor']);
    expect(screen.queryByRole('button', { name: /^Mail Ballots/ })).toBeNull();
    expect(screen.queryByRole('list', { name: 'Other checklists' })).toBeNull();

    await person.clear(search);
    await person.type(search, 'application');
    expect(names(await screen.findByRole('list', { name: 'Search results' }))).toEqual(['Poll Worker Sign-Up']);

    await person.clear(search);
    await person.type(search, 'zzqx');
    expect(await screen.findByText('No checklists match "zzqx".')).toBeTruthy();

    await person.clear(search);
    expect(await screen.findByRole('button', { name: 'Mail Ballots (3)' })).toBeTruthy();
  });

  it("with two teams: a selector, the stored choice that Home shares, and only the chosen team's checklists", async () => {
    const front = makeTeam({ name: 'Front Counter' });
    const intake = makeChecklist({ name: 'Records Request Intake', team: front._id });
    const user = makeUser({ email: 'dana@aldercounty.example', teams: [elections._id, front._id] });
    const host = makeFakeHost();
    host.item = writing;
    // Chosen on Home earlier: the same stored value.
    host.data.set('currentSelectedTeam', JSON.stringify({ _id: front._id, accountId: user.account, name: front.name }));
    const { user: person } = renderChecklists({ host, data: { user, teams: [elections, front], checklists: [replacement, intake] } });

    const selector = await screen.findByRole('combobox', { name: 'Team' });
    expect(await screen.findByRole('link', { name: 'Records Request Intake' })).toBeTruthy();
    expect((selector as HTMLSelectElement).value).toBe(front._id);
    expect(screen.queryByRole('button', { name: /^Mail Ballots/ })).toBeNull();

    await person.selectOptions(selector, 'Elections');
    expect(await screen.findByRole('button', { name: 'Mail Ballots (1)' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Records Request Intake' })).toBeNull();
    await waitFor(() => expect(JSON.parse(host.data.get('currentSelectedTeam') ?? 'null')).toEqual({ _id: elections._id, accountId: user.account, name: 'Elections' }));

    // While searching the selector hides and every team is searched, as on Home.
    await person.type(screen.getByRole('searchbox', { name: 'Search checklists' }), 'records');
    expect(names(await screen.findByRole('list', { name: 'Search results' }))).toEqual(['Records Request Intake']);
    expect(screen.queryByRole('combobox', { name: 'Team' })).toBeNull();
  });

  it('has no team selector with one team', async () => {
    renderChecklists();
    await screen.findByRole('button', { name: 'Mail Ballots (2)' });
    expect(screen.queryByRole('combobox', { name: 'Team' })).toBeNull();
  });

  it("says when the selected team's checklists have loaded and there are none", async () => {
    const front = makeTeam({ name: 'Front Counter' });
    const intake = makeChecklist({ name: 'Records Request Intake', team: front._id });
    const user = makeUser({ teams: [elections._id, front._id] });
    const { user: person } = renderChecklists({ data: { user, teams: [elections, front], checklists: [intake] } });
    expect(await screen.findByText(EMPTY)).toBeTruthy();
    await person.selectOptions(screen.getByRole('combobox', { name: 'Team' }), 'Front Counter');
    expect(await screen.findByRole('link', { name: 'Records Request Intake' })).toBeTruthy();
    expect(screen.queryByText(EMPTY)).toBeNull();
  });

  it('shows the load-failure message when the checklists cannot be loaded', async () => {
    server.use(http.get(API.checklists, () => apiError(503)));
    renderChecklists();
    expect(await screen.findByText(LOAD_FAILED)).toBeTruthy();
    expect(screen.queryByText(EMPTY)).toBeNull();
    expect(screen.queryByRole('searchbox', { name: 'Search checklists' })).toBeNull();
  });

  it('tells an account without phone-flow access that checklists are not enabled, although the route lets it in', async () => {
    renderChecklists({ data: { account: makeAccount({ hasPhoneFlowAccess: false }) } });
    expect(await screen.findByText('Checklists are not enabled for your account.')).toBeTruthy();
    expect(screen.queryByText(PROMPT)).toBeNull();
  });

  it("is reached from Home's checklist icon", async () => {
    const { user: person } = renderChecklists({ hash: '#/home' });
    await person.click(await screen.findByRole('button', { name: 'Checklists' }));
    expect(await screen.findByText(PROMPT)).toBeTruthy();
    expect(window.location.hash).toBe('#/checklist-home');
  });
});

describe('Checklist home opened from read view', () => {
  it('opens a new message once on arrival and asks to use the add-in there', async () => {
    const { host, openNewCompose } = readingHost();
    const { user: person, api } = renderChecklists({ host });
    expect(await screen.findByText(NEW_WINDOW)).toBeTruthy();
    expect(openNewCompose).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(PROMPT)).toBeNull();
    expect(screen.queryByRole('searchbox')).toBeNull();
    // The checklists and the rest load meanwhile and re-render the screen: still one new message.
    await waitFor(() => expect(api.requests.some((request) => request.url.includes('/phoneflows'))).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(openNewCompose).toHaveBeenCalledTimes(1);
    expect(screen.getByText(NEW_WINDOW)).toBeTruthy();

    // Each arrival is asked anew.
    await person.click(screen.getByRole('link', { name: 'Home' }));
    await screen.findByRole('heading', { level: 1, name: 'Blocks' });
    await person.click(await screen.findByRole('button', { name: 'Checklists' }));
    await screen.findByText(NEW_WINDOW);
    expect(openNewCompose).toHaveBeenCalledTimes(2);
  });

  it("opens one new message under React's development double mount", async () => {
    configure({ reactStrictMode: true });
    const { host, openNewCompose } = readingHost();
    renderChecklists({ host });
    expect(await screen.findByText(NEW_WINDOW)).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(openNewCompose).toHaveBeenCalledTimes(1);
  });

  it('asks to start a new email where the host cannot open one', async () => {
    const { host, openNewCompose } = readingHost({ capabilities: { subjectLine: true, cc: true, attachments: true, replyFromRead: true, newCompose: false, sharedMailboxes: false } });
    renderChecklists({ host });
    expect(await screen.findByText(START_NEW_EMAIL)).toBeTruthy();
    expect(openNewCompose).not.toHaveBeenCalled();
    expect(screen.queryByText(NEW_WINDOW)).toBeNull();
    expect(screen.queryByText(PROMPT)).toBeNull();
  });

  it('asks to start a new email when opening one fails', async () => {
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { host, openNewCompose } = readingHost({ openNewCompose: vi.fn(() => Promise.reject(new HostError('unsupported', 'refused'))) });
    renderChecklists({ host });
    expect(await screen.findByText(START_NEW_EMAIL)).toBeTruthy();
    expect(openNewCompose).toHaveBeenCalledTimes(1);
    expect(messagesOf(consoleWarn)).toEqual(new Set(['Cannery: opening a new message for checklists failed']));
  });

  it('lists the checklists without opening anything while an email is being written', async () => {
    const openNewCompose = vi.fn(() => Promise.resolve());
    const host = makeFakeHost({ openNewCompose });
    host.item = writing;
    renderChecklists({ host });
    expect(await screen.findByText(PROMPT)).toBeTruthy();
    expect(openNewCompose).not.toHaveBeenCalled();
    expect(screen.queryByText(NEW_WINDOW)).toBeNull();
  });
});

describe('Checklist complete', () => {
  it("says the checklist is complete, and its buttons go to Blocks and to Checklists", async () => {
    const { user: person } = renderChecklists({ hash: '#/checklist-complete' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Complete!' })).toBeTruthy();
    expect(screen.getByText('You may now send the email and close this tab, or continue below to add more to the email.')).toBeTruthy();
    await person.click(screen.getByRole('button', { name: 'Checklists' }));
    expect(await screen.findByText(PROMPT)).toBeTruthy();
    window.location.hash = '#/checklist-complete';
    await person.click(await screen.findByRole('button', { name: 'Blocks' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Blocks' })).toBeTruthy();
    expect(window.location.hash).toBe('#/home');
  });
});
