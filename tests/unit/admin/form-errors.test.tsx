/**
 * Form errors are tied to their fields and announced (WCAG 3.3.1, 3.3.3, 4.1.2, 4.1.3): a field
 * in error is `aria-invalid` and described by its message, the message is an alert, and a
 * form-level error is an alert too. The admin app's block editor and dialogs.
 */
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { servePeople } from '../support/msw-admin';
import { makeTeam } from '../support/people-handlers';
import { renderAdmin } from '../support/render-admin';
import { alertOf, expectTiedError } from '../support/field-errors';

// DOMPurify does not run on happy-dom (see sanitize-html.ts): the editor's preview gets the HTML as it is.
vi.mock('../../../src/sanitize/sanitize-html', () => ({ sanitizeBlockHtml: (html: string) => html }));

const serve = servePeople();
// See people-page.test.tsx: under happy-dom, roles are found hidden or not.
const any = { hidden: true } as const;

describe('the admin app', () => {
  it('block editor: a save with the name and content empty ties each message to its field and alerts the form', async () => {
    const elections = makeTeam({ name: 'Elections' });
    serve({ teams: [elections] }).me.adminTeams = [elections._id];
    // The editor's other lists (owners, the library, the account's languages) are not served here.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user } = renderAdmin('blocks/new');
    await user.click(await screen.findByRole('button', { name: 'Save', ...any }));
    expect((await screen.findByText('Some fields need attention before the block can be saved.')).closest('[role="alert"]')).toBeTruthy();
    const name = screen.getByRole('textbox', { name: 'Name', ...any });
    expectTiedError(name, alertOf(name));
    const body = screen.getByRole('textbox', { name: 'Block Content', ...any });
    await waitFor(() => expect(body.getAttribute('aria-invalid')).toBe('true'));
    expectTiedError(body, alertOf(body));
  });

  it('invite dialog: a wrong address is tied to the Email field', async () => {
    serve();
    const { user } = renderAdmin('people');
    await user.click(await screen.findByRole('button', { name: 'Invite', ...any }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite someone', ...any });
    await user.type(within(dialog).getByRole('textbox', { name: 'Email', ...any }), 'not an address');
    await user.click(within(dialog).getByRole('button', { name: 'Invite', ...any }));
    const email = within(dialog).getByRole('textbox', { name: 'Email', ...any });
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expectTiedError(email, alertOf(email));
  });

  it('import dialog: a file refused is an alert the file input names', async () => {
    serve();
    const { user } = renderAdmin('people');
    await user.click(await screen.findByRole('button', { name: 'Invite from a file', ...any }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite people from a file', ...any });
    const input = within(dialog).getByLabelText('File (.csv)');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    fireEvent.change(input, { target: { files: [new File([new Uint8Array([0xff, 0xfe, 0x00])], 'staff.csv', { type: 'text/csv' })] } });
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    expectTiedError(input, 'The file is not UTF-8 text.');
  });
});
