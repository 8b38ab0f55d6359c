/**
 * Form errors are tied to their fields and announced (WCAG 3.3.1, 3.3.3, 4.1.2, 4.1.3): a field
 * in error is `aria-invalid` and described by its message, the message is an alert, and a
 * form-level error is an alert too. The task pane's sign-in and new-password forms.
 */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { signedInState } from '../../../src/state/auth';
import { makeAccount, makeUser } from '../../fixtures/factories';
import { FakeUserPool } from '../support/fake-user-pool';
import { renderApp } from '../support/render-app';
import { makeHomeApi } from '../support/home-api';
import { alertOf, descriptionOf, expectTiedError } from '../support/field-errors';

describe('the task pane', () => {
  it('log in: each empty field is invalid and names its message, and the refusal is an alert', async () => {
    const { user } = renderApp('#/login', { pool: new FakeUserPool() });
    await user.click(await screen.findByRole('button', { name: 'Log in' }));
    const email = screen.getByRole('textbox', { name: 'Email' });
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expectTiedError(email, alertOf(email));
    const password = screen.getByLabelText('Password');
    expectTiedError(password, alertOf(password));

    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await user.type(email, 'nobody@example.gov');
    await user.type(password, 'Wrong-Password-1!');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).not.toBe('');
    expect(email.getAttribute('aria-invalid')).toBeNull();
  });

  it('change password: the missing current password and the confirmation that differs are tied to their messages', async () => {
    const account = makeUser({ email: 'clerk@aldercounty.example' });
    const api = makeHomeApi({ user: account, teams: [], account: makeAccount(), blocks: [] });
    const { user } = renderApp('#/change-password', { api, pool: new FakeUserPool(), auth: signedInState('cognito', `fake-id.${account.email}.1`, null) });
    await user.type(await screen.findByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Confirm new password'), 'different');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    const current = screen.getByLabelText('Current password');
    await waitFor(() => expect(current.getAttribute('aria-invalid')).toBe('true'));
    expectTiedError(current, 'Current password is required.');
    const confirm = screen.getByLabelText('Confirm new password');
    expectTiedError(confirm, 'New Password and new password confirmation do not match');
    // The new password itself is fine: not invalid, and described by the rules it follows.
    const fresh = screen.getByLabelText('New password');
    expect(fresh.getAttribute('aria-invalid')).toBeNull();
    expect(descriptionOf(fresh)).toContain('At least 12 characters');
  });
});

