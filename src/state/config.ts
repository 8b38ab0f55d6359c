import { atom } from 'jotai';

/** Where the app's server lives; set once by the host when it mounts the app. */
export const apiBaseAtom = atom<string>('/api');

/** How many blocks Home's Frequently Used group asks for (rules §9), as the server publishes it. */
export const mostFrequentCountAtom = atom<number>(5);

/** Milliseconds without interaction that end a usage session, as the server publishes it. */
export const sessionIdleMsAtom = atom<number>(30 * 60_000);

/** How long the pool refuses an account after repeated wrong passwords (published by the server); null when unknown. */
export const signInLockoutMinutesAtom = atom<number | null>(null);

/** What becomes of the mail the server queues (invitations, reset codes), as the server publishes it. */
export const mailDeliveryAtom = atom<'sent' | 'held' | 'off'>('sent');
