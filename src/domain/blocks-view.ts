/**
 * The home screen's block list as data (rules §2 "Home screen"): which blocks the host and the
 * selected team show, grouped by category, and the Frequently Used group. Screens render this and
 * decide nothing themselves, so every host shows the same blocks in the same order.
 */
import type { Block, SupportedContext } from './types';
import { filterBlocksByContext } from './block-context';
import { groupBlocksByCategory, type GroupedBlocks } from './block-groups';
import { selectFrequentlyUsed } from './frequently-used';

export interface BlocksViewInput<B extends Block> {
  /** Every block loaded for the user's teams. */
  blocks: readonly B[];
  /** The server's most-used blocks, most used first (may be empty). */
  mostUsed?: readonly B[];
  /** The host's context (`HostAdapter.context`). */
  context: SupportedContext;
  /** The selected team's `_id`, or null to show the blocks of all the user's teams. */
  teamId: string | null;
  /** How many Frequently Used blocks to show at most. */
  frequentlyUsedLimit?: number;
}

export interface BlocksView<B extends Block> {
  /** The blocks the host and team show, in load order: what search and recommendations run on. */
  visible: B[];
  /** `visible`, grouped and sorted for the list. */
  grouped: GroupedBlocks<B>;
  /** The Frequently Used group, among `visible` only. */
  frequentlyUsed: B[];
}

/** Builds the home screen's block list; see the module comment. */
export function buildBlocksView<B extends Block>(input: BlocksViewInput<B>): BlocksView<B> {
  const forHost = filterBlocksByContext(input.blocks, input.context);
  const visible = input.teamId === null ? forHost : forHost.filter((block) => block.team === input.teamId);
  return {
    visible,
    grouped: groupBlocksByCategory(visible),
    frequentlyUsed: selectFrequentlyUsed(input.mostUsed ?? [], {
      context: input.context,
      visibleIds: new Set(visible.map((block) => block._id)),
      ...(input.frequentlyUsedLimit === undefined ? {} : { limit: input.frequentlyUsedLimit }),
    }),
  };
}
