/**
 * The grouped block list of the home screen (rules §2 "Home screen", §9): blocks grouped into
 * categories, then the uncategorised ones; each list sorted by name, case-insensitively.
 *
 * Decisions where the spec is silent:
 * - A block with several categories appears in each of them (the field is a list).
 * - Category names are trimmed and compared case-insensitively, so "Elections" and "elections "
 *   are one group, shown with the spelling met first; blank names are ignored, and a block whose
 *   categories are all blank, empty or absent is uncategorised.
 * - Groups are ordered by category name, with the same comparison as block names.
 */
import type { Block } from './types';
import { groupByCategory } from './category-groups';

export interface BlockGroup<B extends Block = Block> {
  /** The category as first spelled in the list. */
  category: string;
  blocks: B[];
}

export interface GroupedBlocks<B extends Block = Block> {
  /** Categories in name order, each with its blocks in name order. */
  categories: BlockGroup<B>[];
  /** Blocks without a category, in name order. */
  uncategorized: B[];
}

/** Groups `blocks` by category; see the module comment (the rules live in `category-groups.ts`). */
export function groupBlocksByCategory<B extends Block>(blocks: readonly B[]): GroupedBlocks<B> {
  const grouped = groupByCategory(blocks);
  return {
    categories: grouped.categories.map((group) => ({ category: group.category, blocks: group.items })),
    uncategorized: grouped.uncategorized,
  };
}
