// The checklist screen (rules §2 "Checklist", §3 "Recorded checklist", §4 "Checklist", §7
// recordedphoneflows, §8 the checklist messages), rendered as a whole route against the fake
// Cannery API: the run's record goes through the real durable outbox to the fake API.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import type { KeyValueStorage, MailItem } from '../../../hosts/host';
import type { Block } from '../../../src/api/contract/block';
import type { Checklist } from '../../../src/api/contract/checklist';
import { signedInState } from '../../../src/state/auth';
import { OUTBOX_STORAGE_KEY } from '../../../src/tracking/outbox-store';
import { DEFAULT_TEAM_ID, makeAccount, makeBlock, makeChecklist, makeTeam, makeUser, objectIdFor, resetFactoryIds } from '../../fixtures/factories';
import { renderApp } from '../support/render-app';
import { makeFakeHost, type FakeHost } from '../fake-host';
import { http } from 'msw';
import { API, apiError, recordedChecklistId } from '../support/api-handlers';
import { server } from '../support/api-server';
import { makeHomeApi, type HomeApi, type HomeApiData } from '../support/home-api';
import { messagesOf } from '../support/console';

// DOMPurify does not run on happy-dom (see home.test.tsx); a marker proves bodies pass through it.
vi.mock('../../../src/sanitize/sanitize-html', () => ({
  sanitizeBlockHtml: (html: string) => `<span data-sanitised="">${html}</span>`,
  blockHtmlToPlainText: (html: string) => html.replace(/<[^>]+>/g, ''),
}));

const NOT_FOUND = 'Error occurred trying to access checklist. It may have been removed from our system. Please refresh the add-in or contact our team if the issue persists.';
const LOAD_FAILED = 'Error occurred loading this view. Please try again or contact our team if the issue persists.';
const RECORD_FAILED = 'Error occurred trying to record checklist. Please try again or contact our team if the issue persists.';
const UPDATE_FAILED = 'Error occurred trying to update checklist. Please try again or contact our team if the issue persists.';
const PROMPT = 'Please complete checklist before sending email.';
const NEW_WINDOW = 'Please open the add-in in the new window to access Checklists.';

const writing: MailItem = { mode: 'compose', itemId: null, bodyText: '', sender: null, recipients: [], subject: '' };
const reading: MailItem = { ...writing, mode: 'read', itemId: 'item-1', sender: { displayName: 'Jordan Lee', emailAddress: 'jordan@example.com' } };

const team = makeTeam({ _id: DEFAULT_TEAM_ID, name: 'Elections' });
const user = makeUser({ email: 'clerk@aldercounty.example', microsoftAuth: { sub: 'ms-clerk' } });

let replacementForm: Block;
let trackBallot: Block;
let gmailOnly: Block;
let voteHours: Block;
let replacement: Checklist;

beforeEach(() => {
  resetFactoryIds();
  replacementForm = makeBlock({ name: 'Request a Replacement Ballot', body: '<p>Ask for a replacement ballot online.</p>' });
  trackBallot = makeBlock({ name: 'Track My Ballot', body: '<p>You can track your mail ballot online.</p>' });
  gmailOnly = makeBlock({ name: 'Gmail Only Reply', body: '<p>Only in Gmail.</p>', supportedContexts: ['gmail'] });
  voteHours = makeBlock({ name: 'Vote Center Hours', body: '<p>Vote centers are open from 8 to 8.</p>' });
  replacement = makeChecklist({
    name: 'Replacement Ballot Request',
    categories: ['Mail Ballots'],
    tasks: [{ name: 'Confirm the voter’s name' }, { name: 'Verify the address' }, { name: 'Void the original ballot' }],
    // A deleted block and one the Outlook host cannot insert are left out.
    blocks: [trackBallot._id, objectIdFor('block', 0xdead), gmailOnly._id, replacementForm._id],
  });
});

afterEach(() => {
  window.location.hash = '';
  configure({ reactStrictMode: false });
});

