import { describe, expect, it, vi } from 'vitest';
import { storedBesideOutbox } from '../fake-host';
import { screen } from '@testing-library/react';
import { authAtom, signedInState } from '../../../src/state/auth';
import { makeUser } from '../../fixtures/factories';
import { FakeUserPool, makeAccount, poolError } from '../support/fake-user-pool';
import { field, fillIn, makeFakeApi, renderApp } from '../support/render-app';
import { messagesOf } from '../support/console';

const POLICY =
  'New password must be at least 12 chars long and include at least one number, special char (@,!,etc), upper case letter, and lower case letter';
const GENERIC = 'An error has occurred in your submission. Please try again, and if the problem persists contact our team';

/** A signed-in user on the change-password screen. */
function setUp() {
  const account = makeAccount({ password: 'Old-Password-2023!' });
  const pool = new FakeUserPool(account);
  const session = pool.signInDirectly(account);
  const view = renderApp('#/change-password', {
    pool,
    api: makeFakeApi([makeUser({ email: account.email })]),
    auth: signedInState('cognito', session.idToken, session.expiresAt),
  });
  return { account, pool, ...view };
}

async function changePassword(user: ReturnType<typeof setUp>['user'], current: string, next: string, confirm: string) {
  await fillIn(user, 'Current password', current);
  await fillIn(user, 'New password', next);
  await fillIn(user, 'Confirm new password', confirm);
  await user.click(screen.getByRole('button', { name: 'Update Password' }));
}

describe('change password', () => {
  it('has the three fields, the button and a Home link', async () => {
    setUp();
    expect(await screen.findByRole('heading', { name: 'Change Password' })).toBeTruthy();
    for (const label of ['Current password', 'New password', 'Confirm new password']) expect(field(label).type).toBe('password');
    expect(screen.getByRole('button', { name: 'Update Password' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('#/home');
  });

  it('says the password rules under New password before anything is typed', async () => {
    setUp();
    expect(await screen.findByRole('heading', { name: 'Change Password' })).toBeTruthy();
    const described = (field('New password').getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain('At least 12 characters, with a number, a special character (such as @ or !), an upper-case and a lower-case letter.');
  });

  it('requires the current password and both new ones, and matching', async () => {
    const { user, pool } = setUp();
    await user.click(await screen.findByRole('button', { name: 'Update Password' }));
    expect(screen.getByText('Current password is required.')).toBeTruthy();
    expect(screen.getByText('Must provide value for new password and new password confirmation')).toBeTruthy();

    await changePassword(user, 'Old-Password-2023!', 'New-Password-2024!', 'New-Password-2025!');
    expect(screen.getByText('New Password and new password confirmation do not match')).toBeTruthy();
    expect(screen.queryByText('Current password is required.')).toBeNull();
    expect(pool.callsOf('updatePassword')).toEqual([]);
  });

  it('hides a field’s message while the user edits that field, and checks it again when they leave it', async () => {
    const { user } = setUp();
    await changePassword(user, 'Old-Password-2023!', 'New-Password-2024!', 'New-Password-2025!');
    const mismatch = 'New Password and new password confirmation do not match';
    expect(screen.getByText(mismatch)).toBeTruthy();

    // Editing the confirmation hides its message at once, so nothing moves when the focus leaves it
    // for the button (a message vanishing there would shift the button away from the pointer).
    await user.clear(field('Confirm new password'));
    await user.type(field('Confirm new password'), 'New-Password-2026!');
    expect(screen.queryByText(mismatch)).toBeNull();
    await user.tab();
    expect(screen.getByText(mismatch)).toBeTruthy();
  });

  it("says 'Current password is incorrect.' for a wrong current password, keeping what was typed", async () => {
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user } = setUp();
    await changePassword(user, 'Not-My-Password-1!', 'New-Password-2024!', 'New-Password-2024!');
    expect(await screen.findByText('Current password is incorrect.')).toBeTruthy();
    expect(field('Current password').value).toBe('Not-My-Password-1!');
    expect(field('New password').value).toBe('New-Password-2024!');
    expect(field('Confirm new password').value).toBe('New-Password-2024!');
    expect(messagesOf(consoleWarn)).toEqual(new Set(['Changing the password failed']));
  });

  it('states the password policy when the pool refuses the new password', async () => {
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user } = setUp();
    await changePassword(user, 'Old-Password-2023!', 'weakpassword', 'weakpassword');
    expect(await screen.findByText(POLICY)).toBeTruthy();
    expect(messagesOf(consoleWarn)).toEqual(new Set(['Changing the password failed']));
  });

  it('states the policy for an invalid-parameter error too, and the generic message for anything else', async () => {
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user, pool } = setUp();
    pool.failNext('updatePassword', poolError('InvalidParameterException', '1 validation error detected'));
    await changePassword(user, 'Old-Password-2023!', 'New-Password-2024!', 'New-Password-2024!');
    expect(await screen.findByText(POLICY)).toBeTruthy();

    pool.failNext('updatePassword', poolError('LimitExceededException', 'Attempt limit exceeded, please try after some time.'));
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText(GENERIC)).toBeTruthy();
    expect(messagesOf(consoleWarn)).toEqual(new Set(['Changing the password failed']));
  });

  it("shows 'Loading...' on a disabled button while waiting, then the success screen", async () => {
    const { user, pool, account } = setUp();
    const release = pool.hold('updatePassword');
    await changePassword(user, 'Old-Password-2023!', 'New-Password-2024!', 'New-Password-2024!');
    expect(screen.getByRole('button', { name: 'Loading...' })).toHaveProperty('disabled', true);
    release();
    expect(await screen.findByText('Successfully changed password!')).toBeTruthy();
    expect(window.location.hash).toBe('#/change-password-success');
    expect(account.password).toBe('New-Password-2024!');
    await user.click(screen.getByRole('button', { name: 'Home' }));
    expect(window.location.hash).toBe('#/home');
  });

  it('signs out and returns to login when the session was revoked', async () => {
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user, pool, host, store } = setUp();
    await host.storage.set('viewRecommendedBlocks', 'true');
    pool.failNext('updatePassword', poolError('NotAuthorizedException', 'Access Token has been revoked'));
    await changePassword(user, 'Old-Password-2023!', 'New-Password-2024!', 'New-Password-2024!');
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(screen.queryByText('Current password is incorrect.')).toBeNull();
    expect(storedBesideOutbox(host)).toEqual([]);
    expect(pool.callsOf('signOut')).toHaveLength(1);
    expect(store.get(authAtom)).toMatchObject({ status: 'signed-out', idToken: '' });
    expect(messagesOf(consoleWarn)).toEqual(new Set(['Changing the password failed']));
  });
});
