import { afterEach, describe, expect, it, vi } from 'vitest';
import { listenForShortcuts } from '../../../hosts/shared/shortcut-listener';
import type { EditableField } from '../../../hosts/shared/editable';

/**
 * The keystroke listener of typed shortcuts, in a page's textarea and contenteditable: the space
 * after a shortcut is not typed, the shortcut is selected and handed over; anything else is left
 * alone. Key presses are dispatched as the browser does; the text they type is set directly.
 */

let controller = new AbortController();
afterEach(() => {
  controller.abort();
  document.body.replaceChildren();
});

async function start(accepts?: (field: EditableField) => boolean) {
  controller = new AbortController();
  const calls: Array<{ shortcut: string; field: EditableField }> = [];
  const loadShortcuts = vi.fn(() => Promise.resolve([';vote', '/sig']));
  listenForShortcuts({ doc: document, signal: controller.signal, loadShortcuts, onShortcut: (shortcut, field) => calls.push({ shortcut, field }), ...(accepts ? { accepts } : {}) });
  await Promise.resolve();
  await Promise.resolve();
  return { calls, loadShortcuts };
}

/**
 * Presses each key in the focused element, as the user does (the browser marks such events
 * trusted; `trusted: false` makes them a page's own); returns whether the last one was cancelled.
 */
function press(keys: string[], options: KeyboardEventInit & { trusted?: boolean } = {}): boolean {
  const { trusted = true, ...init } = options;
  let cancelled = false;
  for (const key of keys) {
    const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
    if (trusted) Object.defineProperty(event, 'isTrusted', { value: true });
    (document.activeElement ?? document.body).dispatchEvent(event);
    cancelled = event.defaultPrevented;
  }
  return cancelled;
}

function textarea(value: string): HTMLTextAreaElement {
  const element = document.createElement('textarea');
  document.body.append(element);
  element.focus();
  element.value = value;
  element.setSelectionRange(value.length, value.length);
  return element;
}

describe('the shortcut listener', () => {
  it("ignores keys the page dispatches itself: nothing is selected, cancelled or handed over", async () => {
    const { calls } = await start();
    const field = textarea('Hello there ;vote');
    press([...';vote'], { trusted: false });
    expect(press([' '], { trusted: false })).toBe(false);
    // A page's made-up keys between the user's own break the shortcut too.
    press([...';vo']);
    press(['t'], { trusted: false });
    expect(press(['e', ' '])).toBe(false);
    expect(calls).toEqual([]);
    expect([field.selectionStart, field.selectionEnd]).toEqual([17, 17]);
  });

  it('selects a typed shortcut in a textarea and hands it over, cancelling the space', async () => {
    const { calls, loadShortcuts } = await start();
    expect(loadShortcuts).toHaveBeenCalledTimes(1);
    const field = textarea('Hello there ;Vote');
    press([...';Vote']);
    expect(press([' '])).toBe(true);
    expect(calls).toEqual([{ shortcut: ';vote', field: { kind: 'text-control', element: field } }]);
    expect([field.selectionStart, field.selectionEnd]).toEqual([12, 17]);
  });

  it('leaves a shortcut inside a word, a prefix, a longer word and a moved caret alone', async () => {
    const { calls } = await start();
    for (const [text, keys] of [
      ['x;vote', [...';vote']],
      [';vot', [...';vot']],
      [';votes', [...';votes']],
      [';vote', [...';vo', 'ArrowLeft', 'ArrowRight', ...'te']],
    ] as const) {
      textarea(text);
      press([...keys]);
      expect(press([' ']), text).toBe(false);
    }
    expect(calls).toEqual([]);
  });

  it('does nothing with key presses while composing or with Ctrl held', async () => {
    const { calls } = await start();
    textarea(';vote');
    press([...';vote']);
    press([' '], { isComposing: true });
    textarea(';vote');
    press([...';vot']);
    press(['e'], { ctrlKey: true });
    expect(press([' '])).toBe(false);
    expect(calls).toEqual([]);
  });

  it('selects a typed shortcut in a contenteditable', async () => {
    const { calls } = await start();
    const editor = document.createElement('div');
    editor.contentEditable = 'true';
    editor.textContent = 'Hi /sig';
    document.body.append(editor);
    editor.focus();
    const text = editor.firstChild as Text;
    document.getSelection()!.collapse(text, 7);
    press([...'/sig']);
    expect(press([' '])).toBe(true);
    expect(calls.map((call) => call.shortcut)).toEqual(['/sig']);
    expect(document.getSelection()!.toString()).toBe('/sig');
  });

  it('only in the fields it accepts, and one listener per document', async () => {
    const { calls } = await start(() => false);
    const second = vi.fn(() => Promise.resolve([';vote']));
    listenForShortcuts({ doc: document, signal: new AbortController().signal, loadShortcuts: second, onShortcut: () => calls.push({ shortcut: 'second', field: null as never }) });
    expect(second).not.toHaveBeenCalled();
    textarea(';vote');
    press([...';vote']);
    expect(press([' '])).toBe(false);
    expect(calls).toEqual([]);
  });
});
