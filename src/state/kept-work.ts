/**
 * What the user was typing when their session ended without their asking (the refresh refused:
 * the sign-in ran out, an admin disabled them), kept so that nothing typed is lost. It is held in
 * this window's memory only, never in storage (logout still clears all of it, rules §4), and given
 * back only to the same user signing in again here; a logout the user asks for, or another user
 * signing in, drops it.
 */
import { useEffect, useRef, useState } from 'react';
import { atom, useStore } from 'jotai';
import { decodeJwt } from 'jose';
import { authAtom, type AuthSource } from './auth';
import { currentPath } from './location';

/** The forms' values at the moment the session ended, by form, with whose they are and where. */
export interface KeptWork {
  owner: string;
  /** The screen the user was on, to go back to after signing in again. */
  path: string;
  forms: ReadonlyMap<string, unknown>;
}

export const keptWorkAtom = atom<KeptWork | null>(null);

/** The forms on screen now: how to read each one's values. One registry per store. */
const liveFormsAtom = atom(() => new Map<string, () => unknown>());

/** Who an ID token belongs to (its issuer's kind and subject), or null for a token without one. */
export function workOwner(source: AuthSource | null, idToken: string): string | null {
  if (!source || !idToken) return null;
  try {
    const { sub } = decodeJwt(idToken);
    return sub ? `${source}:${sub}` : null;
  } catch {
    return null;
  }
}

type Store = ReturnType<typeof useStore>;

/** Keeps the values of every form on screen for the user signed in now, if any; called as their session ends. */
export function keepLiveWork(store: Store): void {
  const auth = store.get(authAtom);
  const owner = workOwner(auth.source, auth.idToken);
  const forms = new Map([...store.get(liveFormsAtom)].map(([key, read]) => [key, read()]));
  if (owner && forms.size > 0) store.set(keptWorkAtom, { owner, path: currentPath(), forms });
}

/** The screen to go back to when `owner` signs in again with work kept; drops work that is someone else's. */
export function keptWorkPathFor(store: Store, owner: string | null): string | null {
  const kept = store.get(keptWorkAtom);
  if (!kept) return null;
  if (kept.owner === owner) return kept.path;
  store.set(keptWorkAtom, null);
  return null;
}

/** A form's key: its name on the screen it is on, so the same form elsewhere is another one. */
const formKey = (name: string) => `${currentPath()} ${name}`;

/**
 * The values kept for the form `name` on this screen, if the user signed in now typed them before
 * their session ended: read at the first render (so the form can start with them), and given once.
 */
export function useRestoredWork<V>(name: string): V | null {
  const store = useStore();
  const [key] = useState(() => formKey(name));
  const [restored] = useState(() => {
    const kept = store.get(keptWorkAtom);
    const auth = store.get(authAtom);
    return kept && kept.owner === workOwner(auth.source, auth.idToken) && kept.forms.has(key) ? (kept.forms.get(key) as V) : null;
  });
  useEffect(() => {
    if (restored === null) return;
    const kept = store.get(keptWorkAtom);
    if (!kept?.forms.has(key)) return;
    const forms = new Map(kept.forms);
    forms.delete(key);
    store.set(keptWorkAtom, forms.size > 0 ? { ...kept, forms } : null);
  }, [store, key, restored]);
  return restored;
}

/** Offers the form's current `values` to be kept should the session end while it is on screen. */
export function useKeepWork(name: string, values: unknown): void {
  const store = useStore();
  const latest = useRef(values);
  useEffect(() => {
    latest.current = values;
  });
  useEffect(() => {
    const live = store.get(liveFormsAtom);
    const key = formKey(name);
    const read = () => latest.current;
    live.set(key, read);
    return () => {
      if (live.get(key) === read) live.delete(key);
    };
  }, [store, name]);
}
