/**
 * Suggest a block (rules §2 "Suggest block", §3, §5, §7, §8): the whole app rendered at the route,
 * against the fake Cannery API, typed into and clicked like a user would.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { signedInState } from '../../../src/state/auth';
import { SELECTED_TEAM_KEY } from '../../../src/state/use-selected-team';
import { DEFAULT_TEAM_ID, makeAccount, makeTeam, makeUser, resetFactoryIds } from '../../fixtures/factories';
import { renderApp } from '../support/render-app';
import { makeFakeHost, type FakeHost } from '../fake-host';
import { http } from 'msw';
import { API, apiError } from '../support/api-handlers';
import { server } from '../support/api-server';
import { makeHomeApi, type HomeApiData } from '../support/home-api';

const NOT_SENT = 'Your suggestion was not sent. What you typed is still here, so you can try again.';

const elections = makeTeam({ _id: DEFAULT_TEAM_ID, name: 'Elections' });
const user = makeUser({ email: 'clerk@aldercounty.example' });

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  resetFactoryIds();
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  warn.mockRestore();
});

function renderAt(hash: string, options: { data?: Partial<HomeApiData>; host?: FakeHost } = {}) {
  const api = makeHomeApi({ user, teams: [elections], account: makeAccount({ hasPhoneFlowAccess: false }), blocks: [], ...options.data });
  const rendered = renderApp(hash, { api, host: options.host ?? makeFakeHost(), auth: signedInState('cognito', `fake-id.${user.email}.1`, null) });
  return { ...rendered, api };
}

const renderSuggest = (options: Parameters<typeof renderAt>[1] = {}) => renderAt('#/suggest-auto-response', options);
const nameField = () => screen.findByRole<HTMLInputElement>('textbox', { name: 'Name' });
const contentField = () => screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Block Content' });
const submitButton = () => screen.getByRole<HTMLButtonElement>('button', { name: /^(Submit Suggestion|Loading\.\.\.)$/ });

type Person = ReturnType<typeof renderAt>['user'];
async function fill(person: Person, name: string, content: string) {
  await person.type(await nameField(), name);
  await person.type(await contentField(), content);
}

describe('Suggest block', () => {
  it('offers Name, a 10-row Block Content, Submit Suggestion and a Home link, and no team selector with one team', async () => {
    renderSuggest();
    expect(await screen.findByRole('heading', { name: 'Suggest New Block' })).toBeTruthy();
    expect((await nameField()).value).toBe('');
    const content = await contentField();
    expect(content.tagName).toBe('TEXTAREA');
    expect(content.getAttribute('rows')).toBe('10');
    expect(submitButton().textContent).toBe('Submit Suggestion');
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('#/home');
    expect(screen.queryByRole('combobox', { name: 'Team' })).toBeNull();
  });

  it('says a field is required when it loses focus empty, and the message goes once it is filled and left', async () => {
    const { user: person } = renderSuggest();
    await person.click(await nameField());
    expect(screen.queryByText('Name is required.')).toBeNull();
    await person.tab();
    expect(await screen.findByText('Name is required.')).toBeTruthy();
    expect(screen.queryByText('Block Content is required')).toBeNull();
    await person.tab();
    expect(await screen.findByText('Block Content is required')).toBeTruthy();

    await person.type(await nameField(), 'Polling places');
    // Committed on blur: the message stays while the user types.
    expect(screen.getByText('Name is required.')).toBeTruthy();
    await person.tab();
    await waitFor(() => expect(screen.queryByText('Name is required.')).toBeNull());
    expect(screen.getByText('Block Content is required')).toBeTruthy();
  });

  it('submitting with empty or blank fields shows both messages, keeps what was typed and sends nothing', async () => {
    const { user: person, api } = renderSuggest();
    await person.type(await nameField(), '   ');
    await person.click(submitButton());
    expect(await screen.findByText('Name is required.')).toBeTruthy();
    expect(screen.getByText('Block Content is required')).toBeTruthy();
    expect((await nameField()).value).toBe('   ');

    await person.type(await contentField(), 'Some text{Enter}');
    await person.click(submitButton());
    expect(screen.getByText('Name is required.')).toBeTruthy();
    expect(screen.queryByText('Block Content is required')).toBeNull();
    expect((await contentField()).value).toBe('Some text\n');
    expect(api.suggestions).toEqual([]);
    expect(window.location.hash).toBe('#/suggest-auto-response');
  });

  it('refuses a name longer than the server takes, keeping it, instead of sending it', async () => {
    const { user: person, api } = renderSuggest();
    await person.click(await nameField());
    await person.paste('x'.repeat(201));
    await person.type(await contentField(), 'Body');
    await person.click(submitButton());
    expect(await screen.findByText('Name can be at most 200 characters.')).toBeTruthy();
    expect((await nameField()).value).toHaveLength(201);
    expect(api.suggestions).toEqual([]);
  });

  it('names a character the server would refuse, keeping the text, instead of sending it', async () => {
    const { user: person, api } = renderSuggest();
    await person.click(await nameField());
    await person.paste('Poll\u202eing hours');
    await person.type(await contentField(), 'Body');
    await person.click(submitButton());
    expect(await screen.findByText('Name must be one line without tabs or direction controls.')).toBeTruthy();
    expect((await nameField()).value).toBe('Poll\u202eing hours');
    expect(api.suggestions).toEqual([]);
  });

  it("sends the suggestion to the user's team, shows 'Loading...' on a disabled button while it waits, then the success screen", async () => {
    let answer!: () => void;
    const gate = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      // The shared handler, next in line, answers once the gate opens.
      http.post(API.suggestions, async () => {
        await gate;
      }),
    );
    const { user: person, api } = renderSuggest();
    await fill(person, 'Polling places', 'Your polling place is listed on your sample ballot.');
    await person.click(submitButton());

    await waitFor(() => expect(submitButton().textContent).toBe('Loading...'));
    expect(submitButton().disabled).toBe(true);
    await waitFor(() => expect(api.suggestions).toHaveLength(1));
    expect(api.suggestions[0]).toEqual({
      path: `/api/accounts/${user.account}/teams/${elections._id}/suggestedautoresponses`,
      body: {
        userEmail: 'clerk@aldercounty.example',
        name: 'Polling places',
        body: 'Your polling place is listed on your sample ballot.',
        supportedContexts: ['outlook', 'gmail'],
        cognitoSub: user.cognitoAuth!.sub,
        microsoftSub: null,
      },
    });
    // Enter in the Name field cannot send it twice while it waits.
    await person.type(await nameField(), '{Enter}');
    expect(api.suggestions).toHaveLength(1);

    answer();
    expect(await screen.findByText('Successfully suggested a new block!')).toBeTruthy();
    expect(window.location.hash).toBe('#/suggest-auto-response-success');
    expect(screen.getByRole('button', { name: 'Home' })).toBeTruthy();
  });

  it("'Suggest another block' opens an empty form, and Home goes home", async () => {
    const { user: person } = renderSuggest();
    await fill(person, 'Polling places', 'Listed on your sample ballot.');
    await person.click(submitButton());
    await person.click(await screen.findByRole('button', { name: 'Suggest another block' }));

    expect(await screen.findByRole('heading', { name: 'Suggest New Block' })).toBeTruthy();
    expect((await nameField()).value).toBe('');
    expect((await contentField()).value).toBe('');
    expect(screen.queryByText('Name is required.')).toBeNull();
    expect(submitButton().textContent).toBe('Submit Suggestion');

    await fill(person, 'Second', 'Another one.');
    await person.click(submitButton());
    await person.click(await screen.findByRole('button', { name: 'Home' }));
    expect(await screen.findByRole('heading', { name: 'Blocks' })).toBeTruthy();
  });

  it('with two teams, offers the team selector on the saved choice, and sends to the team picked', async () => {
    const front = makeTeam({ name: 'Front Counter' });
    const twoTeams = makeUser({ ...user, teams: [elections._id, front._id] });
    const host = makeFakeHost();
    const { user: person, api } = renderAt('#/suggest-auto-response', { host, data: { user: twoTeams, teams: [elections, front] } });

    const selector = await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Team' });
    expect(selector.value).toBe(elections._id);
    await person.selectOptions(selector, 'Front Counter');
    await waitFor(() => expect(JSON.parse(host.data.get(SELECTED_TEAM_KEY) ?? 'null')).toEqual({ _id: front._id, accountId: twoTeams.account, name: 'Front Counter' }));

    await fill(person, 'Counter hours', 'Open 8 to 5.');
    await person.click(submitButton());
    await screen.findByText('Successfully suggested a new block!');
    expect(api.suggestions.map((suggestion) => suggestion.path)).toEqual([`/api/accounts/${twoTeams.account}/teams/${front._id}/suggestedautoresponses`]);
  });

  it("starts on the team chosen earlier (Home's saved choice)", async () => {
    const front = makeTeam({ name: 'Front Counter' });
    const twoTeams = makeUser({ ...user, teams: [elections._id, front._id] });
    const host = makeFakeHost();
    host.data.set(SELECTED_TEAM_KEY, JSON.stringify({ _id: front._id, accountId: twoTeams.account, name: 'Front Counter' }));
    const { user: person, api } = renderAt('#/suggest-auto-response', { host, data: { user: twoTeams, teams: [elections, front] } });

    await waitFor(async () => expect((await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Team' })).value).toBe(front._id));
    await fill(person, 'Counter hours', 'Open 8 to 5.');
    await person.click(submitButton());
    await screen.findByText('Successfully suggested a new block!');
    expect(api.suggestions[0]!.path).toBe(`/api/accounts/${twoTeams.account}/teams/${front._id}/suggestedautoresponses`);
  });

  it('a refused suggestion is logged and said in one line, and everything typed stays for another try', async () => {
    server.use(http.post(API.suggestions, () => apiError(503)));
    const { user: person, api } = renderSuggest();
    await fill(person, 'Polling places', 'Listed on your sample ballot.');
    await person.click(submitButton());

    expect(await screen.findByRole('alert')).toHaveProperty('textContent', NOT_SENT);
    expect(warn).toHaveBeenCalledWith('Suggesting a block failed', expect.objectContaining({ status: 503 }));
    expect((await nameField()).value).toBe('Polling places');
    expect((await contentField()).value).toBe('Listed on your sample ballot.');
    expect(submitButton().textContent).toBe('Submit Suggestion');
    expect(submitButton().disabled).toBe(false);
    expect(window.location.hash).toBe('#/suggest-auto-response');
    expect(screen.queryByText('Successfully suggested a new block!')).toBeNull();

    // The next try sends the same text again.
    await person.click(submitButton());
    await waitFor(() => expect(api.suggestions).toHaveLength(2));
    expect(api.suggestions[1]!.body).toEqual(api.suggestions[0]!.body);
  });

  it('the success screen reached directly, with no suggestion accepted, goes Home', async () => {
    renderAt('#/suggest-auto-response-success');
    expect(await screen.findByRole('heading', { name: 'Blocks' })).toBeTruthy();
    expect(window.location.hash).toBe('#/home');
    expect(screen.queryByText('Successfully suggested a new block!')).toBeNull();
  });

  it('after a success, coming back to the success screen again goes Home', async () => {
    const { user: person } = renderSuggest();
    await fill(person, 'Polling places', 'Listed on your sample ballot.');
    await person.click(submitButton());
    await person.click(await screen.findByRole('button', { name: 'Suggest another block' }));
    await screen.findByRole('heading', { name: 'Suggest New Block' });

    window.location.hash = '#/suggest-auto-response-success';
    expect(await screen.findByRole('heading', { name: 'Blocks' })).toBeTruthy();
  });
});
