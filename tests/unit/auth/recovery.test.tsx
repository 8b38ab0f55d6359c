import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { FakeUserPool, makeAccount, poolError } from '../support/fake-user-pool';
import { field, fillIn, renderApp } from '../support/render-app';
import { messagesOf } from '../support/console';

const POLICY =
  'New password must be at least 12 chars long and include at least one number, special char (@,!,etc), upper case letter, and lower case letter';
const GENERIC = 'An error has occurred in your submission. Please try again, and if the problem persists contact our team';

describe('forgot password', () => {
  function setUp() {
    const account = makeAccount();
    const pool = new FakeUserPool(account);
    return { account, pool, ...renderApp('#/forgot-password-request', { pool }) };
  }

  it('has its heading, an Email field, the button and a way back to login', async () => {
    setUp();
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeTruthy();
    expect(field('Email')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Request new password' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to login' }).getAttribute('href')).toBe('#/login');
  });

  it('asks for the email when it is empty, and still sends the request', async () => {
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user, pool } = setUp();
    await user.click(await screen.findByRole('button', { name: 'Request new password' }));
    expect(await screen.findByText('Please provide your email in the field above.')).toBeTruthy();
    expect(pool.callsOf('resetPassword')).toEqual([{ username: '' }]);
    expect(window.location.hash).toBe('#/forgot-password-request');
    expect(messagesOf(consoleWarn)).toEqual(new Set(['Requesting a password reset failed']));
  });

  it('says so when the email is not on record, keeping the email', async () => {
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user } = setUp();
    await fillIn(user, 'Email', 'nobody@example.gov');
    await user.click(screen.getByRole('button', { name: 'Request new password' }));
    expect(
      await screen.findByText(
        'Sorry, it does not look like that email is on record. Please check that you have spelled your email correctly and contact our team if the problem persists.',
      ),
    ).toBeTruthy();
    expect(field('Email').value).toBe('nobody@example.gov');
    expect(messagesOf(consoleWarn)).toEqual(new Set(['Requesting a password reset failed']));
  });

  it("shows 'Loading...' while waiting, then the completion screen, whose Done leads to login", async () => {
    const { user, pool, account } = setUp();
    const release = pool.hold('resetPassword');
    await fillIn(user, 'Email', account.email);
    await user.click(screen.getByRole('button', { name: 'Request new password' }));
    expect(screen.getByRole('button', { name: 'Loading...' })).toHaveProperty('disabled', true);
    release();
    expect(await screen.findByText(/reset request was submitted\. An email with the next steps should arrive/)).toBeTruthy();
    expect(window.location.hash).toBe('#/forgot-password-request-complete');
    expect(account.resetCode).not.toBeNull();
    await user.click(screen.getByRole('link', { name: 'Done' }));
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
  });

  it('shows the generic message for other failures', async () => {
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user, pool, account } = setUp();
    pool.failNext('resetPassword', poolError('LimitExceededException', 'Attempt limit exceeded, please try after some time.'));
    await fillIn(user, 'Email', account.email);
    await user.click(screen.getByRole('button', { name: 'Request new password' }));
    expect(await screen.findByText(GENERIC)).toBeTruthy();
    expect(messagesOf(consoleWarn)).toEqual(new Set(['Requesting a password reset failed']));
  });
});

