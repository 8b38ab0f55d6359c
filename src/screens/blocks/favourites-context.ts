/**
 * The user's favourites as a screen hands them to its block lists: a list inside a provider shows
 * a star on each row; one outside (a checklist's blocks) shows none.
 */
import { createContext } from 'react';

export interface FavouritesControl {
  /** The ids of the user's favourites, lower-cased. */
  ids: ReadonlySet<string>;
  /** Stars (`on`) or unstars a block; shown at once, taken back with a message if the server refuses. */
  set: (block: { _id: string; team: string; name: string }, on: boolean) => void;
}

export const FavouritesContext = createContext<FavouritesControl | null>(null);