function renderChecklist(options: { id?: string; host?: FakeHost; data?: Partial<HomeApiData> } = {}) {
  const api = makeHomeApi({
    user,
    teams: [team],
    account: makeAccount(),
    blocks: [replacementForm, trackBallot, gmailOnly, voteHours],
    checklists: [replacement],
    ...options.data,
  });
  const host = options.host ?? makeFakeHost();
  if (!options.host) host.item = writing;
  return { ...renderApp(`#/checklist/${options.id ?? replacement._id}`, { api, host, auth: signedInState('cognito', `fake-id.${user.email}.1`, null) }), api };
}

/**
 * A writing host whose storage runs `before` ahead of every write: to fail a write (throw) or hold
 * it (await). `data` is what it stores.
 */
function hostWithWrites(before: (key: string, value: string) => void | Promise<void>, overrides: Parameters<typeof makeFakeHost>[0] = {}) {
  const plain = makeFakeHost();
  const storage: KeyValueStorage = {
    ...plain.storage,
    set: async (key, value) => {
      await before(key, value);
      return plain.storage.set(key, value);
    },
  };
  const host = makeFakeHost({ storage, ...overrides });
  host.item = writing;
  return { host, data: plain.data };
}

/** An outbox write that would store a `method` on the recorded checklists. */
const storesChecklistRecord = (key: string, value: string, method: 'POST' | 'PUT') =>
  key === OUTBOX_STORAGE_KEY && (JSON.parse(value) as Array<{ request: { method: string; path: string } }>).some((entry) => entry.request.method === method && entry.request.path.endsWith('/recordedphoneflows'));

const posts = (api: HomeApi) => api.checklistRecords.filter((record) => record.method === 'POST');
const puts = (api: HomeApi) => api.checklistRecords.filter((record) => record.method === 'PUT');
const task = (name: string) => within(screen.getByRole('group', { name: 'Tasks' })).getByRole('checkbox', { name });
const tasksAs = (...completed: boolean[]) => replacement.tasks.map((each, index) => ({ name: each.name, completed: completed[index] }));

/** Complete with tasks left unticked: the person confirms in the dialog that asks. */
async function completeAnyway(person: { click: (element: Element) => Promise<void> }) {
  await person.click(screen.getByRole('button', { name: 'Complete' }));
  await person.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Complete anyway' }));
}

