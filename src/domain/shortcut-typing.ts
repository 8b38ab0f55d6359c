/**
 * Follows what a person types to tell, when they press the trigger key (a space), whether the
 * characters just typed are one of their shortcuts (`block-shortcut.ts`).
 *
 * Cost: the listener calls `key` on every keystroke. When no shortcut is being typed, that is one
 * lookup in a small set (the first characters of the shortcuts, a handful of symbols), and nothing
 * else: ordinary words never start with one, so typing prose costs nothing more. While the typed
 * characters are still the start of some shortcut, it is one lookup in the set of all prefixes.
 * Nothing is allocated per keystroke outside a shortcut.
 */
import { shortcutKey } from './block-shortcut';

export interface ShortcutTyping {
  /** A printable character was typed. */
  key(character: string): void;
  /** The caret moved, text was deleted, the field changed: whatever was being typed is over. */
  reset(): void;
  /** The shortcut just typed (in its compared form), or null; the trigger key asks this. */
  complete(): string | null;
  /** The shortcuts now followed, replaced (when the list changes); typing starts over. */
  use(shortcuts: readonly string[]): void;
}

export function createShortcutTyping(shortcuts: readonly string[] = []): ShortcutTyping {
  let firsts = new Set<string>();
  let prefixes = new Set<string>();
  let complete = new Set<string>();
  /** What has been typed since a first character, while it is still the start of a shortcut; '' otherwise. */
  let typed = '';

  function follow(list: readonly string[]): void {
    firsts = new Set();
    prefixes = new Set();
    complete = new Set();
    for (const shortcut of list) {
      const key = shortcutKey(shortcut);
      if (key.length === 0) continue;
      complete.add(key);
      const characters = [...key];
      firsts.add(characters[0] as string);
      let prefix = '';
      for (const character of characters) {
        prefix += character;
        prefixes.add(prefix);
      }
    }
    typed = '';
  }

  function key(character: string): void {
    if (typed === '') {
      if (!firsts.has(character) && !firsts.has(character.toLowerCase())) return;
      typed = shortcutKey(character);
      return;
    }
    const next = typed + shortcutKey(character);
    if (prefixes.has(next)) typed = next;
    // ";;track": the second symbol may begin the shortcut itself.
    else typed = firsts.has(shortcutKey(character)) ? shortcutKey(character) : '';
  }

  follow(shortcuts);
  return {
    key,
    reset: () => {
      typed = '';
    },
    complete: () => (typed !== '' && complete.has(typed) ? typed : null),
    use: follow,
  };
}
