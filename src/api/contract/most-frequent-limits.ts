/**
 * The bounds of Home's Frequently Used count (rules §9 numMostFreqAutoResponses), in a module of
 * their own: the admin app's settings need them without the block schemas, so the task pane's
 * first screen and the admin app do not split the block schemas into a chunk of their own.
 */

/** How many most-frequently-used blocks a client may ask for. */
export const MAX_MOST_FREQUENT = 50;
/** How many Home shows when the deployment does not say (rules §9 numMostFreqAutoResponses). */
export const DEFAULT_MOST_FREQUENT = 5;
