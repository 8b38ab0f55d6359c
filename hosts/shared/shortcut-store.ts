import { shortcutKey, shortcutProblem } from '../../src/domain/block-shortcut';

/**
 * The user's block shortcuts as the extension keeps them for the pages' keystroke listeners: the
 * strings only (no block, no token), written by the extension's pages each time they load the
 * blocks (the side panel, the picker), read by the background, which hands them to the content
 * scripts of the pages where shortcuts are on. Kept in `storage.local`, which content scripts
 * cannot read (closeToContentScripts), and cleared with everything else at sign-out.
 */
export const SHORTCUTS_KEY = 'cannery.shortcuts';

/** The part of a `storage` area these read and write (the extension's, or a test's). */
export interface ShortcutArea {
  get(keys: string): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
}

/** More than any team has; a list past it is cut, never refused. */
const MAX_SHORTCUTS = 5_000;

/** Keeps `shortcuts` (each once, in the compared form). */
export async function publishShortcuts(area: Pick<ShortcutArea, 'set'>, shortcuts: readonly string[]): Promise<void> {
  const keys = [...new Set(shortcuts.filter((shortcut) => shortcutProblem(shortcut) === undefined).map(shortcutKey))].slice(0, MAX_SHORTCUTS);
  await area.set({ [SHORTCUTS_KEY]: keys });
}

/** The kept shortcuts; an empty list when there are none or the stored value is not a list of shortcuts. */
export async function storedShortcuts(area: Pick<ShortcutArea, 'get'>): Promise<string[]> {
  const value: unknown = (await area.get(SHORTCUTS_KEY))[SHORTCUTS_KEY];
  if (!Array.isArray(value)) return [];
  return value.filter((item): item is string => typeof item === 'string' && shortcutProblem(item) === undefined).slice(0, MAX_SHORTCUTS);
}
