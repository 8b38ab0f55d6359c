import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { makeMember, makePeopleServer, makeTeam, peopleHandlers, type PeopleServer } from '../support/people-handlers';
import { renderAdmin } from '../support/render-admin';

const mock = setupServer();
let server: PeopleServer;

// happy-dom rejects the promise of an animation Fluent cancels as a dialog closes; without
// `animate`, Fluent does not animate at all.
const prototype = Element.prototype as { animate?: unknown };
const animate = prototype.animate;
beforeAll(() => {
  prototype.animate = undefined;
  mock.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => mock.resetHandlers());
afterAll(() => {
  prototype.animate = animate;
  mock.close();
});

const elections = makeTeam({ name: 'Elections', members: 2 });
const recorder = makeTeam({ name: 'Recorder', members: 1 });

function serve(overrides: Partial<PeopleServer> = {}) {
  server = makePeopleServer({ teams: [elections, recorder], ...overrides });
  mock.use(...peopleHandlers(server));
  return server;
}

const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

describe('the People page, for the account admin', () => {
  it('lists each person with status, teams, admin teams, account admin, last active and authenticator', async () => {
    serve({
      members: [
        makeMember({ name: 'Morgan Lee', email: 'morgan@aldercounty.example', accountAdmin: true, teams: [elections._id], adminTeams: [elections._id], authenticator: true }),
        makeMember({ name: null, email: 'new@aldercounty.example', status: 'invited', teams: [recorder._id], lastActive: null }),
      ],
    });
    renderAdmin('people');
    expect(await screen.findByRole('heading', { name: 'People', level: 1 })).toBeTruthy();
    const morgan = await screen.findByRole('row', { name: /Morgan Lee/ });
    expect(within(morgan).getByText('morgan@aldercounty.example')).toBeTruthy();
    expect(within(morgan).getByText('Account admin')).toBeTruthy();
    expect(within(morgan).getByText('Active')).toBeTruthy();
    expect(within(morgan).getAllByText('Elections')).toHaveLength(2);
    expect(within(morgan).getByText('On')).toBeTruthy();
    const invited = row('new@aldercounty.example');
    expect(within(invited).getByText('Invited')).toBeTruthy();
    expect(within(invited).getByText('Recorder')).toBeTruthy();
    expect(within(invited).getByText('Never')).toBeTruthy();
    expect(within(invited).getByText('Off')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    for (const page of ['People', 'Teams', 'Settings']) expect(within(nav).getByRole('link', { name: page })).toBeTruthy();
  });

  it('sends the search, team and status filters to the server', async () => {
    serve({ members: [makeMember({ name: 'Pat Clerk', teams: [elections._id] }), makeMember({ name: 'Sam Other', email: 'sam@aldercounty.example', status: 'disabled' })] });
    const { user } = renderAdmin('people');
    await screen.findByRole('row', { name: /Pat Clerk/ });
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'sam');
    await waitFor(() => expect(screen.queryByRole('row', { name: /Pat Clerk/ })).toBeNull());
    expect(screen.getByRole('row', { name: /Sam Other/ })).toBeTruthy();
    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'Disabled' }));
    await waitFor(() => expect(screen.queryByRole('row', { name: /Pat Clerk/ })).toBeNull());
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'Everyone' }));
    await user.click(screen.getByRole('combobox', { name: 'Team' }));
    await user.click(screen.getByRole('option', { name: 'Elections' }));
    await waitFor(() => expect(screen.queryByRole('row', { name: /Sam Other/ })).toBeNull());
    const searches = server.requests.filter((request) => request.method === 'GET' && request.path.endsWith('/members')).map((request) => request.search);
    expect(searches).toContain('?search=sam');
    expect(searches).toContain('?status=disabled');
    expect(searches).toContain(`?team=${elections._id}`);
  });

  it('invites someone into a team, and says so; a bad address is refused in the form', async () => {
    serve();
    const { user } = renderAdmin('people');
    await screen.findByText('Nobody here yet. Invite the first person.');
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite someone' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'clerk@aldercounty');
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));
    expect(await within(dialog).findByText('Email must be an email address.')).toBeTruthy();
    expect(server.requests.some((request) => request.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), '.example');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Casey Clerk');
    await user.click(within(within(dialog).getByRole('group', { name: 'Teams' })).getByRole('checkbox', { name: 'Elections' }));
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('Casey Clerk was invited.')).toBeTruthy();
    expect(server.requests.find((request) => request.method === 'POST')?.body).toEqual({
      email: 'clerk@aldercounty.example',
      name: 'Casey Clerk',
      teams: [elections._id],
      adminTeams: [],
      signIn: 'password',
      accountAdmin: false,
    });
    const casey = await screen.findByRole('row', { name: /Casey Clerk/ });
    expect(within(casey).getByText('Invited')).toBeTruthy();
  });

  it("shows the server's refusal of an address that is already a member, and keeps the form", async () => {
    serve({ members: [makeMember({ email: 'pat@aldercounty.example' })] });
    const { user } = renderAdmin('people');
    await screen.findByRole('row', { name: /Pat Clerk/ });
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite someone' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'Pat@aldercounty.example');
    await user.click(within(dialog).getByRole('radio', { name: 'Their work account (Microsoft)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));
    expect(await within(dialog).findByText('This email address is already a member of the account.')).toBeTruthy();
    expect(server.requests.find((request) => request.method === 'POST')?.body).toMatchObject({ signIn: 'work-account' });
  });

  it("edits someone's teams and admin teams and makes them an account admin", async () => {
    const pat = makeMember({ teams: [elections._id] });
    serve({ members: [pat] });
    const { user } = renderAdmin('people');
    await user.click(await screen.findByRole('button', { name: 'Actions for Pat Clerk' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Pat Clerk' });
    await user.click(within(within(dialog).getByRole('group', { name: 'Teams' })).getByRole('checkbox', { name: 'Elections' }));
    await user.click(within(within(dialog).getByRole('group', { name: 'Teams' })).getByRole('checkbox', { name: 'Recorder' }));
    await user.click(within(within(dialog).getByRole('group', { name: 'Admin of' })).getByRole('checkbox', { name: 'Recorder' }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Account admin/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Pat Clerk was saved.')).toBeTruthy();
    expect(server.requests.find((request) => request.method === 'PATCH')?.body).toEqual({ teams: [recorder._id], adminTeams: [recorder._id], accountAdmin: true });
  });

  it('disables after asking, shows the refusal to leave the account without an admin, and enables again', async () => {
    const pat = makeMember();
    serve({ members: [pat] });
    const { user } = renderAdmin('people');
    await user.click(await screen.findByRole('button', { name: 'Actions for Pat Clerk' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Disable' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Disable Pat Clerk?' });
    server.failNext.set(`PATCH /api/admin/accounts/${'a'.repeat(24)}/members/${pat._id}`, {
      status: 409,
      code: 'last_account_admin',
      message: 'The account needs at least one account admin.',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await within(dialog).findByText('The account needs at least one account admin.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Pat Clerk was disabled.')).toBeTruthy();
    expect(within(await screen.findByRole('row', { name: /Pat Clerk/ })).getByText('Disabled')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Actions for Pat Clerk' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Enable' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Enable Pat Clerk?' });
    await user.click(within(dialog).getByRole('button', { name: 'Enable' }));
    expect(await screen.findByText('Pat Clerk was enabled.')).toBeTruthy();
    const patches = server.requests.filter((request) => request.method === 'PATCH').map((request) => request.body);
    expect(patches).toEqual([{ disabled: true }, { disabled: true }, { disabled: false }]);
  });

  it('resends an invitation, resets an authenticator and removes someone from the account', async () => {
    const invited = makeMember({ name: 'Ivy New', email: 'ivy@aldercounty.example', status: 'invited', lastActive: null });
    const guarded = makeMember({ name: 'Gus Guarded', email: 'gus@aldercounty.example', authenticator: true });
    serve({ members: [invited, guarded] });
    const { user } = renderAdmin('people');
    await user.click(await screen.findByRole('button', { name: 'Actions for Ivy New' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Resend invitation' }));
    expect(await screen.findByText('The invitation was sent to ivy@aldercounty.example again.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Actions for Gus Guarded' }));
    expect(screen.queryByRole('menuitem', { name: 'Resend invitation' })).toBeNull();
    await user.click(await screen.findByRole('menuitem', { name: 'Reset authenticator' }));
    let dialog = await screen.findByRole('alertdialog', { name: "Reset Gus Guarded's authenticator?" });
    await user.click(within(dialog).getByRole('button', { name: 'Reset authenticator' }));
    expect(await screen.findByText("Gus Guarded's authenticator was reset.")).toBeTruthy();
    await waitFor(() => expect(within(row('Gus Guarded')).getByText('Off')).toBeTruthy());

    await user.click(screen.getByRole('button', { name: 'Actions for Gus Guarded' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove from account' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Remove Gus Guarded from the account?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Gus Guarded was removed from the account.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('row', { name: /Gus Guarded/ })).toBeNull());
    expect(server.requests.map((request) => `${request.method} ${request.path.split('/').slice(-1)[0]}`)).toEqual(
      expect.arrayContaining(['POST resend-invitation', 'POST reset-authenticator', `DELETE ${guarded._id}`]),
    );
  });
});

describe('the People page, for a team admin', () => {
  it('offers only their own teams and keeps the memberships of other teams as they are', async () => {
    const pat = makeMember({ teams: [elections._id, recorder._id] });
    serve({ members: [pat] });
    server.me = { ...server.me, accountAdmin: false, adminTeams: [elections._id] };
    const { user } = renderAdmin('people');
    const patRow = await screen.findByRole('row', { name: /Pat Clerk/ });
    expect(within(patRow).getByText('Elections, 1 other team')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    expect(within(nav).getByRole('link', { name: 'People' })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: 'Teams' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Settings' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Invite from a file' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Actions for Pat Clerk' }));
    expect(screen.queryByRole('menuitem', { name: 'Disable' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Remove from account' })).toBeNull();
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Pat Clerk' });
    expect(within(dialog).queryByRole('checkbox', { name: 'Recorder' })).toBeNull();
    expect(within(dialog).queryByRole('checkbox', { name: /Account admin/ })).toBeNull();
    await user.click(within(within(dialog).getByRole('group', { name: 'Teams' })).getByRole('checkbox', { name: 'Elections' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Pat Clerk was saved.')).toBeTruthy();
    expect(server.requests.find((request) => request.method === 'PATCH')?.body).toEqual({ teams: [recorder._id] });
  });

  it('tells a member who administers nothing that People is not theirs', async () => {
    serve();
    server.me = { ...server.me, accountAdmin: false };
    renderAdmin('people');
    expect(await screen.findByRole('heading', { name: 'You are not an admin of any team', level: 1 })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'People' })).toBeNull();
  });
});

describe('an account admin who administers no team', () => {
  it('is pointed from the library pages to People, Teams and Settings, and reaches them', async () => {
    serve({ members: [makeMember()] });
    const { user } = renderAdmin('home');
    expect(await screen.findByRole('heading', { name: 'You are not an admin of any team', level: 1 })).toBeTruthy();
    const main = screen.getByRole('main');
    for (const page of ['People', 'Teams', 'Settings']) expect(within(main).getByRole('link', { name: page })).toBeTruthy();
    await user.click(within(main).getByRole('link', { name: 'People' }));
    expect(await screen.findByRole('heading', { name: 'People', level: 1 })).toBeTruthy();
    expect(await screen.findByRole('row', { name: /Pat Clerk/ })).toBeTruthy();
  });
});
