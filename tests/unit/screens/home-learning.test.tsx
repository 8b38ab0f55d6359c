import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { MailItem } from '../../../hosts/host';
import type { Block } from '../../../src/api/contract/block';
import { signedInState } from '../../../src/state/auth';
import { hashedEmailTerms } from '../../../src/domain/email-terms';
import { DEFAULT_TEAM_ID, makeAccount, makeBlock, makeTeam, makeUser, resetFactoryIds } from '../../fixtures/factories';
import { renderApp } from '../support/render-app';
import { makeFakeHost, type FakeHost } from '../fake-host';
import { makeHomeApi, type HomeApiData } from '../support/home-api';

vi.mock('../../../src/sanitize/sanitize-html', () => ({
  sanitizeBlockHtml: (html: string) => html,
  blockHtmlToPlainText: (html: string) => html.replace(/<[^>]+>/g, ''),
}));

/**
 * Learning from the team's choices in the task pane: a block used with an email open sends the
 * email's signature (hashed terms, never its words) with the use's record, and what the teams
 * learned brings a block into Recommended that shares no word with the email.
 */
const team = makeTeam({ _id: DEFAULT_TEAM_ID, name: 'Elections' });
const user = makeUser({ email: 'clerk@aldercounty.example' });
const EMAIL = 'Hello, this is Donna Whitfield at 1600 Main Street. My absentee thing never showed up and the primary is close. Can you help?';
const reading = (body: string): MailItem => ({
  mode: 'read',
  itemId: 'item-1',
  bodyText: body,
  sender: { displayName: 'Donna Whitfield', emailAddress: 'donna@example.com' },
  recipients: [],
  subject: 'Absentee',
});

let replacement: Block;
let hours: Block;
beforeEach(() => {
  resetFactoryIds();
  replacement = makeBlock({ name: 'Request a Replacement Ballot', body: '<p>If your mail ballot has not arrived, request a replacement ballot.</p>' });
  hours = makeBlock({ name: 'Vote Center Hours', body: '<p>Vote centers are open from 8 to 8, help desk included.</p>' });
});
afterEach(() => {
  window.location.hash = '';
});

function renderHome(host: FakeHost, data: Partial<HomeApiData> = {}) {
  const api = makeHomeApi({ user, teams: [team], account: makeAccount({ hasPhoneFlowAccess: false }), blocks: [replacement, hours], ...data });
  return { ...renderApp('#/home', { api, host, auth: signedInState('cognito', `fake-id.${user.email}.1`, null) }), api };
}

/** The email's words of three letters or more, as they could appear in a request body. */
const wordsOf = (text: string) => [...new Set(text.toLowerCase().match(/[a-z]{3,}/g) ?? [])];

describe('learning from the team\'s choices in the task pane', () => {
  it('sends with the use only hashed terms of the email: no request carries a word of it', async () => {
    const host = makeFakeHost();
    host.item = reading(EMAIL);
    const { user: person, api } = renderHome(host);
    await person.type(await screen.findByRole('searchbox'), 'vote center');
    await person.click(await screen.findByRole('button', { name: 'Vote Center Hours' }));
    await waitFor(() => expect(api.records).toHaveLength(1));
    const signature = api.records[0]?.body.emailSignature as string[];
    expect(signature.length).toBeGreaterThan(3);
    for (const hash of signature) expect(hash).toMatch(/^[0-9a-f]{8}$/);
    // Every request the pane sent (the record, the block list, the learning, ...): none holds a word of the email.
    const sentBodies = api.requests.map((request) => `${request.url} ${request.body}`.toLowerCase());
    expect(sentBodies.length).toBeGreaterThan(0);
    for (const word of wordsOf(EMAIL).filter((word) => !['the', 'and', 'can', 'you', 'this', 'help', 'hello', 'vote', 'center'].includes(word))) {
      for (const body of sentBodies) expect(body, word).not.toContain(word);
    }
  });

  it('sends no signature when no email is open (a text field)', async () => {
    const host = makeFakeHost({ context: 'text_input' });
    host.item = reading(EMAIL);
    const { user: person, api } = renderHome(host);
    await person.type(await screen.findByRole('searchbox'), 'vote center');
    await person.click(await screen.findByRole('button', { name: 'Vote Center Hours' }));
    await waitFor(() => expect(api.records).toHaveLength(1));
    expect(api.records[0]?.body).not.toHaveProperty('emailSignature');
  });

  it('recommends the block the team chose for emails with these terms, though it shares no word with the email', async () => {
    const email = 'my absentee thing never showed up';
    const terms = Object.fromEntries(hashedEmailTerms(email).map((hash): [string, Array<[number, number]>] => [hash, [[0, 3]]]));
    const learning = { enabled: true, halfLifeDays: 90, teams: [{ team: team._id, blocks: [replacement._id], terms }] };
    const host = makeFakeHost();
    host.item = reading(email);
    renderHome(host, { learning });
    const recommended = await screen.findByRole('list', { name: 'Recommended' });
    expect(within(recommended).getByRole('button', { name: 'Request a Replacement Ballot' })).toBeTruthy();
  });

  it('recommends nothing for that email when nothing was learned', async () => {
    const host = makeFakeHost();
    host.item = reading('my absentee thing never showed up');
    renderHome(host);
    expect(await screen.findByRole('list', { name: 'Blocks' }).catch(() => null)).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole('list', { name: 'Recommended' })).toBeNull();
  });
});