describe('Checklist', () => {
  it('shows the back arrow, the name, the prompt, unchecked tasks, recommended blocks, search and Complete; stores checklistId; records the start once under strict mode', async () => {
    configure({ reactStrictMode: true });
    const host = makeFakeHost();
    host.item = writing;
    const { api } = renderChecklist({ host });

    expect(await screen.findByRole('heading', { level: 1, name: 'Replacement Ballot Request' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to checklists' }).getAttribute('href')).toBe('#/checklist-home');
    expect(screen.getByText(PROMPT)).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Tasks' })).getAllByRole('checkbox')).toHaveLength(3);
    expect(replacement.tasks.map((each) => (task(each.name) as HTMLInputElement).checked)).toEqual([false, false, false]);
    expect(screen.getByText('Recommended Blocks for this checklist:')).toBeTruthy();
    const recommended = await screen.findByRole('list', { name: 'Recommended blocks' });
    expect(within(recommended).getAllByRole('button', { name: /^(?!Show the text)/ }).map((button) => button.textContent)).toEqual([
      'Track My Ballot',
      'Request a Replacement Ballot',
    ]);
    expect(screen.getByRole('searchbox', { name: 'Search for additional Blocks:' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Complete' })).toBeTruthy();
    await waitFor(() => expect(JSON.parse(host.data.get('checklistId') ?? 'null')).toBe(replacement._id));

    await waitFor(() => expect(posts(api)).toHaveLength(1));
    const [created] = posts(api);
    expect(created!.path).toBe(`/api/accounts/${user.account}/teams/${replacement.team}/recordedphoneflows`);
    expect(created!.key).toMatch(/^[\w.:-]{8,128}$/);
    expect(created!.body).toEqual({
      phoneFlowId: replacement._id,
      name: 'Replacement Ballot Request',
      tasks: tasksAs(false, false, false),
      blocks: replacement.blocks,
      blocksSent: [],
      userEmail: user.email,
      cognitoSub: user.cognitoAuth!.sub,
      microsoftSub: 'ms-clerk',
      startTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      endTime: null,
      categories: ['Mail Ballots'],
    });
    // Re-renders as the rest loads: still one record.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(posts(api)).toHaveLength(1);
    expect(puts(api)).toEqual([]);
  });

  it('records each task toggle on the record the create made', async () => {
    const { user: person, api } = renderChecklist();
    await screen.findByRole('group', { name: 'Tasks' });
    await person.click(task('Verify the address'));
    expect((task('Verify the address') as HTMLInputElement).checked).toBe(true);
    await waitFor(() => expect(puts(api)).toHaveLength(1));
    expect(puts(api)[0]!.body).toEqual({ recordedPhoneFlowId: recordedChecklistId(1), tasks: tasksAs(false, true, false), blocksSent: [], endTime: null });

    await person.click(task('Confirm the voter’s name'));
    await person.click(task('Verify the address'));
    await waitFor(() => expect(puts(api)).toHaveLength(3));
    expect(puts(api).map((record) => record.body.tasks)).toEqual([tasksAs(false, true, false), tasksAs(true, true, false), tasksAs(true, false, false)]);
    expect(new Set(api.checklistRecords.map((record) => record.key)).size).toBe(4);
  });

  it('inserts a recommended and a searched block as phone_flow, and records the blocks sent in order, each once', async () => {
    const insertBlock = vi.fn().mockResolvedValue({ outcome: 'inserted', skipped: [] });
    const host = makeFakeHost({ insertBlock });
    host.item = writing;
    const { user: person, api } = renderChecklist({ host });

    const recommended = await screen.findByRole('list', { name: 'Recommended blocks' });
    await person.click(within(recommended).getByRole('button', { name: 'Track My Ballot' }));
    expect(insertBlock).toHaveBeenCalledWith({ html: `<span data-sanitised="">${trackBallot.body}</span>`, text: 'You can track your mail ballot online.' });
    await waitFor(() => expect(api.records).toHaveLength(1));
    expect(api.records[0]!.body).toMatchObject({ autoResponseId: trackBallot._id, uiSource: 'phone_flow', contextUsed: 'outlook', userEmail: user.email });
    await waitFor(() => expect(puts(api)).toHaveLength(1));
    expect(puts(api)[0]!.body).toEqual({ recordedPhoneFlowId: recordedChecklistId(1), tasks: tasksAs(false, false, false), blocksSent: [trackBallot._id], endTime: null });

    await person.type(screen.getByRole('searchbox', { name: 'Search for additional Blocks:' }), 'vote centers');
    const results = await screen.findByRole('list', { name: 'Search results' });
    await person.click(within(results).getByRole('button', { name: 'Vote Center Hours' }));
    await person.click(within(recommended).getByRole('button', { name: 'Track My Ballot' }));
    await waitFor(() => expect(puts(api)).toHaveLength(3));
    expect(puts(api).map((record) => record.body.blocksSent)).toEqual([[trackBallot._id], [trackBallot._id, voteHours._id], [trackBallot._id, voteHours._id]]);
    await waitFor(() => expect(api.records).toHaveLength(3));
    expect(api.records.map((record) => [record.body.autoResponseId, record.body.uiSource])).toEqual([
      [trackBallot._id, 'phone_flow'],
      [voteHours._id, 'phone_flow'],
      [trackBallot._id, 'phone_flow'],
    ]);
  });

  it('does not count a block the host failed to insert as sent', async () => {
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const insertBlock = vi.fn().mockRejectedValue(new Error('refused'));
    const host = makeFakeHost({ insertBlock });
    host.item = writing;
    const { user: person, api } = renderChecklist({ host });
    await person.click(within(await screen.findByRole('list', { name: 'Recommended blocks' })).getByRole('button', { name: 'Track My Ballot' }));
    expect(await screen.findByText('An error occurred in processing your request. Please close and re-open the plugin. If the problem persists contact our team.')).toBeTruthy();
    await waitFor(() => expect(posts(api)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(puts(api)).toEqual([]);
    expect(api.records).toEqual([]);
    expect(messagesOf(consoleWarn)).toEqual(new Set(['Inserting a block failed']));
  });

  it("Complete shows 'Loading' until the end is recorded, then goes to the complete screen", async () => {
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { host } = hostWithWrites(async (key, value) => {
      if (key === OUTBOX_STORAGE_KEY && value.includes('"endTime":"')) await held;
    });
    const { user: person, api } = renderChecklist({ host });
    await person.click(await screen.findByRole('checkbox', { name: 'Void the original ballot' }));
    await completeAnyway(person);
    const loading = await screen.findByRole('button', { name: 'Loading' });
    expect(loading.hasAttribute('disabled') || loading.getAttribute('aria-disabled') === 'true').toBe(true);
    expect(window.location.hash).toBe(`#/checklist/${replacement._id}`);

    release();
    expect(await screen.findByRole('heading', { level: 1, name: 'Complete!' })).toBeTruthy();
    expect(window.location.hash).toBe('#/checklist-complete');
    await waitFor(() => expect(puts(api)).toHaveLength(2));
    const completed = puts(api)[1]!.body;
    expect(completed).toMatchObject({ recordedPhoneFlowId: recordedChecklistId(1), tasks: tasksAs(false, false, true), blocksSent: [] });
    expect(Date.parse(String(completed.endTime))).toBeGreaterThanOrEqual(Date.parse(String(posts(api)[0]!.body.startTime)));
  });

  it('Complete with no task ticked asks first: Cancel stays on the checklist, Complete anyway records it as before', async () => {
    const { user: person, api } = renderChecklist();
    await screen.findByRole('group', { name: 'Tasks' });
    await waitFor(() => expect(posts(api)).toHaveLength(1));
    const complete = screen.getByRole('button', { name: 'Complete' });
    await person.click(complete);

    const dialog = await screen.findByRole('alertdialog', { name: 'Complete with no tasks ticked?' });
    expect(within(dialog).getByText('No task of this checklist is ticked. It will be recorded as completed with none done.')).toBeTruthy();
    await person.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(window.location.hash).toBe(`#/checklist/${replacement._id}`);
    expect(screen.getByText(PROMPT)).toBeTruthy();
    expect(document.activeElement).toBe(complete);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(puts(api)).toEqual([]);

    await person.click(complete);
    await person.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Complete anyway' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Complete!' })).toBeTruthy();
    await waitFor(() => expect(puts(api)).toHaveLength(1));
    expect(puts(api)[0]!.body).toMatchObject({ recordedPhoneFlowId: recordedChecklistId(1), tasks: tasksAs(false, false, false), blocksSent: [] });
    expect(puts(api)[0]!.body.endTime).toEqual(expect.any(String));
  });

  it('Complete with some tasks ticked asks first and names those left; with every task ticked it asks nothing', async () => {
    const { user: person, api } = renderChecklist();
    await person.click(await screen.findByRole('checkbox', { name: 'Verify the address' }));
    await person.click(screen.getByRole('button', { name: 'Complete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Complete with 2 of 3 tasks not ticked?' });
    const left = within(within(dialog).getByRole('list', { name: 'Tasks not ticked' })).getAllByRole('listitem').map((item) => item.textContent);
    expect(left).toEqual(replacement.tasks.map((task) => task.name).filter((name) => name !== 'Verify the address'));
    await person.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(window.location.hash).toBe(`#/checklist/${replacement._id}`);
    expect(puts(api).some((request) => typeof request.body.endTime === 'string')).toBe(false);

    for (const checkbox of screen.getAllByRole<HTMLInputElement>('checkbox')) if (!checkbox.checked) await person.click(checkbox);
    await person.click(screen.getByRole('button', { name: 'Complete' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Complete!' })).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

describe('Checklist errors', () => {
  it('says the checklist may have been removed when it is not among the user’s checklists', async () => {
    const { api } = renderChecklist({ id: objectIdFor('checklist', 0xbeef) });
    expect(await screen.findByText(NOT_FOUND)).toBeTruthy();
    expect(screen.queryByText(PROMPT)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Complete' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to checklists' })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.checklistRecords).toEqual([]);
  });

  it('shows the load-failure message when the checklists cannot be loaded', async () => {
    server.use(http.get(API.checklists, () => apiError(503)));
    const { api } = renderChecklist();
    expect(await screen.findByText(LOAD_FAILED)).toBeTruthy();
    expect(screen.queryByText(NOT_FOUND)).toBeNull();
    expect(screen.queryByRole('group', { name: 'Tasks' })).toBeNull();
    expect(api.checklistRecords).toEqual([]);
  });

  it('says the checklist could not be recorded when its start cannot be stored; Complete then creates the record', async () => {
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let failing = true;
    const { host } = hostWithWrites((key, value) => {
      if (failing && storesChecklistRecord(key, value, 'POST')) throw new Error('QuotaExceededError');
    });
    const { user: person, api } = renderChecklist({ host });
    expect(await screen.findByText(RECORD_FAILED)).toBeTruthy();
    // Still usable; without a record a toggle has nothing to update.
    await person.click(task('Verify the address'));
    expect((task('Verify the address') as HTMLInputElement).checked).toBe(true);

    // Complete tries to create it, fails again, and stays.
    await completeAnyway(person);
    expect(await screen.findByRole('button', { name: 'Complete' })).toBeTruthy();
    expect(screen.getByText(RECORD_FAILED)).toBeTruthy();
    expect(window.location.hash).toBe(`#/checklist/${replacement._id}`);

    failing = false;
    await completeAnyway(person);
    expect(await screen.findByRole('heading', { level: 1, name: 'Complete!' })).toBeTruthy();
    await waitFor(() => expect(puts(api)).toHaveLength(1));
    expect(posts(api)).toHaveLength(1);
    expect(posts(api)[0]!.body.tasks).toEqual(tasksAs(false, false, false));
    expect(puts(api)[0]!.body).toMatchObject({ recordedPhoneFlowId: recordedChecklistId(1), tasks: tasksAs(false, true, false), blocksSent: [] });
    expect(puts(api)[0]!.body.endTime).toEqual(expect.any(String));
    expect(messagesOf(consoleWarn)).toEqual(new Set(['Cannery: recording the checklist failed']));
  });

  it('says the checklist could not be updated when an update cannot be stored, and stays usable', async () => {
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let failing = false;
    const { host } = hostWithWrites((key, value) => {
      if (failing && storesChecklistRecord(key, value, 'PUT')) throw new Error('QuotaExceededError');
    });
    const { user: person, api } = renderChecklist({ host });
    await waitFor(() => expect(posts(api)).toHaveLength(1));
    failing = true;
    await person.click(task('Verify the address'));
    expect(await screen.findByText(UPDATE_FAILED)).toBeTruthy();
    expect((task('Verify the address') as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByText(RECORD_FAILED)).toBeNull();

    // The next update that is stored carries the whole progress, and clears the message.
    failing = false;
    await person.click(task('Void the original ballot'));
    await waitFor(() => expect(screen.queryByText(UPDATE_FAILED)).toBeNull());
    await waitFor(() => expect(puts(api)).toHaveLength(1));
    expect(puts(api)[0]!.body.tasks).toEqual(tasksAs(false, true, true));
    expect(messagesOf(consoleWarn)).toEqual(new Set(['Cannery: updating the checklist record failed']));
  });

  it('on an email being read shows the checklist home instruction and records nothing', async () => {
    const openNewCompose = vi.fn(() => Promise.resolve());
    const host = makeFakeHost({ openNewCompose });
    host.item = reading;
    const { api } = renderChecklist({ host });
    expect(await screen.findByText(NEW_WINDOW)).toBeTruthy();
    expect(openNewCompose).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(PROMPT)).toBeNull();
    await waitFor(() => expect(api.requests.some((request) => request.url.includes('/phoneflows'))).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.checklistRecords).toEqual([]);
    expect(screen.queryByRole('group', { name: 'Tasks' })).toBeNull();
  });
});
