import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { ACCOUNT_ID, makeTeam } from '../support/people-handlers';
import { servePeople } from '../support/msw-admin';
import { renderAdmin } from '../support/render-admin';

// Under happy-dom, Fluent's focus manager (tabster) at times leaves aria-hidden on the page or on a
// dialog opened from a menu (it updates on focus events happy-dom does not send as a browser does);
// tests/e2e/people.spec.ts runs the same flows in Chromium, where they pass axe. Roles are found
// here hidden or not.
const any = { hidden: true } as const;


const serve = servePeople();

describe('the Teams page', () => {
  it('lists the teams with their people, and shows archived ones on request', async () => {
    serve({ teams: [makeTeam({ name: 'Elections', members: 3 }), makeTeam({ name: 'Old desk', archived: true, members: 1 })] });
    const { user } = renderAdmin('teams');
    const elections = await screen.findByRole('row', { name: /Elections/, ...any });
    expect(within(elections).getByText('3')).toBeTruthy();
    expect(screen.queryByRole('row', { name: /Old desk/, ...any })).toBeNull();
    await user.click(screen.getByRole('switch', { name: 'Show archived teams (1)', ...any }));
    expect(within(screen.getByRole('row', { name: /Old desk/, ...any })).getByText('Archived')).toBeTruthy();
  });

  it('creates a team, refusing an empty name in the form', async () => {
    const server = serve();
    const { user } = renderAdmin('teams');
    await screen.findByText('No teams yet. Create the first one.');
    await user.click(screen.getByRole('button', { name: 'New team', ...any }));
    const dialog = await screen.findByRole('dialog', { name: 'New team', ...any });
    await user.type(within(dialog).getByRole('textbox', { name: 'Team name', ...any }), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Create', ...any }));
    expect(await within(dialog).findByText('Name is required.')).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: 'Team name', ...any }), 'Recorder');
    await user.click(within(dialog).getByRole('button', { name: 'Create', ...any }));
    expect(await screen.findByText('Recorder was created.')).toBeTruthy();
    expect(await screen.findByRole('row', { name: /Recorder/, ...any })).toBeTruthy();
    expect(server.requests.filter((request) => request.method === 'POST').map((request) => request.body)).toEqual([{ name: 'Recorder' }]);
  });

  it('renames, archives and brings back a team', async () => {
    const team = makeTeam({ name: 'Elections' });
    const server = serve({ teams: [team] });
    const { user } = renderAdmin('teams');
    await user.click(await screen.findByRole('button', { name: 'Rename Elections', ...any }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename Elections', ...any });
    const input = within(dialog).getByRole('textbox', { name: 'Team name', ...any });
    await user.clear(input);
    await user.type(input, 'Elections office');
    await user.click(within(dialog).getByRole('button', { name: 'Rename', ...any }));
    expect(await screen.findByText('Elections is now Elections office.')).toBeTruthy();

    await user.click(await screen.findByRole('button', { name: 'Archive Elections office', ...any }));
    expect(await screen.findByText('Elections office was archived.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('row', { name: /Elections office/, ...any })).toBeNull());
    await user.click(screen.getByRole('switch', { name: /Show archived teams/, ...any }));
    await user.click(await screen.findByRole('button', { name: 'Bring back Elections office', ...any }));
    expect(await screen.findByText('Elections office was brought back.')).toBeTruthy();
    expect(server.requests.filter((request) => request.method === 'PATCH').map((request) => request.body)).toEqual([{ name: 'Elections office' }, { archived: true }, { archived: false }]);
    expect(server.requests.find((request) => request.method === 'PATCH')?.path).toBe(`/api/admin/accounts/${ACCOUNT_ID}/teams/${team._id}`);
  });

  it("shows the server's refusal of a rename", async () => {
    const team = makeTeam({ name: 'Elections' });
    const server = serve({ teams: [team, makeTeam({ name: 'Recorder' })] });
    server.failNext.set(`PATCH /api/admin/accounts/${ACCOUNT_ID}/teams/${team._id}`, { status: 409, code: 'team_exists', message: 'A team of this account already has this name.' });
    const { user } = renderAdmin('teams');
    await user.click(await screen.findByRole('button', { name: 'Rename Elections', ...any }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename Elections', ...any });
    await user.clear(within(dialog).getByRole('textbox', { name: 'Team name', ...any }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Team name', ...any }), 'Recorder');
    await user.click(within(dialog).getByRole('button', { name: 'Rename', ...any }));
    expect(await within(dialog).findByText('A team of this account already has this name.')).toBeTruthy();
  });

  it('is closed to a team admin', async () => {
    const team = makeTeam();
    const server = serve({ teams: [team] });
    server.me = { ...server.me, accountAdmin: false, adminTeams: [team._id] };
    renderAdmin('teams');
    expect(await screen.findByRole('heading', { name: 'Only the account admin can open this page', level: 1, ...any })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New team', ...any })).toBeNull();
  });
});
