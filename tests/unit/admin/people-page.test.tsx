import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { makeMember, makePeopleServer, makeTeam, peopleHandlers, type PeopleServer } from '../support/people-handlers';
import { renderAdmin } from '../support/render-admin';
import { messagesOf } from '../support/console';

// Under happy-dom, Fluent's focus manager (tabster) at times leaves aria-hidden on the page or on a
// dialog opened from a menu (it updates on focus events happy-dom does not send as a browser does);
// tests/e2e/people.spec.ts runs the same flows in Chromium, where they pass axe. Roles are found
// here hidden or not.
const any = { hidden: true } as const;
/** Waits until no dialog is open, as a user does before the next step. */
const dialogsClosed = () => waitFor(() => expect(screen.queryAllByRole('alertdialog', any).length + screen.queryAllByRole('dialog', any).length).toBe(0));

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

// happy-dom spaces the pieces of an address in a row's name (Chromium does not): compare without spaces.
const row = (name: string) => screen.getByRole('row', { name: (rowName) => rowName.replace(/\s/g, '').includes(name.replace(/\s/g, '')), ...any });

describe('the People page where the server does not deliver mail', () => {
  it('says before inviting that nothing is mailed, offers work accounts only, and says what to tell the person', async () => {
    serve({ members: [makeMember({ name: 'Ivy', email: 'ivy@aldercounty.example', status: 'invited', signIn: 'password' })] });
    const { user } = renderAdmin('people', { mail: 'off' });
    await screen.findByRole('row', { name: /Ivy/, ...any });
    expect(screen.queryByRole('button', { name: 'Invite from a file', ...any })).toBeNull();
    await user.click(within(row('Ivy')).getByRole('button', { name: 'Actions for Ivy', ...any }));
    await screen.findByRole('menuitem', { name: 'Edit', ...any });
    expect(screen.queryByRole('menuitem', { name: 'Resend invitation', ...any })).toBeNull();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Invite', ...any }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite someone', ...any });
    expect(
      within(dialog).getByText(
        'This server sends no mail, so invitations are not emailed: invite people who sign in with their work account, and tell them yourself that Cannery is ready for them.',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByRole<HTMLInputElement>('radio', { name: 'A password (Cannery emails a temporary one)', ...any }).disabled).toBe(true);
    expect(within(dialog).getByRole<HTMLInputElement>('radio', { name: 'Their work account (Microsoft)', ...any }).checked).toBe(true);
    await user.type(within(dialog).getByRole('textbox', { name: 'Email', ...any }), 'wanda@aldercounty.example');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name', ...any }), 'Wanda');
    await user.click(within(within(dialog).getByRole('group', { name: 'Teams', ...any })).getByRole('checkbox', { name: 'Elections', ...any }));
    await user.click(within(dialog).getByRole('button', { name: 'Invite', ...any }));
    expect(await screen.findByText('Wanda was invited. No email was sent (this server sends no mail): tell them they can sign in with their work account.')).toBeTruthy();
    expect(server.requests.find((request) => request.method === 'POST')?.body).toMatchObject({ email: 'wanda@aldercounty.example', signIn: 'work-account' });
  });
});

