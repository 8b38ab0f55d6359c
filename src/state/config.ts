import { atom } from 'jotai';

/** Where the app's server lives; set once by the host when it mounts the app. */
export const apiBaseAtom = atom<string>('/api');
