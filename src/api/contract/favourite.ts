import { z } from './zod';
import { isoTime, objectId } from './common';

/**
 * At most this many favourites per user. Favourites are a short list kept at hand at the top of
 * Home, above Frequently Used and every category: past a hundred the group is a second library to
 * scroll, not a shortcut, and the list every host loads at start stays small.
 */
export const FAVOURITES_PER_USER = 100;

/** `POST /accounts/{accountId}/favouriteautoresponses`: star a block of one of the caller's teams. */
export const favouriteInput = z.object({ autoResponseId: objectId });
export type FavouriteInput = z.infer<typeof favouriteInput>;

/** One of the caller's favourites: the block, its team and when it was starred. */
export const favourite = z.object({ autoResponseId: objectId, team: objectId, addedAt: isoTime });
export type Favourite = z.infer<typeof favourite>;
export const favouriteList = z.array(favourite);
