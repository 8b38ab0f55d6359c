// Home's classification panel when the scrubbing rules cannot be loaded (a failed chunk after an
// update, a network drop): the spec's error shows and nothing leaves the device unscrubbed.
// Its own file, because the failed import is a module mock for the whole file.
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { signedInState } from '../../../src/state/auth';
import { DEFAULT_TEAM_ID, makeAccount, makeBlock, makeTeam, makeUser } from '../../fixtures/factories';
import { renderApp } from '../support/render-app';
import { makeFakeHost } from '../fake-host';
import { makeHomeApi } from '../support/home-api';

vi.mock('../../../src/sanitize/sanitize-html', () => ({
  sanitizeBlockHtml: (html: string) => html,
  blockHtmlToPlainText: (html: string) => html.replace(/<[^>]+>/g, ''),
}));
vi.mock('../../../src/domain/names-census', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

const ERROR = 'Error classifying email. Please reload the add-in to try again.';

describe('classification without its scrubbing rules', () => {
  it("shows the spec's error and sends no text to the classifier", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const user = makeUser({ email: 'clerk@aldercounty.example' });
    const api = makeHomeApi({
      user,
      teams: [makeTeam({ _id: DEFAULT_TEAM_ID, name: 'Elections' })],
      account: makeAccount({ hasPhoneFlowAccess: false, emailClassificationFeature: { on: true, teams: [DEFAULT_TEAM_ID] } }),
      blocks: [makeBlock({ name: 'Vote Center Hours' })],
      classify: { prediction: 'Election' },
    });
    const host = makeFakeHost();
    host.item = {
      mode: 'read',
      itemId: 'item-1',
      bodyText: 'Hello, I mailed my ballot last week. Was it counted? Jordan Lee',
      sender: { displayName: 'Jordan Lee', emailAddress: 'jordan.lee@example.com' },
      recipients: [{ displayName: '', emailAddress: 'elections@aldercounty.example' }],
      subject: 'My ballot',
    };
    renderApp('#/home', { api, host, auth: signedInState('cognito', `fake-id.${user.email}.1`, null) });
    const region = await screen.findByRole('region', { name: 'Email classification' });
    expect(await within(region).findByText(ERROR)).toBeTruthy();
    expect(api.classified).toEqual([]);
  });
});
