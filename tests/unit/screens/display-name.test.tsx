import { describe, expect, it, vi } from 'vitest';
import type { MailItem } from '../../../hosts/host';
import { screen, waitFor, within } from '@testing-library/react';
import { idTokenName } from '../../../src/user/display-name';
import { authAtom, signedInState } from '../../../src/state/auth';
import { navigate } from '../../../src/state/location';
import { DISPLAY_NAME_MESSAGES } from '../../../src/screens/account/display-name';
import { DEFAULT_TEAM_ID, makeAccount as makeCanneryAccount, makeBlock, makeTeam, makeUser } from '../../fixtures/factories';
import { FakeUserPool, makeAccount, poolError } from '../support/fake-user-pool';
import { renderApp } from '../support/render-app';
import { unsignedJwt } from '../support/unsigned-jwt';
import { makeFakeHost } from '../fake-host';
import { makeHomeApi } from '../support/home-api';
import { messagesOf } from '../support/console';

vi.mock('../../../src/sanitize/sanitize-html', () => ({
  sanitizeBlockHtml: (html: string) => html,
  blockHtmlToPlainText: (html: string) => html.replace(/<[^>]+>/g, ''),
}));

/**
 * Settings' display name: a password user sets it, the session takes it at once (no sign-out), and
 * blocks that sign with the user's name stop asking for it; a work account's is shown, not edited.
 */
const item: MailItem = {
  mode: 'read',
  itemId: 'item-1',
  bodyText: 'Hello.',
  sender: { displayName: 'Maria Lopez', emailAddress: 'maria.lopez@example.com' },
  recipients: [],
  subject: 'Hours',
};

function atSettings() {
  const poolAccount = makeAccount();
  const pool = new FakeUserPool(poolAccount);
  const session = pool.signInDirectly(poolAccount);
  const user = makeUser({ email: poolAccount.email });
  const block = makeBlock({ name: 'Signed Reply', body: '<p>Dear {{sender.firstName}},</p><p>{{me.name}}</p>' });
  const api = makeHomeApi({ user, teams: [makeTeam({ _id: DEFAULT_TEAM_ID })], account: makeCanneryAccount({ hasPhoneFlowAccess: false }), blocks: [block] });
  const insertBlock = vi.fn(() => Promise.resolve({ outcome: 'inserted' as const, skipped: [] }));
  const host = makeFakeHost({ insertBlock });
  host.item = item;
  const view = renderApp('#/user-settings', { pool, api, host, auth: signedInState('cognito', session.idToken, session.expiresAt) });
  return { ...view, pool, account: poolAccount, insertBlock };
}

describe('display name in Settings', () => {
  it('is saved for a password user, taken by the session at once, and then no block asks for it', async () => {
    const { pool, user, store, insertBlock } = atSettings();
    const field = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Display name' });
    expect(field.value).toBe('');
    expect(screen.getByText(DISPLAY_NAME_MESSAGES.hint)).toBeTruthy();

    // Before: the block asks for the name.
    navigate('home');
    await user.click(await screen.findByRole('button', { name: 'Signed Reply' }));
    const dialog = await screen.findByRole('dialog', { name: 'Signed Reply' });
    expect(within(dialog).getByRole('textbox', { name: 'Your name' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    navigate('user-settings');
    await user.type(await screen.findByRole('textbox', { name: 'Display name' }), '  Dana Whitfield ');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText(DISPLAY_NAME_MESSAGES.saved)).toBeTruthy();
    expect(pool.callsOf('updateDisplayName')).toEqual([{ name: 'Dana Whitfield' }]);
    expect(pool.callsOf('fetchAuthSession')).toContainEqual({ forceRefresh: true });
    expect(idTokenName(store.get(authAtom).idToken)).toBe('Dana Whitfield');
    expect(store.get(authAtom).status).toBe('signed-in');
    expect(screen.getByRole('button', { name: 'Save name' })).toHaveProperty('disabled', true);

    // After: the same block goes in at once, signed.
    navigate('home');
    await user.click(await screen.findByRole('button', { name: 'Signed Reply' }));
    await waitFor(() => expect(insertBlock).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(insertBlock).toHaveBeenCalledWith(expect.objectContaining({ html: '<p>Dear Maria,</p><p>Dana Whitfield</p>' }));
  });

  it('says what is wrong when the pool refuses the name, and keeps what was typed', async () => {
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { pool, user } = atSettings();
    pool.failNext('updateDisplayName', poolError('InvalidParameterException', 'user.name: Value must not contain control characters'));
    await user.type(await screen.findByRole('textbox', { name: 'Display name' }), 'Dana');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText(DISPLAY_NAME_MESSAGES.refused)).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Display name' }).value).toBe('Dana');

    pool.failNext('updateDisplayName', poolError('NetworkError', 'offline'));
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText(DISPLAY_NAME_MESSAGES.failed)).toBeTruthy();
    expect(messagesOf(consoleWarn)).toEqual(new Set(['Saving the display name failed']));
  });

  it('shows a work account\'s name from its provider, not editable', async () => {
    const user = makeUser({ email: 'dana@aldercounty.gov', microsoftAuth: { sub: 'ms-1' } });
    const idToken = unsignedJwt({ sub: 'ms-1', email: user.email, name: 'Dana Whitfield', exp: Math.floor(Date.now() / 1000) + 3600 });
    const api = makeHomeApi({ user, teams: [makeTeam({ _id: DEFAULT_TEAM_ID })], account: makeCanneryAccount({ hasPhoneFlowAccess: false }), blocks: [] });
    renderApp('#/user-settings', { api, auth: signedInState('microsoft', idToken, null) });
    expect(await screen.findByText('Dana Whitfield')).toBeTruthy();
    expect(screen.getByText(DISPLAY_NAME_MESSAGES.fromWorkAccount, { exact: false })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Display name' })).toBeNull();
  });
});
