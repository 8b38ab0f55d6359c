import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { ACCOUNT_ID, makeTeam } from '../support/people-handlers';
import { servePeople } from '../support/msw-admin';
import { renderAdmin } from '../support/render-admin';
import { messagesOf } from '../support/console';



const serve = servePeople();

describe('the Teams page', () => {
  it('lists the teams with their people, and shows archived ones on request', async () => {
    serve({ teams: [makeTeam({ name: 'Elections', members: 3 }), makeTeam({ name: 'Old desk', archived: true, members: 1 })] });
    const { user } = renderAdmin('teams');
    const elections = await screen.findByRole('row', { name: /Elections/ });
    expect(within(elections).getByText('3')).toBeTruthy();
    expect(screen.queryByRole('row', { name: /Old desk/ })).toBeNull();
    await user.click(screen.getByRole('switch', { name: 'Show archived teams (1)' }));
    expect(within(screen.getByRole('row', { name: /Old desk/ })).getByText('Archived')).toBeTruthy();
  });

  it('creates a team, refusing an empty name in the form', async () => {
    const server = serve();
    const { user } = renderAdmin('teams');
    await screen.findByText('No teams yet. Create the first one.');
    await user.click(screen.getByRole('button', { name: 'New team' }));
    const form = await screen.findByRole('form', { name: 'New team' });
    await user.type(within(form).getByRole('textbox', { name: 'Team name' }), '   ');
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await within(form).findByText('Name is required.')).toBeTruthy();
    await user.type(within(form).getByRole('textbox', { name: 'Team name' }), 'Recorder');
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Recorder was created.')).toBeTruthy();
    expect(await screen.findByRole('row', { name: /Recorder/ })).toBeTruthy();
    expect(server.requests.filter((request) => request.method === 'POST').map((request) => request.body)).toEqual([{ name: 'Recorder' }]);
  });

  it('gives the focus back to the button that opened the form when it closes', async () => {
    serve({ teams: [makeTeam({ name: 'Elections' })] });
    const { user } = renderAdmin('teams');
    const newTeam = await screen.findByRole('button', { name: 'New team' });
    await user.click(newTeam);
    const form = await screen.findByRole('form', { name: 'New team' });
    expect(document.activeElement).toBe(within(form).getByRole('textbox', { name: 'Team name' }));
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'New team' })).toBeNull());
    expect(document.activeElement).toBe(newTeam);

    const rename = await screen.findByRole('button', { name: 'Rename Elections' });
    await user.click(rename);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Rename Elections' })).toBeNull());
    expect(document.activeElement).toBe(rename);
  });

  it('renames, archives and brings back a team', async () => {
    const team = makeTeam({ name: 'Elections' });
    const server = serve({ teams: [team] });
    const { user } = renderAdmin('teams');
    await user.click(await screen.findByRole('button', { name: 'Rename Elections' }));
    const form = await screen.findByRole('form', { name: 'Rename Elections' });
    const input = within(form).getByRole('textbox', { name: 'Team name' });
    await user.clear(input);
    await user.type(input, 'Elections office');
    await user.click(within(form).getByRole('button', { name: 'Rename' }));
    expect(await screen.findByText('Elections is now Elections office.')).toBeTruthy();

    await user.click(await screen.findByRole('button', { name: 'Archive Elections office' }));
    expect(await screen.findByText('Elections office was archived.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('row', { name: /Elections office/ })).toBeNull());
    await user.click(screen.getByRole('switch', { name: /Show archived teams/ }));
    await user.click(await screen.findByRole('button', { name: 'Bring back Elections office' }));
    expect(await screen.findByText('Elections office was brought back.')).toBeTruthy();
    expect(server.requests.filter((request) => request.method === 'PATCH').map((request) => request.body)).toEqual([{ name: 'Elections office' }, { archived: true }, { archived: false }]);
    expect(server.requests.find((request) => request.method === 'PATCH')?.path).toBe(`/api/admin/accounts/${ACCOUNT_ID}/teams/${team._id}`);
  });

  it("shows the server's refusal of a rename", async () => {
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const team = makeTeam({ name: 'Elections' });
    const server = serve({ teams: [team, makeTeam({ name: 'Recorder' })] });
    server.failNext.set(`PATCH /api/admin/accounts/${ACCOUNT_ID}/teams/${team._id}`, { status: 409, code: 'team_exists', message: 'A team of this account already has this name.' });
    const { user } = renderAdmin('teams');
    await user.click(await screen.findByRole('button', { name: 'Rename Elections' }));
    const form = await screen.findByRole('form', { name: 'Rename Elections' });
    await user.clear(within(form).getByRole('textbox', { name: 'Team name' }));
    await user.type(within(form).getByRole('textbox', { name: 'Team name' }), 'Recorder');
    await user.click(within(form).getByRole('button', { name: 'Rename' }));
    expect(await within(form).findByText('A team of this account already has this name.')).toBeTruthy();
    expect(messagesOf(consoleWarn)).toEqual(new Set(['Naming a team failed']));
  });

  it('is closed to a team admin', async () => {
    const team = makeTeam();
    const server = serve({ teams: [team] });
    server.me = { ...server.me, accountAdmin: false, adminTeams: [team._id] };
    renderAdmin('teams');
    expect(await screen.findByRole('heading', { name: 'Only the account admin can open this page', level: 1 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New team' })).toBeNull();
  });
});
