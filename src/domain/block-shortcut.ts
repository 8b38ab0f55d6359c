/**
 * A block's shortcut: what a member types, followed by a space, to insert the block where they
 * type (docs/staff.md "Shortcuts").
 *
 * Rules, the same for the admin API, the admin app and every host:
 *   - 2 to 32 characters, none of them a space, a line break or another invisible character;
 *   - the first is a symbol or punctuation mark (`;track`, `/sig`, `#refund`), never a letter or a
 *     digit, so that typing an ordinary word never expands into a block, and so that a keystroke
 *     listener can ignore every word that does not start with one of the few symbols in use;
 *   - case does not matter: `;Track` and `;track` are one shortcut (unique within a team) and
 *     typing either expands it.
 */

export const SHORTCUT_MIN_LENGTH = 2;
export const SHORTCUT_MAX_LENGTH = 32;

/** A symbol or punctuation mark, then visible characters only (no separators, no controls or format characters). */
const SHORTCUT_PATTERN = /^[\p{P}\p{S}][^\p{Z}\p{C}\s]*$/u;

/** What the rules say, for error messages and hints. */
export const SHORTCUT_RULE = `${SHORTCUT_MIN_LENGTH} to ${SHORTCUT_MAX_LENGTH} characters without spaces, starting with a symbol such as ; / or #`;

/** Why `value` cannot be a shortcut, or undefined when it can. */
export function shortcutProblem(value: string): string | undefined {
  // Two UTF-16 units per character at most: a longer string is refused without being read.
  const length = value.length > 2 * SHORTCUT_MAX_LENGTH ? Infinity : [...value].length;
  if (length < SHORTCUT_MIN_LENGTH || length > SHORTCUT_MAX_LENGTH || !SHORTCUT_PATTERN.test(value)) return `must be ${SHORTCUT_RULE}`;
  return undefined;
}

/** The form shortcuts are compared in: typing, uniqueness and search ignore case. */
export const shortcutKey = (shortcut: string): string => shortcut.toLowerCase();

/** Each shortcut of `blocks` (by `shortcutKey`) to the position of the first block that has it. */
export function shortcutPositions(blocks: ReadonlyArray<{ shortcut?: string | null }>): Map<string, number> {
  const positions = new Map<string, number>();
  blocks.forEach((block, b) => {
    if (block.shortcut && !positions.has(shortcutKey(block.shortcut))) positions.set(shortcutKey(block.shortcut), b);
  });
  return positions;
}
