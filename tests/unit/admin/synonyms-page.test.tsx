import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { ACCOUNT_ID } from '../support/people-handlers';
import { servePeople } from '../support/msw-admin';
import { renderAdmin } from '../support/render-admin';
import { messagesOf } from '../support/console';

const serve = servePeople();
const any = { hidden: true } as const;
const PATH = `/api/admin/accounts/${ACCOUNT_ID}/synonyms`;

describe('the Synonyms page', () => {
  it('lists the saved synonyms with what they do, and saves an added, an edited and a removed one as one list', async () => {
    const server = serve({ synonyms: [{ phrase: 'absentee', means: 'mail ballot' }, { phrase: 'deed copy', means: 'certified copy' }, { phrase: 'dba', means: 'fictitious business name' }] });
    const { user } = renderAdmin('synonyms');
    expect(await screen.findByRole('heading', { name: 'Synonyms', level: 1 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Synonyms' }).getAttribute('aria-current')).toBe('page');
    const first = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Word or phrase the public writes (1)' });
    expect(first.value).toBe('absentee');
    expect(screen.getByRole('form', { name: 'Synonyms' }).textContent).toContain('a word or phrase the public writes means some of your words');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Means, in your words (1)' }).value).toBe('mail ballot');

    // Edit the second, remove the third, add one: the new row's first field takes the focus.
    const means2 = screen.getByRole('textbox', { name: 'Means, in your words (2)' });
    await user.clear(means2);
    await user.type(means2, 'certified copy of a deed');
    await user.click(screen.getByRole('button', { name: 'Remove "dba"' }));
    expect(screen.queryByRole('textbox', { name: 'Word or phrase the public writes (3)' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add a synonym' }));
    const phrase3 = screen.getByRole('textbox', { name: 'Word or phrase the public writes (3)' });
    expect(document.activeElement).toBe(phrase3);
    await user.keyboard('  polling   place ');
    await user.tab();
    await user.keyboard('vote center');
    await user.keyboard('{Enter}');

    expect(await screen.findByText(/The synonyms were saved/)).toBeTruthy();
    const put = server.requests.find((request) => request.method === 'PUT');
    expect(put?.path).toBe(PATH);
    expect(put?.body).toEqual({
      synonyms: [
        { phrase: 'absentee', means: 'mail ballot' },
        { phrase: 'deed copy', means: 'certified copy of a deed' },
        { phrase: 'polling place', means: 'vote center' },
      ],
    });
    // What the server stored comes back tidied.
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Word or phrase the public writes (3)' }).value).toBe('polling place');
  }, 20_000);

  it('shows each problem at its row and sends nothing until it is fixed', async () => {
    const server = serve({ synonyms: [{ phrase: 'absentee', means: 'mail ballot' }] });
    const { user } = renderAdmin('synonyms');
    await user.click(await screen.findByRole('button', { name: 'Add a synonym' }));
    await user.keyboard('Absentee');
    await user.tab();
    await user.keyboard('vote by mail');
    await user.click(screen.getByRole('button', { name: 'Add a synonym' }));
    await user.keyboard('ballot');
    await user.tab();
    await user.keyboard('Ballot');
    await user.click(screen.getByRole('button', { name: 'Save synonyms' }));
    expect(await screen.findByText('"Absentee" is listed twice')).toBeTruthy();
    expect(screen.getByText('Must differ from the word or phrase itself')).toBeTruthy();
    expect(screen.getByText('Some synonyms need a change before they can be saved.').closest('[role="alert"]')).toBeTruthy();
    expect(server.requests.some((request) => request.method === 'PUT')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Remove "Absentee"' }));
    await user.click(screen.getByRole('button', { name: 'Remove "ballot"' }));
    await user.click(screen.getByRole('button', { name: 'Save synonyms' }));
    expect(await screen.findByText(/The synonyms were saved/)).toBeTruthy();
  }, 20_000);

  it('says when there are none, and shows the server’s refusal', async () => {
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const server = serve({});
    server.failNext.set(`PUT ${PATH}`, { status: 403, code: 'forbidden', message: 'Only account admins can change the account’s synonyms.' });
    const { user } = renderAdmin('synonyms');
    expect(await screen.findByText('No synonyms yet.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save synonyms' }));
    expect(within(await screen.findByRole('alert', any)).getByText('Only account admins can change the account’s synonyms.')).toBeTruthy();
    expect(messagesOf(consoleWarn)).toEqual(new Set(['Saving the synonyms failed']));
  });

  it('is not in the menu of a team admin', async () => {
    serve({ me: { _id: 'a'.repeat(24), email: 'rita@aldercounty.example', account: ACCOUNT_ID, teams: [], adminTeams: ['b'.repeat(24)], accountAdmin: false, cognitoAuth: { sub: 'rita-sub' } } });
    renderAdmin('home');
    expect(await screen.findByRole('navigation', { name: 'Admin' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Synonyms' })).toBeNull();
  });
});
