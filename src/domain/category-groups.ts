/**
 * Grouping by category for anything with a name and an optional list of categories: checklists on
 * checklist home (rules §2 "Checklist home": "Checklists in categories and as an uncategorized
 * list"), with the rules the spec gives for blocks (rules §9 "Uncategorised ones are listed separately.
 * Each group is sorted by name, case-insensitively").
 *
 * Blocks are grouped by the same function (`block-groups.ts`, whose module comment gives the
 * decisions where the spec is silent), so blocks and checklists group alike.
 */
import { compareNames, sortByName } from './compare-names';
import { foldText } from './fold-text';

/** What grouping reads of an item. `categories` is wire data: entries that are not strings are ignored. */
export interface Categorised {
  name: string;
  categories?: readonly unknown[] | undefined;
}

export interface CategoryGroup<T> {
  /** The category as first spelled in the list. */
  category: string;
  items: T[];
}

export interface GroupedByCategory<T> {
  /** Categories in name order, each with its items in name order. */
  categories: CategoryGroup<T>[];
  /** Items without a category, in name order. */
  uncategorized: T[];
}

/** Groups `items` by category; an item with several categories is in each of them once. */
export function groupByCategory<T extends Categorised>(items: readonly T[]): GroupedByCategory<T> {
  const groups = new Map<string, CategoryGroup<T>>();
  const uncategorized: T[] = [];
  for (const item of items) {
    const keys = new Set<string>();
    for (const raw of item.categories ?? []) {
      if (typeof raw !== 'string') continue;
      const category = raw.trim();
      const key = foldText(category);
      if (key === '' || keys.has(key)) continue;
      keys.add(key);
      let group = groups.get(key);
      if (group === undefined) {
        group = { category, items: [] };
        groups.set(key, group);
      }
      group.items.push(item);
    }
    if (keys.size === 0) uncategorized.push(item);
  }
  const categories = [...groups.values()]
    .sort((a, b) => compareNames(a.category, b.category))
    .map((group) => ({ category: group.category, items: sortByName(group.items) }));
  return { categories, uncategorized: sortByName(uncategorized) };
}
