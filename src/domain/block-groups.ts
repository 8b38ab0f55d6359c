/**
 * The grouped block list of the home screen (spec §2 "Home screen", §9): blocks grouped into
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
import { compareNames, sortByName } from './compare-names';
import { foldText } from './fold-text';

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

/** Groups `blocks` by category; see the module comment. */
export function groupBlocksByCategory<B extends Block>(blocks: readonly B[]): GroupedBlocks<B> {
  const groups = new Map<string, BlockGroup<B>>();
  const uncategorized: B[] = [];
  for (const block of blocks) {
    const keys = new Set<string>();
    for (const raw of block.categories ?? []) {
      if (typeof raw !== 'string') continue;
      const category = raw.trim();
      const key = foldText(category);
      if (key === '' || keys.has(key)) continue;
      keys.add(key);
      let group = groups.get(key);
      if (group === undefined) {
        group = { category, blocks: [] };
        groups.set(key, group);
      }
      group.blocks.push(block);
    }
    if (keys.size === 0) uncategorized.push(block);
  }
  const categories = [...groups.values()]
    .sort((a, b) => compareNames(a.category, b.category))
    .map((group) => ({ category: group.category, blocks: sortByName(group.blocks) }));
  return { categories, uncategorized: sortByName(uncategorized) };
}