describe('the People page, for the account admin', () => {
  it('lists each person with status, teams, admin teams, account admin, last active and authenticator', async () => {
    serve({
      members: [
        makeMember({ name: 'Morgan Lee', email: 'morgan@aldercounty.example', accountAdmin: true, teams: [elections._id], adminTeams: [elections._id], authenticator: true }),
        makeMember({ name: null, email: 'new@aldercounty.example', status: 'invited', teams: [recorder._id], lastActive: null }),
      ],
    });
    renderAdmin('people');
    expect(await screen.findByRole('heading', { name: 'People', level: 1, ...any })).toBeTruthy();
    const morgan = await screen.findByRole('row', { name: /Morgan Lee/, ...any });
    // An address is shown whole, with break points only after its @ and before its dots.
    const address = within(morgan).getByText((_content, element) => element?.tagName === 'SPAN' && element.textContent === 'morgan@aldercounty.example' && element.querySelector(':scope > wbr') !== null);
    expect([...address.children].filter((child) => child.tagName === 'SPAN').map((piece) => piece.textContent)).toEqual(['morgan@', 'aldercounty', '.example']);
    expect(within(morgan).getByText('Account admin')).toBeTruthy();
    expect(within(morgan).getByText('Active')).toBeTruthy();
    expect(within(morgan).getAllByText('Elections')).toHaveLength(2);
    expect(within(morgan).getByText('On')).toBeTruthy();
    const invited = row('new@aldercounty.example');
    expect(within(invited).getByText('Invited')).toBeTruthy();
    expect(within(invited).getByText('Recorder')).toBeTruthy();
    expect(within(invited).getByText('Never')).toBeTruthy();
    expect(within(invited).getByText('Off')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Admin', ...any });
    for (const page of ['People', 'Teams', 'Settings']) expect(within(nav).getByRole('link', { name: page, ...any })).toBeTruthy();
  });

  it('sends the search, team and status filters to the server', async () => {
    serve({ members: [makeMember({ name: 'Pat Clerk', teams: [elections._id] }), makeMember({ name: 'Sam Other', email: 'sam@aldercounty.example', status: 'disabled' })] });
    const { user } = renderAdmin('people');
    await screen.findByRole('row', { name: /Pat Clerk/, ...any });
    await user.type(screen.getByRole('searchbox', { name: 'Search', ...any }), 'sam');
    await waitFor(() => expect(screen.queryByRole('row', { name: /Pat Clerk/, ...any })).toBeNull());
    expect(screen.getByRole('row', { name: /Sam Other/, ...any })).toBeTruthy();
    await user.clear(screen.getByRole('searchbox', { name: 'Search', ...any }));
    await user.click(screen.getByRole('combobox', { name: 'Status', ...any }));
    await user.click(screen.getByRole('option', { name: 'Disabled', ...any }));
    await waitFor(() => expect(screen.queryByRole('row', { name: /Pat Clerk/, ...any })).toBeNull());
    await user.click(screen.getByRole('combobox', { name: 'Status', ...any }));
    await user.click(screen.getByRole('option', { name: 'Everyone', ...any }));
    await user.click(screen.getByRole('combobox', { name: 'Team', ...any }));
    await user.click(screen.getByRole('option', { name: 'Elections', ...any }));
    await waitFor(() => expect(screen.queryByRole('row', { name: /Sam Other/, ...any })).toBeNull());
    const searches = server.requests.filter((request) => request.method === 'GET' && request.path.endsWith('/members')).map((request) => request.search);
    expect(searches).toContain('?search=sam');
    expect(searches).toContain('?status=disabled');
    expect(searches).toContain(`?team=${elections._id}`);
  });

  it('invites someone into a team, and says so; a bad address is refused in the form', async () => {
    serve();
    const { user } = renderAdmin('people');
    await screen.findByText('Nobody here yet. Invite the first person.');
    await user.click(screen.getByRole('button', { name: 'Invite', ...any }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite someone', ...any });
    await user.type(within(dialog).getByRole('textbox', { name: 'Email', ...any }), 'clerk@aldercounty');
    await user.click(within(dialog).getByRole('button', { name: 'Invite', ...any }));
    expect(await within(dialog).findByText('Email must be an email address.')).toBeTruthy();
    expect(server.requests.some((request) => request.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByRole('textbox', { name: 'Email', ...any }), '.example');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name', ...any }), 'Casey Clerk');
    await user.click(within(within(dialog).getByRole('group', { name: 'Teams', ...any })).getByRole('checkbox', { name: 'Elections', ...any }));
    await user.click(within(dialog).getByRole('button', { name: 'Invite', ...any }));
    expect(await screen.findByText('Casey Clerk was invited.')).toBeTruthy();
    expect(server.requests.find((request) => request.method === 'POST')?.body).toEqual({
      email: 'clerk@aldercounty.example',
      name: 'Casey Clerk',
      teams: [elections._id],
      adminTeams: [],
      signIn: 'password',
      accountAdmin: false,
    });
    const casey = await screen.findByRole('row', { name: /Casey Clerk/, ...any });
    expect(within(casey).getByText('Invited')).toBeTruthy();
  });

  it("shows the server's refusal of an address that is already a member, and keeps the form", async () => {
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    serve({ members: [makeMember({ email: 'pat@aldercounty.example' })] });
    const { user } = renderAdmin('people');
    await screen.findByRole('row', { name: /Pat Clerk/, ...any });
    await user.click(screen.getByRole('button', { name: 'Invite', ...any }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite someone', ...any });
    await user.type(within(dialog).getByRole('textbox', { name: 'Email', ...any }), 'Pat@aldercounty.example');
    await user.click(within(dialog).getByRole('radio', { name: 'Their work account (Microsoft)', ...any }));
    await user.click(within(dialog).getByRole('button', { name: 'Invite', ...any }));
    expect(await within(dialog).findByText('This email address is already a member of the account.')).toBeTruthy();
    expect(server.requests.find((request) => request.method === 'POST')?.body).toMatchObject({ signIn: 'work-account' });
    expect(messagesOf(consoleWarn)).toEqual(new Set(['The invitation failed']));
  });

  it("edits someone's teams and admin teams and makes them an account admin", async () => {
    const pat = makeMember({ teams: [elections._id] });
    serve({ members: [pat] });
    const { user } = renderAdmin('people');
    await user.click(await screen.findByRole('button', { name: 'Actions for Pat Clerk', ...any }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit', ...any }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Pat Clerk', ...any });
    await user.click(within(within(dialog).getByRole('group', { name: 'Teams', ...any })).getByRole('checkbox', { name: 'Elections', ...any }));
    await user.click(within(within(dialog).getByRole('group', { name: 'Teams', ...any })).getByRole('checkbox', { name: 'Recorder', ...any }));
    await user.click(within(within(dialog).getByRole('group', { name: 'Admin of', ...any })).getByRole('checkbox', { name: 'Recorder', ...any }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Account admin/, ...any }));
    await user.click(within(dialog).getByRole('button', { name: 'Save', ...any }));
    expect(await screen.findByText('Pat Clerk was saved.')).toBeTruthy();
    expect(server.requests.find((request) => request.method === 'PATCH')?.body).toEqual({ teams: [recorder._id], adminTeams: [recorder._id], accountAdmin: true });
  });

  it('disables after asking, shows the refusal to leave the account without an admin, and enables again', async () => {
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const pat = makeMember();
    serve({ members: [pat] });
    const { user } = renderAdmin('people');
    await user.click(await screen.findByRole('button', { name: 'Actions for Pat Clerk', ...any }));
    await user.click(await screen.findByRole('menuitem', { name: 'Disable', ...any }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Disable Pat Clerk?', ...any });
    server.failNext.set(`PATCH /api/admin/accounts/${'a'.repeat(24)}/members/${pat._id}`, {
      status: 409,
      code: 'last_account_admin',
      message: 'The account needs at least one account admin.',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Disable', ...any }));
    expect(await within(dialog).findByText('The account needs at least one account admin.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Disable', ...any }));
    expect(await screen.findByText('Pat Clerk was disabled.')).toBeTruthy();
    await dialogsClosed();
    expect(within(await screen.findByRole('row', { name: /Pat Clerk/, ...any })).getByText('Disabled')).toBeTruthy();

    const patches = server.requests.filter((request) => request.method === 'PATCH').map((request) => request.body);
    expect(patches).toEqual([{ disabled: true }, { disabled: true }]);
    expect(messagesOf(consoleWarn)).toEqual(new Set(['Saving the change failed']));
  });

  // One confirmation per test: under happy-dom a second dialog opened from a menu after one closed does not show.
  it('enables a disabled person after asking', async () => {
    serve({ members: [makeMember({ status: 'disabled' })] });
    const { user } = renderAdmin('people');
    await user.click(await screen.findByRole('button', { name: 'Actions for Pat Clerk', ...any }));
    await user.click(await screen.findByRole('menuitem', { name: 'Enable', ...any }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Enable Pat Clerk?', ...any });
    await user.click(within(dialog).getByRole('button', { name: 'Enable', ...any }));
    expect(await screen.findByText('Pat Clerk was enabled.')).toBeTruthy();
    expect(server.requests.filter((request) => request.method === 'PATCH').map((request) => request.body)).toEqual([{ disabled: false }]);
  });

  it('resends an invitation and resets an authenticator', async () => {
    const invited = makeMember({ name: 'Ivy New', email: 'ivy@aldercounty.example', status: 'invited', lastActive: null });
    const guarded = makeMember({ name: 'Gus Guarded', email: 'gus@aldercounty.example', authenticator: true });
    serve({ members: [invited, guarded] });
    const { user } = renderAdmin('people');
    await user.click(await screen.findByRole('button', { name: 'Actions for Ivy New', ...any }));
    await user.click(await screen.findByRole('menuitem', { name: 'Resend invitation', ...any }));
    expect(await screen.findByText('The invitation was sent to ivy@aldercounty.example again.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Actions for Gus Guarded', ...any }));
    expect(screen.queryByRole('menuitem', { name: 'Resend invitation', ...any })).toBeNull();
    await user.click(await screen.findByRole('menuitem', { name: 'Reset authenticator', ...any }));
    const dialog = await screen.findByRole('alertdialog', { name: "Reset Gus Guarded's authenticator?", ...any });
    await user.click(within(dialog).getByRole('button', { name: 'Reset authenticator', ...any }));
    expect(await screen.findByText("Gus Guarded's authenticator was reset.")).toBeTruthy();
    await dialogsClosed();
    await waitFor(() => expect(within(row('Gus Guarded')).getByText('Off')).toBeTruthy());

    expect(server.requests.map((request) => `${request.method} ${request.path.split('/').slice(-1)[0]}`)).toEqual(
      expect.arrayContaining(['POST resend-invitation', 'POST reset-authenticator']),
    );
  });

  it('removes someone from the account after asking', async () => {
    const guarded = makeMember({ name: 'Gus Guarded', email: 'gus@aldercounty.example' });
    serve({ members: [guarded] });
    const { user } = renderAdmin('people');
    await user.click(await screen.findByRole('button', { name: 'Actions for Gus Guarded', ...any }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove from account', ...any }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove Gus Guarded from the account?', ...any });
    await user.click(within(dialog).getByRole('button', { name: 'Remove', ...any }));
    expect(await screen.findByText('Gus Guarded was removed from the account.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('row', { name: /Gus Guarded/, ...any })).toBeNull());
    expect(server.requests.some((request) => request.method === 'DELETE' && request.path.endsWith(guarded._id))).toBe(true);
  });
});

describe('the People page, for a team admin', () => {
  it('offers only their own teams and keeps the memberships of other teams as they are', async () => {
    const pat = makeMember({ teams: [elections._id, recorder._id] });
    serve({ members: [pat] });
    server.me = { ...server.me, accountAdmin: false, adminTeams: [elections._id] };
    const { user } = renderAdmin('people');
    const patRow = await screen.findByRole('row', { name: /Pat Clerk/, ...any });
    expect(within(patRow).getByText('Elections, 1 other team')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Admin', ...any });
    expect(within(nav).getByRole('link', { name: 'People', ...any })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: 'Teams', ...any })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Settings', ...any })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Invite from a file', ...any })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Actions for Pat Clerk', ...any }));
    expect(screen.queryByRole('menuitem', { name: 'Disable', ...any })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Remove from account', ...any })).toBeNull();
    await user.click(await screen.findByRole('menuitem', { name: 'Edit', ...any }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Pat Clerk', ...any });
    expect(within(dialog).queryByRole('checkbox', { name: 'Recorder', ...any })).toBeNull();
    expect(within(dialog).queryByRole('checkbox', { name: /Account admin/, ...any })).toBeNull();
    await user.click(within(within(dialog).getByRole('group', { name: 'Teams', ...any })).getByRole('checkbox', { name: 'Elections', ...any }));
    await user.click(within(dialog).getByRole('button', { name: 'Save', ...any }));
    expect(await screen.findByText('Pat Clerk was saved.')).toBeTruthy();
    expect(server.requests.find((request) => request.method === 'PATCH')?.body).toEqual({ teams: [recorder._id] });
  });

  it('tells a member who administers nothing that People is not theirs', async () => {
    serve();
    server.me = { ...server.me, accountAdmin: false };
    renderAdmin('people');
    expect(await screen.findByRole('heading', { name: 'You are not an admin of any team', level: 1, ...any })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'People', ...any })).toBeNull();
  });
});

describe('an account admin who administers no team', () => {
  it('is pointed from the library pages to People, Teams and Settings, and reaches them', async () => {
    serve({ members: [makeMember()] });
    const { user } = renderAdmin('home');
    expect(await screen.findByRole('heading', { name: 'You are not an admin of any team', level: 1, ...any })).toBeTruthy();
    const main = screen.getByRole('main');
    for (const page of ['People', 'Teams', 'Settings']) expect(within(main).getByRole('link', { name: page, ...any })).toBeTruthy();
    await user.click(within(main).getByRole('link', { name: 'People', ...any }));
    expect(await screen.findByRole('heading', { name: 'People', level: 1, ...any })).toBeTruthy();
    expect(await screen.findByRole('row', { name: /Pat Clerk/, ...any })).toBeTruthy();
  });
});
