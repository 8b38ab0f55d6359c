/**
 * A session that ends while the user types (the refresh refused: an admin disabled them, the
 * sign-in ran out): the login screen says so at once, and what they typed comes back when the same
 * user signs in again in this window, once; anyone else gets nothing of it.
 */
import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { MESSAGES } from '../../../src/auth/errors';
import { authAtom } from '../../../src/state/auth';
import { keptWorkAtom } from '../../../src/state/kept-work';
import { navigate } from '../../../src/state/location';
import { DEFAULT_TEAM_ID, makeAccount as makeCanneryAccount, makeTeam, makeUser } from '../../fixtures/factories';
import { FakeUserPool, makeAccount } from '../support/fake-user-pool';
import { fillIn, renderApp } from '../support/render-app';
import { makeHomeApi } from '../support/home-api';

const HOUR = 3_600_000;

/** Dana, signed in on an earlier visit, writing a suggestion; Riley, another user of the pool. */
function danaSuggesting() {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const dana = makeAccount({ name: 'Dana' });
  const riley = makeAccount({ name: 'Riley' });
  const pool = new FakeUserPool(dana, riley);
  pool.signInDirectly(dana, Date.now() + HOUR);
  const api = makeHomeApi({
    user: makeUser({ email: dana.email }),
    teams: [makeTeam({ _id: DEFAULT_TEAM_ID, name: 'Elections' })],
    account: makeCanneryAccount({ hasPhoneFlowAccess: false }),
    blocks: [],
  });
  return { dana, riley, pool, ...renderApp('#/suggest-auto-response', { pool, api }) };
}

type Rendered = ReturnType<typeof danaSuggesting>;

async function typeSuggestion(person: Rendered['user']) {
  await person.type(await screen.findByRole('textbox', { name: 'Name' }), 'Drop box hours');
  await person.type(screen.getByRole('textbox', { name: 'Block Content' }), 'Drop boxes close at 8 pm.');
}

async function logIn(person: Rendered['user'], account: { email: string; password: string }) {
  await fillIn(person, 'Email', account.email);
  await fillIn(person, 'Password', account.password);
  await person.click(screen.getByRole('button', { name: 'Log in' }));
}

/**
 * An admin disables Dana; her token then nears its expiry, so the refresh runs at once (rules §4)
 * and the pool refuses it.
 */
async function endSession({ dana, store }: Pick<Rendered, 'dana' | 'store'>) {
  dana.enabled = false;
  act(() => store.set(authAtom, { ...store.get(authAtom), idTokenExpiresAt: Date.now() + 30_000 }));
  await screen.findByRole('heading', { name: 'Log in' });
  dana.enabled = true;
}

describe('a session that ends while the user types', () => {
  it('says so on the login screen, and gives the same user what they typed back where they typed it', async () => {
    const rendered = danaSuggesting();
    const { dana, user: person } = rendered;
    await typeSuggestion(person);
    await endSession(rendered);

    expect(window.location.hash).toBe('#/login');
    expect(screen.getByRole('alert').textContent).toBe(`${MESSAGES.sessionEnded}\n${MESSAGES.workKept}`);

    await logIn(person, dana);
    await waitFor(() => expect(window.location.hash).toBe('#/suggest-auto-response'));
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveProperty('value', 'Drop box hours');
    expect(screen.getByRole('textbox', { name: 'Block Content' })).toHaveProperty('value', 'Drop boxes close at 8 pm.');
    expect(screen.getByRole('status').textContent).toBe('This is what you typed before you were signed out. It is not sent yet.');
  });

  it('gives it once: the form opened again later starts empty', async () => {
    const rendered = danaSuggesting();
    const { dana, user: person, store } = rendered;
    await typeSuggestion(person);
    await endSession(rendered);
    await logIn(person, dana);
    expect(await screen.findByRole('status')).toBeTruthy();
    expect(store.get(keptWorkAtom)).toBeNull();

    act(() => navigate('home'));
    expect(await screen.findByRole('heading', { name: 'Blocks' })).toBeTruthy();
    act(() => navigate('suggest-auto-response'));
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveProperty('value', '');
  });

  it('gives another user signing in nothing of it', async () => {
    const rendered = danaSuggesting();
    const { riley, user: person, store } = rendered;
    await typeSuggestion(person);
    await endSession(rendered);
    expect(store.get(keptWorkAtom)?.forms.size).toBe(1);

    await logIn(person, riley);
    await waitFor(() => expect(window.location.hash).toBe('#/tips-screen'));
    expect(store.get(keptWorkAtom)).toBeNull();
  });

});
