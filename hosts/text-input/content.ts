import { deepActiveElement, fieldText, focusEventTarget, focusField, focusedFrameDocuments, rectInWindow, toEditableField, type EditableField } from '../shared/editable';
import { insertIntoField, selectionFor } from '../shared/insert-text';
import { openPickerFrame, PICKER_TAG, type PickerFrame } from './picker-frame';
import { showPageNotice } from './page-notice';
import { pickerUrl } from './picker-target';
import { isBackground, senderOf, type ExtensionIdentity, type MessageSenderLike } from '../shared/senders';
import { startShortcutExpansion } from './shortcut-expansion';
import { CONTENT_INSTANCE_KEY, textInputMessaging, type FieldContent, type FieldInsertOutcome, type FieldMail, type FieldSnapshot, type Granted, type OpenPickerRequest } from './protocol';

/**
 * Composition root of the text-field content script, injected on demand into the frame the user
 * right-clicked or pressed the shortcut in. It remembers the field, shows the picker next to it,
 * and inserts what the picker sends. Everything it adds to the page goes away when `signal` aborts.
 */
export interface TextFieldContentOptions {
  signal: AbortSignal;
  /** The document of the frame the script runs in. */
  doc: Document;
  /** `chrome-extension://<id>/picker.html` (a per-session address in Chrome): the picker page to frame. */
  pickerPageUrl: string;
  /** The extension's id and origin, to tell its background and picker from anything else. */
  self: ExtensionIdentity;
  /** The email a field belongs to, in a mail client's page (Gmail's composes); null for other fields. */
  describeField?: (element: HTMLElement) => FieldMail | null;
  /**
   * Fields whose page handles pastes itself in a way its undo does not follow (Gmail's compose):
   * a block replacing a typed shortcut goes in through the browser's own editing command, so one
   * Ctrl+Z gives the shortcut back.
   */
  nativeEditForShortcuts?: (element: HTMLElement) => boolean;
}

/** The answer to a message from a sender this script does not serve: no data, no action. */
export class RefusedMessage extends Error {
  constructor() {
    super('Cannery refused this message.');
    this.name = 'RefusedMessage';
  }
}



interface RememberedField {
  field: EditableField;
  id: string;
  /** The caret in a rich field when the picker opened; focus moves to the picker afterwards. */
  range: Range | null;
}

/**
 * How long a picker whose block was inserted keeps running, hidden, before it leaves the page: the
 * insertion's answer goes to the picker page, which then records the use (rules §3) and sends it.
 * Removing the frame at once would lose the use; what is not sent by then waits in the durable
 * outbox for the next start of the picker or side panel.
 */
export const PICKER_LINGER_MS = 10_000;

/** Where the live instance of this frame keeps its stop function (isolated world: the page cannot see it). */
const INSTANCE_KEY = Symbol.for(CONTENT_INSTANCE_KEY);
type WithInstance = { [INSTANCE_KEY]?: () => void };

