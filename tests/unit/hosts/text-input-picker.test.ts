import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as InsertText from '../../../hosts/shared/insert-text';
import { PICKER_LINGER_MS, startTextFieldContent } from '../../../hosts/text-input/content';
import { openPickerFrame, PICKER_TAG } from '../../../hosts/text-input/picker-frame';
import type { FieldContent, FieldInsertOutcome, FrameTarget } from '../../../hosts/text-input/protocol';

/**
 * The picker's life in the page: how it closes when its block was inserted (hidden at once, its
 * page kept running a while to record the use), when the insertion failed (open, to show it), and
 * when another picker opens. The channel to the picker page is faked: tests call the content
 * script's handlers as the picker page would.
 */

type Handler = (message: { data: unknown }) => unknown;
const handlers = vi.hoisted(() => new Map<string, (message: { data: unknown }) => unknown>());
vi.mock('../../../hosts/text-input/protocol', () => ({
  textInputMessaging: {
    onMessage: (type: string, handler: Handler) => {
      handlers.set(type, handler);
      return () => handlers.delete(type);
    },
    sendMessage: () => Promise.resolve(),
  },
}));

const insertFailure = vi.hoisted(() => ({ next: null as Error | null }));
vi.mock('../../../hosts/shared/insert-text', async (importOriginal) => {
  const original = await importOriginal<typeof InsertText>();
  return {
    ...original,
    insertIntoField: (...args: Parameters<typeof original.insertIntoField>) => {
      const failure = insertFailure.next;
      insertFailure.next = null;
      return failure ? Promise.reject(failure) : original.insertIntoField(...args);
    },
  };
});

const target: FrameTarget = { tabId: 4, frameId: 0 };

function call<T>(type: string, data?: unknown): T {
  const handler = handlers.get(type);
  if (!handler) throw new Error(`No handler for ${type}`);
  return handler({ data }) as T;
}

const pickers = () => Array.from(document.querySelectorAll<HTMLElement>(PICKER_TAG));
const shown = (picker: HTMLElement) => picker.isConnected && picker.style.display !== 'none';

let lifetime: AbortController;

beforeEach(() => {
  // happy-dom loads no frames and says so for each picker; nothing else may be logged as an error.
  const error = console.error.bind(console);
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).includes('Iframe page loading is disabled')) error(...args);
  });
  vi.useFakeTimers();
  lifetime = new AbortController();
  document.body.innerHTML = '<textarea id="message">Dear customer,\n\nBest regards</textarea>';
});

afterEach(() => {
  lifetime.abort();
  handlers.clear();
  document.body.innerHTML = '';
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** The textarea focused with the caret on its empty line, and the script started as after the shortcut. */
function startOnTextarea(): HTMLTextAreaElement {
  const textarea = document.getElementById('message') as HTMLTextAreaElement;
  textarea.focus();
  textarea.setSelectionRange(15, 15);
  startTextFieldContent({ signal: lifetime.signal, doc: document, pickerPageUrl: 'chrome-extension://cannery/picker.html' });
  return textarea;
}

describe('the text-field script', () => {
  it('closes the picker for the user once the block is in, and removes it after the use had time to be recorded', async () => {
    const textarea = startOnTextarea();
    expect(call<boolean>('text-input:open-picker', target)).toBe(true);
    const [picker] = pickers();
    expect(shown(picker!)).toBe(true);

    const outcome = await call<Promise<FieldInsertOutcome>>('text-input:insert', { text: 'Hello', html: '<p>Hello</p>' } satisfies FieldContent);

    expect(outcome).toEqual({ ok: true, strategy: 'value-setter' });
    expect(textarea.value).toBe('Dear customer,\nHello\nBest regards');
    expect(document.activeElement).toBe(textarea);
    expect([textarea.selectionStart, textarea.selectionEnd]).toEqual([20, 20]);
    // Hidden, but its page still runs: it is about to hear the answer and record the use.
    expect(picker!.isConnected).toBe(true);
    expect(shown(picker!)).toBe(false);
    vi.advanceTimersByTime(PICKER_LINGER_MS - 1);
    expect(picker!.isConnected).toBe(true);
    vi.advanceTimersByTime(1);
    expect(picker!.isConnected).toBe(false);
  });

  it('keeps the picker open when the insertion fails, so it can show the failure', async () => {
    startOnTextarea();
    call('text-input:open-picker', target);
    insertFailure.next = new Error('The editor refused the text');

    const outcome = await call<Promise<FieldInsertOutcome>>('text-input:insert', { text: 'Hello', html: 'Hello' });

    expect(outcome).toEqual({ ok: false, reason: 'insert-failed', message: 'The editor refused the text' });
    expect(pickers().map(shown)).toEqual([true]);
  });

  it('removes a lingering picker when the next one opens, and every picker when the script stops', async () => {
    startOnTextarea();
    call('text-input:open-picker', target);
    const [first] = pickers();
    await call<Promise<FieldInsertOutcome>>('text-input:insert', { text: 'Hello', html: 'Hello' });
    expect(first!.isConnected).toBe(true);

    call('text-input:open-picker', target);
    expect(first!.isConnected).toBe(false);
    expect(pickers().map(shown)).toEqual([true]);

    await call<Promise<FieldInsertOutcome>>('text-input:insert', { text: ' again', html: ' again' });
    expect(pickers()).toHaveLength(1);
    lifetime.abort();
    expect(pickers()).toEqual([]);
  });
});

describe('openPickerFrame', () => {
  function open(signal = lifetime.signal) {
    const onClose = vi.fn();
    const frame = openPickerFrame({ doc: document, anchor: new DOMRect(10, 10, 200, 30), url: 'about:blank', signal, onClose });
    return { frame, onClose };
  }

  it('leaves the page at once when closed without lingering, and tells why', () => {
    const { frame, onClose } = open();
    frame.close('escape');
    expect(frame.host.isConnected).toBe(false);
    expect(onClose).toHaveBeenCalledWith('escape');
  });

  it('while lingering, stops listening to the page and leaves at once when closed again', () => {
    const { frame, onClose } = open();
    frame.close(undefined, { lingerMs: 5000 });
    expect(frame.host.style.display).toBe('none');
    // Escape in the page no longer concerns it.
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(onClose).not.toHaveBeenCalled();
    frame.close();
    expect(frame.host.isConnected).toBe(false);
  });
});
