import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { servePeople } from '../support/msw-admin';
import { renderAdmin } from '../support/render-admin';

const any = { hidden: true } as const;
const serve = servePeople();

describe("the admin's dialogs", () => {
  it('give the focus back to the button that opened them when they close, by Escape or Cancel', async () => {
    serve();
    const { user } = renderAdmin('people');
    await screen.findByText('Nobody here yet. Invite the first person.');
    const invite = screen.getByRole('button', { name: 'Invite', ...any });
    await user.click(invite);
    const dialog = await screen.findByRole('dialog', { name: 'Invite someone', ...any });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', any)).toBeNull());
    expect(document.activeElement).toBe(invite);

    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Cancel', ...any }));
    await waitFor(() => expect(screen.queryByRole('dialog', any)).toBeNull());
    expect(document.activeElement).toBe(invite);
  });
});
