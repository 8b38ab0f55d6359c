// Home's classification panel against the real API client and a fake server (rules §4
// "Classification", §5 "Personal-data scrubbing", §6, §7, §8).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { textProblem } from '../../../src/api/contract/text';
import { act, screen, waitFor, within } from '@testing-library/react';
import { noOpenItem, type MailItem } from '../../../hosts/host';
import { signedInState } from '../../../src/state/auth';
import { EDIT_PAUSE_MS } from '../../../src/screens/blocks/use-classification';
import { DEFAULT_TEAM_ID, makeAccount, makeBlock, makeTeam, makeUser, resetFactoryIds } from '../../fixtures/factories';
import { renderApp } from '../support/render-app';
import { makeFakeHost } from '../fake-host';
import { http } from 'msw';
import { API, apiError, type ClassifyAnswer } from '../support/api-handlers';
import { server } from '../support/api-server';
import { makeHomeApi, type HomeApiData } from '../support/home-api';

// DOMPurify does not run on happy-dom (the sanitiser refuses to, see sanitize-html.ts; it is tested
// in Chromium). Here a marker proves every body passes through it before it is shown or inserted.
vi.mock('../../../src/sanitize/sanitize-html', () => ({
  sanitizeBlockHtml: (html: string) => `<span data-sanitised="">${html}</span>`,
  blockHtmlToPlainText: (html: string) => html.replace(/<[^>]+>/g, ''),
}));

const ERROR = 'Error classifying email. Please reload the add-in to try again.';
const user = makeUser({ email: 'clerk@aldercounty.example', microsoftAuth: { sub: 'ms-clerk' } });
const featureOn = makeAccount({ hasPhoneFlowAccess: false, emailClassificationFeature: { on: true, teams: [DEFAULT_TEAM_ID] } });
const BODY = 'Hello, I mailed my ballot last week. Call me at 555-867-5309 or write to jordan.lee@example.com. Was it counted?';

const reading = (overrides: Partial<MailItem> = {}): MailItem => ({
  mode: 'read',
  itemId: 'item-1',
  bodyText: BODY,
  sender: { displayName: 'Jordan Lee', emailAddress: 'jordan.lee@example.com' },
  recipients: [{ displayName: '', emailAddress: 'elections@aldercounty.example' }],
  subject: 'My ballot',
  ...overrides,
});
const composing = (to: string[], body = 'Thank you for asking about your mail ballot, it was counted.'): MailItem => ({
  mode: 'compose',
  itemId: 'draft-1',
  bodyText: body,
  sender: { displayName: '', emailAddress: user.email },
  recipients: to.map((emailAddress) => ({ displayName: '', emailAddress })),
  subject: 'RE: My ballot',
});

