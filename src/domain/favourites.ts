/**
 * The user's Favourites (Home's group after Recommended): which of the blocks the host shows are
 * starred, and the list as it stands after a star or unstar the server has not answered yet.
 *
 * Decisions where the spec is silent (it has no Favourites):
 * - The group lists the favourites of all the user's teams, whatever team is selected: the user
 *   chose them, so they stay at hand.
 * - A favourite shows only while its block is among the blocks this host shows: a deleted block,
 *   a team left, or a block not made for this host (an Outlook-only block in Gmail) is left out.
 * - Sorted by name, case-insensitively, like every group of Home (rules §9).
 */
import { sortByName } from './compare-names';

/** One favourite as the server lists it. */
export interface FavouriteEntry {
  autoResponseId: string;
  team: string;
  addedAt: string;
}

/** The starred blocks among `blocks` (those this host shows), sorted by name. */
export function favouriteBlocks<B extends { _id: string; name: string }>(blocks: readonly B[], favourites: readonly FavouriteEntry[]): B[] {
  if (favourites.length === 0) return [];
  const starred = new Set(favourites.map((entry) => entry.autoResponseId.toLowerCase()));
  return sortByName(blocks.filter((block) => starred.has(block._id.toLowerCase())));
}

/** The ids of `favourites`, lower-cased, for asking whether a block is one. */
export function favouriteIds(favourites: readonly FavouriteEntry[]): ReadonlySet<string> {
  return new Set(favourites.map((entry) => entry.autoResponseId.toLowerCase()));
}

/** A star (`on`) or unstar of one block, as the user made it. */
export interface FavouriteChange {
  block: { _id: string; team: string };
  on: boolean;
  at: Date;
}

/**
 * The list after `change`: a star appends the block (once), an unstar removes it. Used both to
 * show a change at once and, with `on` flipped, to take back a change the server refused without
 * undoing other changes made meanwhile.
 */
export function applyFavouriteChange(favourites: readonly FavouriteEntry[], change: FavouriteChange): FavouriteEntry[] {
  const id = change.block._id.toLowerCase();
  const rest = favourites.filter((entry) => entry.autoResponseId.toLowerCase() !== id);
  if (!change.on) return rest;
  const existing = favourites.find((entry) => entry.autoResponseId.toLowerCase() === id);
  return [...rest, existing ?? { autoResponseId: id, team: change.block.team.toLowerCase(), addedAt: change.at.toISOString() }];
}

/** The reverse of `change`, to take it back. */
export const reverseOf = (change: FavouriteChange): FavouriteChange => ({ ...change, on: !change.on });
