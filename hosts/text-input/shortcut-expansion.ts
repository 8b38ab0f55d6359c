import type { EditableField } from '../shared/editable';
import { listenForShortcuts } from '../shared/shortcut-listener';
import { textInputMessaging } from './protocol';

export interface ShortcutExpansionOptions {
  doc: Document;
  signal: AbortSignal;
  /** Which fields shortcuts expand in; every editable field when absent. */
  accepts?: (field: EditableField) => boolean;
}

/**
 * Shortcut expansion in a page: the keystroke listener (hosts/shared/shortcut-listener.ts) with the
 * user's shortcuts from the background, and, when one is typed, the picker opened for it by the
 * background, which inserts its block over the selected shortcut through the picker's own
 * insertion (variables, prompts, the use recorded). The background answers with no shortcuts, and
 * opens nothing, in pages where expansion is off (hosts/text-input/background.ts).
 */
export function startShortcutExpansion(options: ShortcutExpansionOptions): (() => void) | null {
  return listenForShortcuts({
    doc: options.doc,
    signal: options.signal,
    ...(options.accepts ? { accepts: options.accepts } : {}),
    loadShortcuts: () => textInputMessaging.sendMessage('text-input:shortcuts', undefined),
    onShortcut: (shortcut) => {
      textInputMessaging.sendMessage('text-input:expand-shortcut', { shortcut }).catch((error: unknown) => {
        console.warn('Cannery: the shortcut could not be expanded.', error);
      });
    },
  });
}
