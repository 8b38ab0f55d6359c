import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { learnedText } from '../../../src/admin/teams/team-learning';
import { ACCOUNT_ID, makeTeam } from '../support/people-handlers';
import { servePeople } from '../support/msw-admin';
import { renderAdmin } from '../support/render-admin';
import { messagesOf } from '../support/console';

const serve = servePeople();

describe('what a team learned, on the Teams page', () => {
  it('shows how much each team learned, and resets it after asking', async () => {
    const elections = makeTeam({ name: 'Elections' });
    const recorder = makeTeam({ name: 'Recorder' });
    const server = serve({ teams: [elections, recorder], learning: { [elections._id]: { uses: 132, since: '2026-03-03T09:30:00.000Z' } } });
    const { user } = renderAdmin('teams');
    const row = await screen.findByRole('row', { name: /Elections/ });
    expect(await within(row).findByText('Learned from 132 uses since 3 March 2026.')).toBeTruthy();
    const recorderRow = screen.getByRole('row', { name: /Recorder/ });
    expect(await within(recorderRow).findByText('Nothing learned yet.')).toBeTruthy();
    expect(within(recorderRow).queryByRole('button', { name: /Reset/ })).toBeNull();

    await user.click(within(row).getByRole('button', { name: 'Reset learning of Elections' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Reset what Elections learned?' });
    expect(within(dialog).getByText(/learned from 132 uses since 3 march 2026/)).toBeTruthy();
    // Cancelling forgets nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(server.requests.some((request) => request.method === 'DELETE')).toBe(false);

    // The page is hidden from assistive technology until the closed dialog has let go of it.
    await user.click(await within(row).findByRole('button', { name: 'Reset learning of Elections' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText('Elections has forgotten what it learned.')).toBeTruthy();
    expect(await within(row).findByText('Nothing learned yet.')).toBeTruthy();
    expect(server.requests.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual([
      `/api/admin/accounts/${ACCOUNT_ID}/teams/${elections._id}/learning`,
    ]);
  });

  it("shows the server's refusal in the dialog and keeps what was learned", async () => {
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const elections = makeTeam({ name: 'Elections' });
    const server = serve({ teams: [elections], learning: { [elections._id]: { uses: 1, since: '2026-03-03T09:30:00.000Z' } } });
    server.failNext.set(`DELETE /api/admin/accounts/${ACCOUNT_ID}/teams/${elections._id}/learning`, { status: 403, code: 'forbidden', message: 'Only account admins and admins of this team can see or reset what it has learned.' });
    const { user } = renderAdmin('teams');
    const row = await screen.findByRole('row', { name: /Elections/ });
    expect(await within(row).findByText('Learned from 1 use since 3 March 2026.')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Reset learning of Elections' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }));
    expect(await within(dialog).findByText('Only account admins and admins of this team can see or reset what it has learned.')).toBeTruthy();
    expect(server.learning[elections._id]?.uses).toBe(1);
    expect(messagesOf(consoleWarn)).toEqual(new Set(['Resetting what a team learned failed']));
  });

  it('says when learning is off on the server', () => {
    expect(learnedText({ enabled: false, uses: 0, since: null })).toBe('Learning from choices is turned off on this server.');
  });
});