describe('retrieve account', () => {
  function setUp() {
    const account = makeAccount({ resetCode: '246810' });
    const pool = new FakeUserPool(account);
    return { account, pool, ...renderApp('#/retrieve-account', { pool }) };
  }

  async function reset(user: ReturnType<typeof setUp>['user'], values: { email: string; code: string; next: string; confirm: string }) {
    await fillIn(user, 'Email', values.email);
    await fillIn(user, 'Verification code', values.code);
    await fillIn(user, 'New password', values.next);
    await fillIn(user, 'Confirm new password', values.confirm);
    await user.click(screen.getByRole('button', { name: 'Confirm new password' }));
  }

  it('asks for the code and both passwords', async () => {
    const { user, pool, account } = setUp();
    await fillIn(user, 'Email', account.email);
    await user.click(screen.getByRole('button', { name: 'Confirm new password' }));
    expect(screen.getByText('Please provide verification code')).toBeTruthy();
    expect(screen.getByText('Please ensure new password and confirm new password fields are filled out')).toBeTruthy();
    expect(pool.callsOf('confirmResetPassword')).toEqual([]);
  });

  it('refuses a short password and a mismatch', async () => {
    const { user, account, pool } = setUp();
    await reset(user, { email: account.email, code: '246810', next: 'Short-1!', confirm: 'Short-1!' });
    expect(screen.getByText('New password must be at least 12 chars long')).toBeTruthy();

    await fillIn(user, 'New password', 'Long-Enough-Pass-1!');
    await fillIn(user, 'Confirm new password', 'Long-Enough-Pass-2!');
    expect(screen.queryByText('New password must be at least 12 chars long')).toBeNull();
    expect(screen.getByText('New Password and Confirm New Password fields do not match.')).toBeTruthy();
    expect(pool.callsOf('confirmResetPassword')).toEqual([]);
  });

  it('says when the email is unknown or the code is wrong, keeping every value', async () => {
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user, account } = setUp();
    await reset(user, { email: 'nobody@example.gov', code: '246810', next: 'Long-Enough-Pass-1!', confirm: 'Long-Enough-Pass-1!' });
    expect(await screen.findByText('Could not find user with specified email.')).toBeTruthy();

    await fillIn(user, 'Email', account.email);
    await fillIn(user, 'Verification code', '000000');
    await user.click(screen.getByRole('button', { name: 'Confirm new password' }));
    expect(await screen.findByText('Verification code is incorrect.')).toBeTruthy();
    expect(field('Verification code').value).toBe('000000');
    expect(field('New password').value).toBe('Long-Enough-Pass-1!');
    expect(messagesOf(consoleWarn)).toEqual(new Set(['Resetting the password with a code failed']));
  });

  it('states the password policy when the pool refuses the new password', async () => {
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user, account } = setUp();
    await reset(user, { email: account.email, code: '246810', next: 'alllowercase123', confirm: 'alllowercase123' });
    expect(await screen.findByText(POLICY)).toBeTruthy();
    expect(messagesOf(consoleWarn)).toEqual(new Set(['Resetting the password with a code failed']));
  });

  it("shows 'Loading...' while waiting, then the success screen with a Login link", async () => {
    const { user, account, pool } = setUp();
    const release = pool.hold('confirmResetPassword');
    await reset(user, { email: account.email, code: '246810', next: 'Long-Enough-Pass-1!', confirm: 'Long-Enough-Pass-1!' });
    expect(screen.getByRole('button', { name: 'Loading...' })).toHaveProperty('disabled', true);
    release();
    expect(await screen.findByText(/password was reset/)).toBeTruthy();
    expect(account.password).toBe('Long-Enough-Pass-1!');
    await user.click(screen.getByRole('link', { name: 'Login' }));
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
  });
});

describe('first-time password', () => {
  it('welcomes the user and refuses a short password and a mismatch', async () => {
    const account = makeAccount({ status: 'FORCE_CHANGE_PASSWORD' });
    const pool = new FakeUserPool(account);
    const { user } = renderApp('#/change-first-time-password', { pool });
    expect(await screen.findByText(/Welcome! Before you start, choose a new password/)).toBeTruthy();
    await fillIn(user, 'New password', 'Short-1!');
    await fillIn(user, 'Confirm new password', 'Short-2!');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(screen.getByText('New password must be at least 12 chars long')).toBeTruthy();
    expect(screen.getByText('New Password and new password confirmation do not match')).toBeTruthy();
    expect(pool.callsOf('confirmSignIn')).toEqual([]);
  });

  it('states the policy, or the generic message when no sign-in is waiting for a password', async () => {
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const account = makeAccount({ status: 'FORCE_CHANGE_PASSWORD', password: 'Temporary-Pass-1!' });
    const pool = new FakeUserPool(account);
    const { user } = renderApp('#/change-first-time-password', { pool });
    await fillIn(user, 'New password', 'Long-Enough-Pass-1!');
    await fillIn(user, 'Confirm new password', 'Long-Enough-Pass-1!');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText(GENERIC)).toBeTruthy();

    await pool.signIn({ username: account.email, password: 'Temporary-Pass-1!' });
    await fillIn(user, 'New password', 'nouppercase-12345!');
    await fillIn(user, 'Confirm new password', 'nouppercase-12345!');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText(POLICY)).toBeTruthy();
    expect(messagesOf(consoleWarn)).toEqual(new Set(['Setting the first password failed']));
  });
});