export function startTextFieldContent(options: TextFieldContentOptions): void {
  const { doc } = options;
  const maybeView = doc.defaultView;
  if (!maybeView) return;
  const view: Window = maybeView;
  // Double-injection guard: WXT already invalidates an older copy of this script when a new one
  // starts; stopping it here as well makes "one live instance per frame" explicit and independent
  // of that mechanism. The background also pings before injecting, so this is the rare path.
  const holder = view as unknown as WithInstance;
  holder[INSTANCE_KEY]?.();
  const lifetime = new AbortController();
  const stop = () => lifetime.abort();
  holder[INSTANCE_KEY] = stop;
  options.signal.addEventListener('abort', stop, { once: true });
  const signal = lifetime.signal;
  signal.addEventListener('abort', () => {
    if (holder[INSTANCE_KEY] === stop) delete holder[INSTANCE_KEY];
  });

  let remembered: RememberedField | null = null;
  let picker: PickerFrame | null = null;
  /** The last picker that inserted a block, hidden while its page records the use. */
  let lingering: PickerFrame | null = null;
  let fieldSeq = 0;
  /** The grant of the picker now open; a message without it is refused. */
  let grant: string | null = null;
  /** The open picker was asked for by a typed shortcut, which is selected in the field. */
  let forShortcut = false;
  /** What the page was told when it kept the picker out. */
  let notice: { remove(): void } | null = null;

  /**
   * A picker message is served when it comes from the background (which relays the picker's
   * requests after checking the picker's tab and frame against the grant: a content script is
   * not told which tab a message from an extension page comes from) and carries the open picker's grant.
   */
  function admits(sender: MessageSenderLike, request: Granted | undefined): boolean {
    return grant !== null && request?.grant === grant && isBackground(sender, options.self);
  }

  function remember(element: Element | null): void {
    if (element?.tagName.toLowerCase() === PICKER_TAG) return;
    const field = toEditableField(element);
    if (!field) return;
    if (remembered?.field.element !== field.element) remembered = { field, id: `field-${++fieldSeq}`, range: null };
  }

  function saveCaret(): void {
    if (remembered?.field.kind !== 'rich') return;
    const selection = selectionFor(remembered.field.element);
    if (!selection || selection.rangeCount === 0) return;
    const range = selection.getRangeAt(0);
    if (remembered.field.element.contains(range.commonAncestorContainer)) remembered.range = range.cloneRange();
  }

  function liveField(): RememberedField | null {
    return remembered?.field.element.isConnected ? remembered : null;
  }

  function refocus(): void {
    const current = liveField();
    if (!current) return;
    focusField(current.field.element);
    if (current.field.kind === 'rich' && current.range) {
      const selection = selectionFor(current.field.element);
      selection?.removeAllRanges();
      selection?.addRange(current.range);
    }
  }

  function openPicker(request: OpenPickerRequest): boolean {
    // The frame navigated between the user's gesture and now: not the page the user meant.
    if (request.origin !== view.location.origin) return false;
    remember(deepActiveElement(doc));
    const current = liveField();
    if (!current) return false;
    saveCaret();
    picker?.close();
    notice?.remove();
    notice = null;
    // The use it recorded is in the durable outbox by now, and the new picker sends what is left.
    lingering?.close();
    lingering = null;
    grant = request.grant;
    forShortcut = request.shortcut !== undefined;
    picker = openPickerFrame({
      doc,
      anchor: rectInWindow(current.field.element, view),
      url: pickerUrl(options.pickerPageUrl, request.grant),
      signal,
      onClose: (reason) => {
        picker = null;
        if (reason === 'escape') refocus();
      },
    });
    return true;
  }

  function readField(): FieldSnapshot | null {
    const current = liveField();
    if (!current) return null;
    const mail = options.describeField?.(current.field.element);
    return { fieldId: current.id, text: fieldText(current.field), ...(mail ? { mail } : {}) };
  }

  async function insert(content: FieldContent): Promise<FieldInsertOutcome> {
    const current = liveField();
    if (!current) return { ok: false, reason: 'no-field', message: 'The text field is gone; click into it and try again.' };
    let strategy;
    try {
      const nativeFirst = forShortcut && (options.nativeEditForShortcuts?.(current.field.element) ?? false);
      strategy = await insertIntoField(current.field, content, { range: current.range, nativeFirst });
    } catch (error) {
      // The picker stays open to show the failure (rules §8).
      const { field } = current;
      const editor = field.kind === 'rich' ? 'rich-text' : field.element.tagName === 'TEXTAREA' ? 'textarea' : 'input';
      return { ok: false, reason: 'insert-failed', message: error instanceof Error ? error.message : String(error), editor };
    }
    // Closed for the user now, with focus back in the field; its page lives on to record the use.
    if (picker) {
      lingering?.close();
      picker.close(undefined, { lingerMs: PICKER_LINGER_MS });
      lingering = picker;
      picker = null;
    }
    saveCaret();
    if (current.field.kind === 'text-control') focusField(current.field.element);
    return { ok: true, strategy };
  }

  // The script is injected right after the right-click or shortcut, so focus is still on the field.
  remember(deepActiveElement(doc));
  doc.addEventListener('focusin', (event) => remember(focusEventTarget(event)), { capture: true, signal });
  // Keep the caret of a rich field current while the user types and clicks around in it.
  doc.addEventListener('selectionchange', saveCaret, { signal });

  // Typed shortcuts: the background gives none unless shortcuts are on for this page's site. A frame
  // in a page of its own origin leaves them to the top frame's script, which follows focus into
  // such frames (editors in frames: TinyMCE, CKEditor 4), as the picker does: one listener per
  // document, and the picker opens in the top page, not inside the editor's frame.
  const reloads = new Set<() => void>();
  if (!servedByTop(view)) {
    const expandIn = (target: Document) => {
      const reload = startShortcutExpansion({ doc: target, signal });
      if (reload) reloads.add(reload);
    };
    const followFocus = () => {
      if (!signal.aborted) for (const inner of focusedFrameDocuments(doc)) expandIn(inner);
    };
    expandIn(doc);
    followFocus();
    // Focus moving into a frame blurs this window; the frame is the active element just after.
    view.addEventListener('blur', () => setTimeout(followFocus, 0), { signal });
    doc.addEventListener('focusin', followFocus, { capture: true, signal });
  }

  // Each handler names its senders (see hosts/shared/senders.ts); anything else is refused.
  const removers = [
    textInputMessaging.onMessage('text-input:open-picker', (message) => {
      if (!isBackground(senderOf(message), options.self)) throw new RefusedMessage();
      return openPicker(message.data);
    }),
    textInputMessaging.onMessage('text-input:read-field', (message) => {
      if (!admits(senderOf(message), message.data)) throw new RefusedMessage();
      return readField();
    }),
    textInputMessaging.onMessage('text-input:insert', (message) => {
      if (!admits(senderOf(message), message.data)) throw new RefusedMessage();
      return insert(message.data.content);
    }),
    textInputMessaging.onMessage('text-input:picker-blocked', (message) => {
      // From the background only, about the picker it opened here, which never claimed its grant.
      if (!isBackground(senderOf(message), options.self) || grant === null || message.data?.grant !== grant) throw new RefusedMessage();
      picker?.close();
      picker = null;
      notice?.remove();
      notice = showPageNotice({ doc, text: message.data.message, signal });
      refocus();
    }),
    textInputMessaging.onMessage('text-input:reload-shortcuts', (message) => {
      // From the background, when shortcuts were just turned on for this site.
      if (!isBackground(senderOf(message), options.self)) throw new RefusedMessage();
      for (const reload of reloads) reload();
    }),
    textInputMessaging.onMessage('text-input:close-picker', (message) => {
      if (!admits(senderOf(message), message.data)) throw new RefusedMessage();
      picker?.close();
      picker = null;
      refocus();
    }),
  ];
  signal.addEventListener('abort', () => {
    for (const remove of removers) remove();
    picker?.close();
    picker = null;
  });
}

/** Whether `view` is a frame whose top page is of its own origin (the top frame's script serves it then). */
function servedByTop(view: Window): boolean {
  if (view.top === view || view.top === null) return false;
  try {
    return view.top.document !== null;
  } catch {
    return false;
  }
}