/** A host whose open item the test changes, as a host's watcher reports it. */
function makeWatchedHost(first: MailItem) {
  let report: (item: MailItem) => void = () => undefined;
  const host = makeFakeHost({
    watchItem: (onChange) => {
      report = onChange;
      onChange(first);
    },
  });
  const open = (item: MailItem) => act(async () => {
    report({ ...item });
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
  return { host, open };
}

/** Resolves when the test calls `release(answer)`: a `POST /classify` that answers when told. */
function gate() {
  let release: (answer: ClassifyAnswer) => void = () => undefined;
  const answered = new Promise<ClassifyAnswer>((resolve) => (release = resolve));
  // The answer travels through fetch and the client over a few ticks: all of them inside act.
  const settle = (answer: ClassifyAnswer) => act(async () => {
    release(answer);
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
  return { answered, release: settle };
}

function renderHome(options: { item?: MailItem; host?: ReturnType<typeof makeFakeHost>; data?: Partial<HomeApiData> } = {}) {
  const api = makeHomeApi({ user, teams: [makeTeam({ _id: DEFAULT_TEAM_ID, name: 'Elections' })], account: featureOn, blocks: [makeBlock({ name: 'Vote Center Hours' })], ...options.data });
  const host = options.host ?? makeFakeHost();
  if (!options.host) host.item = options.item ?? reading();
  return { ...renderApp('#/home', { api, host, auth: signedInState('cognito', `fake-id.${user.email}.1`, null) }), api };
}

const panel = () => screen.findByRole('region', { name: 'Email classification' });
const noPanel = () => expect(screen.queryByRole('region', { name: 'Email classification' })).toBeNull();

/** Home has loaded the account and painted its blocks: had the panel any reason to show, it would have asked. */
async function homeSettled(api: ReturnType<typeof makeHomeApi>) {
  await screen.findByRole('button', { name: 'Vote Center Hours' });
  await waitFor(() => expect(api.requests.some((request) => request.url.startsWith('/api/accounts?'))).toBe(true));
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
}

beforeEach(() => resetFactoryIds());
afterEach(() => {
  window.location.hash = '';
  vi.restoreAllMocks();
});

describe('who sees the panel (rules §6)', () => {
  it('is hidden and nothing is sent when the account switch is off', async () => {
    const { api } = renderHome({ data: { account: makeAccount({ hasPhoneFlowAccess: false }), classify: { prediction: 'Election' } } });
    await homeSettled(api);
    noPanel();
    expect(api.classified).toEqual([]);
  });

  it('is hidden when the user is in none of the listed teams', async () => {
    const otherTeams = makeAccount({ hasPhoneFlowAccess: false, emailClassificationFeature: { on: true, teams: ['0123456789abcdef01234567'] } });
    const { api } = renderHome({ data: { account: otherTeams, classify: { prediction: 'Election' } } });
    await homeSettled(api);
    noPanel();
    expect(api.classified).toEqual([]);
  });

  it('is not offered in a text field on a web page, and nothing of the field is sent', async () => {
    const host = makeFakeHost({ context: 'text_input' });
    host.item = { ...reading(), mode: 'compose', sender: null, recipients: [], subject: '' };
    const { api } = renderHome({ host, data: { classify: { prediction: 'Election' } } });
    await homeSettled(api);
    noPanel();
    expect(api.classified).toEqual([]);
  });

  it('does not spin when the host read and found nothing open (a side panel next to a tab that is not Gmail)', async () => {
    const host = makeFakeHost();
    host.item = noOpenItem();
    const { api } = renderHome({ host, data: { classify: { prediction: 'Election' } } });
    await homeSettled(api);
    noPanel();
    expect(screen.queryByText('Classifying this email...')).toBeNull();
    expect(api.classified).toEqual([]);
  });

  it('shows for a user who administers a listed team', async () => {
    const adminTeam = '0123456789abcdef01234567';
    const account = makeAccount({ hasPhoneFlowAccess: false, emailClassificationFeature: { on: true, teams: [adminTeam] } });
    const admin = { ...user, adminTeams: [adminTeam] };
    const api = makeHomeApi({ user: admin, teams: [], account, blocks: [], classify: { prediction: 'Recorder' } });
    const host = makeFakeHost();
    host.item = reading();
    renderApp('#/home', { api, host, auth: signedInState('cognito', `fake-id.${user.email}.1`, null) });
    expect(await within(await panel()).findByText('Is this email about Recorder?')).toBeTruthy();
  });
});

describe('states (rules §4)', () => {
  it('shows LOADING while the model works, then asks about its label', async () => {
    const classify = gate();
    renderHome({ data: { classify: () => classify.answered } });
    expect(await within(await panel()).findByText('Classifying this email...')).toBeTruthy();
    await classify.release({ prediction: 'Election' });
    expect(await within(await panel()).findByText('Is this email about Election?')).toBeTruthy();
    expect(within(await panel()).queryByText('Classifying this email...')).toBeNull();
  });

  it("shows the spec's error when the classifier fails", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderHome({ data: { classify: { status: 503 } } });
    expect(await within(await panel()).findByText(ERROR)).toBeTruthy();
    expect(within(await panel()).queryByRole('button', { name: 'Yes' })).toBeNull();
    expect(warn).toHaveBeenCalledWith('Classifying the email failed', expect.objectContaining({ status: 503 }));
  });

  it('is hidden for a new message with nothing written yet', async () => {
    const { api } = renderHome({ item: composing([], '   '), data: { classify: { prediction: 'Election' } } });
    await homeSettled(api);
    noPanel();
    expect(api.classified).toEqual([]);
  });
});

describe('which emails are classified (rules §4)', () => {
  it('read: not an email from the user domain', async () => {
    const fromColleague = reading({ sender: { displayName: 'Morgan', emailAddress: 'morgan@aldercounty.example' } });
    const { api } = renderHome({ item: fromColleague, data: { classify: { prediction: 'Election' } } });
    await homeSettled(api);
    noPanel();
    expect(api.classified).toEqual([]);
  });

  it('compose: not a message only to the user domain', async () => {
    const { api } = renderHome({ item: composing(['records@aldercounty.example']), data: { classify: { prediction: 'Election' } } });
    await homeSettled(api);
    noPanel();
    expect(api.classified).toEqual([]);
  });

  it.each([
    ['with one recipient outside the domain', ['records@aldercounty.example', 'jordan@example.com']],
    ['with no recipients', []],
  ])('compose: a message %s', async (_name, to) => {
    const { api } = renderHome({ item: composing(to), data: { classify: { prediction: 'Recorder' } } });
    expect(await within(await panel()).findByText('Is this email about Recorder?')).toBeTruthy();
    expect(api.classified).toHaveLength(1);
  });
});

describe('what leaves the device (rules §5, §7)', () => {
  it('sends the body without its email address or phone number', async () => {
    const { api } = renderHome({ data: { classify: { prediction: 'Election' } } });
    await within(await panel()).findByText('Is this email about Election?');
    const [text] = api.classified;
    expect(text).toContain('mailed my ballot');
    expect(text).toContain('Was it counted?');
    for (const secret of ['jordan.lee', '@', 'example.com', '555', '867', '5309']) expect(text).not.toContain(secret);
  });

  it('sends an email full of control characters as text the API takes, and records the same text', async () => {
    // Word's vertical tab, a stray NUL and a broken surrogate, as real bodies hold them.
    const item = reading({ bodyText: 'I mailed my ballot\u000b last week.\u0000 Was it counted?\ud800' });
    const { api, user: person } = renderHome({ item, data: { classify: { prediction: 'Election' } } });
    await person.click(await within(await panel()).findByRole('button', { name: 'Yes' }));
    const [text] = api.classified;
    expect(text).toContain('mailed my ballot');
    expect(textProblem(text!, 'multiline')).toBeUndefined();
    await waitFor(() => expect(api.classificationOutcomes).toHaveLength(1));
    expect(textProblem(String(api.classificationOutcomes[0]!.emailBody), 'multiline')).toBeUndefined();
  });

  it("sends the body without the sender's and recipients' display names, nor names the lists know only in context", async () => {
    // "Okonkwo-Quist" and "Quillfeatherby" are in no names list: only the item's display names say they are people.
    const body = 'Thaddeus here. Okonkwo-Quist is my legal surname; my ballot went to Quillfeatherby at the clerk desk.\nThanks,\nThaddeus';
    const item = reading({
      bodyText: body,
      sender: { displayName: 'Thaddeus Okonkwo-Quist', emailAddress: 'thaddeus@example.com' },
      recipients: [{ displayName: 'Ines Quillfeatherby', emailAddress: 'elections@aldercounty.example' }],
    });
    const { api } = renderHome({ item, data: { classify: { prediction: 'Election' } } });
    await within(await panel()).findByText('Is this email about Election?');
    const [text] = api.classified;
    expect(text).toContain('is my legal surname');
    expect(text).toContain('at the clerk desk');
    for (const name of ['Thaddeus', 'Okonkwo', 'Quillfeatherby']) expect(text).not.toContain(name);
  });

  it.each([
    ['Yes', 'Election', 'Election', 'yes'],
    ['No', 'Election', 'Recorder', 'no'],
    ['No', 'Recorder', 'Election', 'no'],
    // An email about something else: nothing to learn, so no label; the answer itself is kept.
    ['Neither', 'Recorder', null, 'neither'],
  ] as const)('%s to %s records %s as the actual label and the answer itself, with the scrubbed text, then thanks', async (button, predicted, actual, answer) => {
    const { api, user: person } = renderHome({ data: { classify: { prediction: predicted } } });
    await person.click(await within(await panel()).findByRole('button', { name: button }));

    const thanks = await within(await panel()).findByText('Thank you for your feedback.');
    // The pressed button went with the question: the focus moved to the thanks, not to the page.
    await waitFor(() => expect(document.activeElement).toBe(thanks));
    expect(within(await panel()).queryByText(`Is this email about ${predicted}?`)).toBeNull();
    expect(within(await panel()).queryByRole('button', { name: 'Yes' })).toBeNull();
    await waitFor(() => expect(api.classificationOutcomes).toHaveLength(1));
    expect(api.classificationOutcomes[0]).toEqual({
      emailBody: api.classified[0],
      userEmail: user.email,
      classificationFromModel: predicted,
      actualClassification: actual,
      userAnswer: answer,
      cognitoSub: user.cognitoAuth!.sub,
      microsoftSub: 'ms-clerk',
    });
    expect(String(api.classificationOutcomes[0]!.emailBody)).not.toMatch(/jordan\.lee|5309/);
  });

  it('thanks the user even when the outcome is refused, and only logs it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { api, user: person } = renderHome({ data: { classify: { prediction: 'Election' } } });
    server.use(http.post(API.classificationOutcomes, () => apiError(500)));
    await person.click(await within(await panel()).findByRole('button', { name: 'Yes' }));
    expect(await within(await panel()).findByText('Thank you for your feedback.')).toBeTruthy();
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Recording the classification outcome failed', expect.anything()));
    expect(api.classificationOutcomes).toHaveLength(1);
    expect(screen.queryByText(ERROR)).toBeNull();
  });
});

describe('when the open item changes (rules §4)', () => {
  it("another email's answer wins over a stale one for the previous email", async () => {
    const first = gate();
    const second = gate();
    const { host, open } = makeWatchedHost(reading({ itemId: 'item-1', bodyText: 'Where do I record a deed?' }));
    renderHome({ host, data: { classify: (text) => (text.includes('deed') ? first.answered : second.answered) } });
    await within(await panel()).findByText('Classifying this email...');

    await open(reading({ itemId: 'item-2', bodyText: 'When does early voting start?' }));
    await second.release({ prediction: 'Election' });
    expect(await within(await panel()).findByText('Is this email about Election?')).toBeTruthy();
    // The first email's answer arrives last and must not replace the second's.
    await first.release({ prediction: 'Recorder' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(within(await panel()).getByText('Is this email about Election?')).toBeTruthy();
    expect(screen.queryByText('Is this email about Recorder?')).toBeNull();
  });

  it('a new email shows LOADING at once, not the answer for the previous one', async () => {
    const { host, open } = makeWatchedHost(reading({ itemId: 'item-1' }));
    const later = gate();
    let calls = 0;
    renderHome({ host, data: { classify: () => (++calls === 1 ? { prediction: 'Election' } : later.answered) } });
    await within(await panel()).findByText('Is this email about Election?');
    await open(reading({ itemId: 'item-2', bodyText: 'I need a copy of a birth certificate.' }));
    expect(within(await panel()).getByText('Classifying this email...')).toBeTruthy();
    expect(screen.queryByText('Is this email about Election?')).toBeNull();
    await later.release({ prediction: 'Recorder' });
    expect(await within(await panel()).findByText('Is this email about Recorder?')).toBeTruthy();
  });

  it('after answering, another email is asked about again', async () => {
    const { host, open } = makeWatchedHost(reading({ itemId: 'item-1' }));
    const { user: person, api } = renderHome({ host, data: { classify: { prediction: 'Election' } } });
    await person.click(await within(await panel()).findByRole('button', { name: 'Yes' }));
    await within(await panel()).findByText('Thank you for your feedback.');
    await open(reading({ itemId: 'item-2', bodyText: 'Can I still register to vote?' }));
    expect(await within(await panel()).findByText('Is this email about Election?')).toBeTruthy();
    expect(api.classified).toHaveLength(2);
  });

  it('does not ask again about an email already answered: not on coming back to it, nor after a restart', async () => {
    const { host, open } = makeWatchedHost(reading({ itemId: 'item-1' }));
    const first = renderHome({ host, data: { classify: { prediction: 'Election' } } });
    await first.user.click(await within(await panel()).findByRole('button', { name: 'Neither' }));
    await within(await panel()).findByText('Thank you for your feedback.');
    await open(reading({ itemId: 'item-2', bodyText: 'Can I still register to vote?' }));
    expect(await within(await panel()).findByText('Is this email about Election?')).toBeTruthy();
    await open(reading({ itemId: 'item-1' }));
    await waitFor(() => noPanel());
    expect(first.api.classified).toHaveLength(2);

    // The pane opened again on the same email, with the same host storage.
    first.unmount();
    const again = makeWatchedHost(reading({ itemId: 'item-1' }));
    for (const [key, value] of host.data) again.host.data.set(key, value);
    const second = renderHome({ host: again.host, data: { classify: { prediction: 'Election' } } });
    await homeSettled(second.api);
    noPanel();
    expect(second.api.classified).toEqual([]);
    // Another email is still asked about.
    await again.open(reading({ itemId: 'item-3', bodyText: 'Where do I vote?' }));
    expect(await within(await panel()).findByText('Is this email about Election?')).toBeTruthy();
  });

  it('an edit of the same email is classified again once it stands still, not per change', async () => {
    const { host, open } = makeWatchedHost(composing(['jordan@example.com'], 'About your ballot'));
    const { api } = renderHome({ host, data: { classify: (text) => ({ prediction: text.includes('deed') ? 'Recorder' : 'Election' }) } });
    await within(await panel()).findByText('Is this email about Election?');
    expect(api.classified).toHaveLength(1);

    await open(composing(['jordan@example.com'], 'About your deed'));
    await open(composing(['jordan@example.com'], 'About your deed record'));
    // Until the pause has passed, the panel keeps its question and nothing is sent.
    await act(() => new Promise((resolve) => setTimeout(resolve, EDIT_PAUSE_MS / 2)));
    expect(api.classified).toHaveLength(1);
    expect(within(await panel()).getByText('Is this email about Election?')).toBeTruthy();

    expect(await within(await panel()).findByText('Is this email about Recorder?', {}, { timeout: EDIT_PAUSE_MS * 3 })).toBeTruthy();
    expect(api.classified).toEqual(['About your ballot', 'About your deed record']);
  });

  it('an email from outside turning into one from the user domain hides the panel', async () => {
    const { host, open } = makeWatchedHost(reading({ itemId: 'item-1' }));
    renderHome({ host, data: { classify: { prediction: 'Election' } } });
    await within(await panel()).findByText('Is this email about Election?');
    await open(reading({ itemId: 'item-2', sender: { displayName: 'Morgan', emailAddress: 'morgan@aldercounty.example' } }));
    noPanel();
  });
});
