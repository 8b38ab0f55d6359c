/**
 * The one ordering of names used across the domain (block groups, search ties, recommendation ties),
 * so that the same blocks never appear in two different orders on one screen.
 *
 * Rules §9: "Each group is sorted by name, case-insensitively". Decisions where it is silent:
 * - Accents still order ("resume" before "résumé") but case never does ("apple" = "Apple").
 * - Digits compare as numbers ("Fee schedule 2" before "Fee schedule 10"), as people read them.
 * - The locale is fixed to English so the order is the same on every machine; equal names keep
 *   their input order because every caller sorts stably.
 */

const collator = new Intl.Collator('en', { sensitivity: 'accent', numeric: true });

/** Compares two names case-insensitively (negative, zero or positive, like `Array.prototype.sort`). */
export function compareNames(a: string, b: string): number {
  return collator.compare(a, b);
}

/** A copy of `items` sorted by `name` with `compareNames`; equal names keep their input order. */
export function sortByName<T extends { name: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => compareNames(a.name, b.name));
}
