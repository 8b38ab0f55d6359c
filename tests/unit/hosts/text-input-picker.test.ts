import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as InsertText from '../../../hosts/shared/insert-text';
import { PICKER_LINGER_MS, RefusedMessage, startTextFieldContent } from '../../../hosts/text-input/content';
import type { MessageSenderLike } from '../../../hosts/shared/senders';
import { SENDERS, TEST_EXTENSION } from '../../fixtures/factories';
import { openPickerFrame, PICKER_TAG } from '../../../hosts/text-input/picker-frame';
import type { FieldContent, FieldInsertOutcome, FrameTarget } from '../../../hosts/text-input/protocol';

/**
 * The picker's life in the page: how it closes when its block was inserted (hidden at once, its
 * page kept running a while to record the use), when the insertion failed (open, to show it), and
 * when another picker opens. The channel to the picker page is faked: tests call the content
 * script's handlers as the picker page would.
 */

type Handler = (message: { data: unknown; sender: MessageSenderLike }) => unknown;
const handlers = vi.hoisted(() => new Map<string, (message: { data: unknown; sender: MessageSenderLike }) => unknown>());
vi.mock('../../../hosts/text-input/protocol', async (original) => ({
  ...(await original<object>()),
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
/** Grants as the background issues them (32 random bytes, base64url). */
const GRANT = 'g'.repeat(43);
const OTHER_GRANT = 'h'.repeat(43);

function call<T>(type: string, data: unknown, sender: MessageSenderLike): T {
  const handler = handlers.get(type);
  if (!handler) throw new Error(`No handler for ${type}`);
  return handler({ data, sender }) as T;
}

/** What the background sends when the user asks for the picker in this frame. */
function openPicker(grant = GRANT, origin = window.location.origin): boolean {
  return call<boolean>('text-input:open-picker', { target, grant, origin }, SENDERS.background);
}

/** The picker's insertion, as the background relays it. */
function insertFromPicker(content: FieldContent, grant = GRANT): Promise<FieldInsertOutcome> {
  return call<Promise<FieldInsertOutcome>>('text-input:insert', { grant, content }, SENDERS.background);
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
  startTextFieldContent({ signal: lifetime.signal, doc: document, pickerPageUrl: `${TEST_EXTENSION.origin}/picker.html`, self: TEST_EXTENSION });
  return textarea;
}

describe('the text-field script', () => {
  it('closes the picker for the user once the block is in, and removes it after the use had time to be recorded', async () => {
    const textarea = startOnTextarea();
    expect(openPicker()).toBe(true);
    const [picker] = pickers();
    expect(shown(picker!)).toBe(true);

    const outcome = await insertFromPicker({ text: 'Hello', html: '<p>Hello</p>' });

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
    openPicker();
    insertFailure.next = new Error('The editor refused the text');

    const outcome = await insertFromPicker({ text: 'Hello', html: 'Hello' });

    // The kind of field goes with it, for the count of failed insertions; the text never does.
    expect(outcome).toEqual({ ok: false, reason: 'insert-failed', message: 'The editor refused the text', editor: 'textarea' });
    expect(pickers().map(shown)).toEqual([true]);
  });

  it('removes a lingering picker when the next one opens, and every picker when the script stops', async () => {
    startOnTextarea();
    openPicker();
    const [first] = pickers();
    await insertFromPicker({ text: 'Hello', html: 'Hello' });
    expect(first!.isConnected).toBe(true);

    openPicker(OTHER_GRANT);
    expect(first!.isConnected).toBe(false);
    expect(pickers().map(shown)).toEqual([true]);

    await insertFromPicker({ text: ' again', html: ' again' }, OTHER_GRANT);
    expect(pickers()).toHaveLength(1);
    lifetime.abort();
    expect(pickers()).toEqual([]);
  });
});

describe('who the text-field script answers', () => {
  const field = () => document.getElementById('message') as HTMLTextAreaElement;
  const before = 'Dear customer,\n\nBest regards';
  const content: FieldContent = { text: 'Hello', html: 'Hello' };

  it('opens the picker only for the background, and only on the origin the user asked on', () => {
    startOnTextarea();
    for (const sender of [SENDERS.picker(target.tabId), SENDERS.sidePanel, SENDERS.contentScript('https://evil.example'), SENDERS.otherExtension]) {
      expect(() => call('text-input:open-picker', { target, grant: GRANT, origin: window.location.origin }, sender)).toThrow(RefusedMessage);
    }
    expect(pickers()).toEqual([]);
    // The frame navigated between the right-click and the background's answer.
    expect(openPicker(GRANT, 'https://elsewhere.example')).toBe(false);
    expect(pickers()).toEqual([]);
    expect(openPicker()).toBe(true);
    expect(pickers()).toHaveLength(1);
  });

  it("answers the field's text and inserts only for the background, with the open picker's grant", async () => {
    startOnTextarea();
    expect(() => call('text-input:read-field', { grant: GRANT }, SENDERS.background)).toThrow(RefusedMessage);
    openPicker();
    const refusals: Array<[unknown, MessageSenderLike]> = [
      [{}, SENDERS.background],
      [{ grant: OTHER_GRANT }, SENDERS.background],
      [{ grant: 42 }, SENDERS.background],
      [undefined, SENDERS.background],
      // The picker page itself (a content script cannot tell which tab it is in: the background relays).
      [{ grant: GRANT }, SENDERS.picker(target.tabId)],
      [{ grant: GRANT }, SENDERS.sidePanel],
      [{ grant: GRANT }, SENDERS.contentScript('https://evil.example', target.tabId)],
      [{ grant: GRANT }, SENDERS.otherExtension],
      [{ grant: GRANT }, { ...SENDERS.background, url: 'https://evil.example/background.js' }],
    ];
    for (const [data, sender] of refusals) {
      expect(() => call('text-input:read-field', data, sender)).toThrow(RefusedMessage);
      expect(() => call('text-input:insert', { ...(data as object), content }, sender)).toThrow(RefusedMessage);
      expect(() => call('text-input:close-picker', data, sender)).toThrow(RefusedMessage);
    }
    expect(field().value).toBe(before);
    expect(pickers().map(shown)).toEqual([true]);

    expect(call('text-input:read-field', { grant: GRANT }, SENDERS.background)).toEqual({ fieldId: 'field-1', text: before });
    expect(await insertFromPicker(content)).toMatchObject({ ok: true });
    expect(field().value).toContain('Hello');
  });

  it("refuses a closed picker's grant once the next picker opens", () => {
    startOnTextarea();
    openPicker();
    openPicker(OTHER_GRANT);
    expect(() => call('text-input:read-field', { grant: GRANT }, SENDERS.background)).toThrow(RefusedMessage);
    expect(call('text-input:read-field', { grant: OTHER_GRANT }, SENDERS.background)).toMatchObject({ text: before });
  });

  it('frames the picker in a closed shadow root with the grant as its only parameter, and closes it when the page restyles it', () => {
    startOnTextarea();
    openPicker();
    const [host] = pickers();
    expect(host!.shadowRoot).toBeNull();
    expect(host!.style.getPropertyPriority('opacity')).toBe('important');
    host!.style.setProperty('opacity', '0.01', 'important');
    return vi.waitFor(() => expect(host!.isConnected).toBe(false));
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

  it('closes on a click outside it, not on the press alone', () => {
    const { frame, onClose } = open();
    const outside = document.body.appendChild(document.createElement('p'));
    outside.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    outside.dispatchEvent(new MouseEvent('mouseup', { bubbles: true }));
    expect(frame.host.isConnected).toBe(true);
    // A click on the picker's own element is not outside it.
    frame.host.dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true }));
    expect(frame.host.isConnected).toBe(true);
    outside.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(frame.host.isConnected).toBe(false);
    expect(onClose).toHaveBeenCalledWith('outside');
    outside.remove();
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
