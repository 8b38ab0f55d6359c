import { describe, expect, it } from 'vitest';
import { deepActiveElement, toEditableField } from '../../../hosts/shared/editable';
import { insertIntoField, insertTextAtCaret } from '../../../hosts/shared/insert-text';
import { field, richEditor } from '../support/editable-fields';

function textarea(value: string): HTMLTextAreaElement {
  const element = document.createElement('textarea');
  element.value = value;
  document.body.append(element);
  return element;
}

function recordInputs(element: Element): Array<{ inputType: string; data: string | null }> {
  const events: Array<{ inputType: string; data: string | null }> = [];
  element.addEventListener('input', (event) => {
    const input = event as InputEvent;
    events.push({ inputType: input.inputType, data: input.data });
  });
  return events;
}

function caretAtEndOf(node: Node): Range {
  const range = document.createRange();
  range.selectNodeContents(node);
  range.collapse(false);
  return range;
}

describe('insertTextAtCaret (textarea and input)', () => {
  it('inserts at the caret, moves the caret after the text and fires one input event', () => {
    const element = textarea('Dear customer,\n\nBest regards');
    element.setSelectionRange(15, 15);
    const events = recordInputs(element);

    insertTextAtCaret(element, 'Hello from Cannery');

    expect(element.value).toBe('Dear customer,\nHello from Cannery\nBest regards');
    expect(element.selectionStart).toBe(15 + 'Hello from Cannery'.length);
    expect(events).toEqual([{ inputType: 'insertText', data: 'Hello from Cannery' }]);
  });

  it('replaces the selected text', () => {
    const element = textarea('Hello NAME, thanks');
    element.setSelectionRange(6, 10);
    insertTextAtCaret(element, 'Dana');
    expect(element.value).toBe('Hello Dana, thanks');
  });

  it('sets the value through the prototype, past a setter on the instance (how React tracks values)', () => {
    const element = textarea('abc');
    element.setSelectionRange(3, 3);
    const prototypeValue = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!;
    let trackedByFramework = 'abc';
    Object.defineProperty(element, 'value', {
      configurable: true,
      get: () => prototypeValue.get!.call(element) as string,
      set: (next: string) => {
        trackedByFramework = next;
        prototypeValue.set!.call(element, next);
      },
    });

    insertTextAtCaret(element, 'def');

    expect(element.value).toBe('abcdef');
    // The framework still remembers the old value, so on the input event it sees a change.
    expect(trackedByFramework).toBe('abc');
  });

  it("uses the browser's insertText command where it works, so the field's own undo can take the text out", () => {
    const element = textarea('Hello there, world');
    element.setSelectionRange(11, 11);
    const commands: string[] = [];
    const execCommand = (command: string, _ui?: boolean, text?: string): boolean => {
      commands.push(`${command}:${text}`);
      // What the browser does: replace the selection, fire input (here the DOM has no command).
      const { selectionStart: start, selectionEnd: end, value } = element;
      element.value = value.slice(0, start) + (text ?? '') + value.slice(end);
      element.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertText', data: text ?? null }));
      return true;
    };
    Object.defineProperty(document, 'execCommand', { configurable: true, value: execCommand });
    const events = recordInputs(element);
    try {
      expect(insertTextAtCaret(element, ' and welcome')).toBe('exec-command');
    } finally {
      delete (document as unknown as { execCommand?: unknown }).execCommand;
    }
    expect(commands).toEqual(['insertText: and welcome']);
    expect(element.value).toBe('Hello there and welcome, world');
    expect(element.selectionStart).toBe(11 + ' and welcome'.length);
    // The browser's own input event only, none added.
    expect(events).toEqual([{ inputType: 'insertText', data: ' and welcome' }]);
  });

  it('falls back to the value setter when the command leaves the field unchanged', () => {
    const element = textarea('abc');
    element.setSelectionRange(3, 3);
    Object.defineProperty(document, 'execCommand', { configurable: true, value: () => true });
    try {
      expect(insertTextAtCaret(element, 'def')).toBe('value-setter');
    } finally {
      delete (document as unknown as { execCommand?: unknown }).execCommand;
    }
    expect(element.value).toBe('abcdef');
  });

  it('keeps a single-line input on one line', () => {
    const input = document.createElement('input');
    input.value = '';
    document.body.append(input);
    insertTextAtCaret(input, 'line one\nline two');
    expect(input.value).toBe('line one line two');
  });
});

describe('toEditableField', () => {
  it('accepts text fields and contenteditable hosts, refuses passwords and read-only fields', () => {
    const password = document.createElement('input');
    password.type = 'password';
    const readOnly = textarea('x');
    readOnly.readOnly = true;
    const editor = richEditor('<p><b>bold</b></p>');
    expect(toEditableField(password)).toBeNull();
    expect(toEditableField(readOnly)).toBeNull();
    expect(toEditableField(document.createElement('input'))?.kind).toBe('text-control');
    // A node inside the editor resolves to the editing host, where editors listen.
    expect(toEditableField(editor.querySelector('b'))).toEqual({ kind: 'rich', element: editor });
  });
});

describe('deepActiveElement', () => {
  it('follows focus into an open shadow root (web-component editors)', () => {
    const host = document.createElement('rich-field');
    document.body.append(host);
    const inner = document.createElement('textarea');
    host.attachShadow({ mode: 'open' }).append(inner);
    inner.focus();
    expect(document.activeElement).toBe(host);
    expect(deepActiveElement(document)).toBe(inner);
  });
});

describe('deepActiveElement in frames', () => {
  /** A stand-in for a same-origin iframe: happy-dom does not run frame documents. */
  function frameWith(body: { isContentEditable: boolean }, active: unknown): Element {
    const inner = { activeElement: active, body };
    return { tagName: 'IFRAME', contentDocument: inner } as unknown as Element;
  }

  it('stops at a frame whose focused element is its plain body (nothing editable in it)', () => {
    const body = { isContentEditable: false };
    const frame = frameWith(body, body);
    expect(deepActiveElement({ activeElement: frame } as unknown as Document)).toBe(frame);
  });

  it("enters a frame whose body is the editor (TinyMCE's iframe, designMode)", () => {
    const body = { isContentEditable: true, tagName: 'BODY' };
    const frame = frameWith(body, body);
    expect(deepActiveElement({ activeElement: frame } as unknown as Document)).toBe(body);
  });
});

describe('insertIntoField (rich editors)', () => {
  it('lets an editor that handles paste insert the content, once', async () => {
    const editor = richEditor('<p>Hi</p>');
    let pasted = '';
    editor.addEventListener('paste', (event) => {
      event.preventDefault();
      pasted = event.clipboardData?.getData('text/plain') ?? '';
      editor.querySelector('p')!.append(pasted);
    });

    const strategy = await insertIntoField(field(editor), { text: 'Hello', html: '<b>Hello</b>' });

    expect(strategy).toBe('paste-event');
    expect(pasted).toBe('Hello');
    expect(editor.innerHTML).toBe('<p>HiHello</p>');
  });

  it('lets an editor that handles beforeinput insert from its dataTransfer', async () => {
    const editor = richEditor('<p>Hi</p>');
    editor.addEventListener('beforeinput', (event) => {
      event.preventDefault();
      editor.querySelector('p')!.append(event.dataTransfer?.getData('text/plain') ?? '?');
    });
    expect(await insertIntoField(field(editor), { text: 'Hello', html: '<b>Hello</b>' })).toBe('beforeinput');
    expect(editor.textContent).toBe('HiHello');
  });

  it('falls back to DOM insertion at the saved caret and announces it with an input event', async () => {
    const editor = richEditor('<p>Dear customer,</p><p>Best regards</p>');
    const events = recordInputs(editor);
    const caret = caretAtEndOf(editor.querySelector('p')!);
    // Focus moved to the picker meanwhile: the selection is elsewhere.
    getSelection()?.removeAllRanges();

    const strategy = await insertIntoField(field(editor), { text: 'Hello', html: '<b>Hello</b>' }, { range: caret, settleMs: 5 });

    expect(['exec-command', 'range']).toContain(strategy);
    expect(editor.innerHTML).toBe('<p>Dear customer,<b>Hello</b></p><p>Best regards</p>');
    expect(events.length).toBeGreaterThan(0);
  });

  it('does not trust a cancelled paste that changed nothing (a field that blocks pasting)', async () => {
    const editor = richEditor('<p>x</p>');
    editor.addEventListener('paste', (event) => event.preventDefault());
    await insertIntoField(field(editor), { text: 'Hello' }, { range: caretAtEndOf(editor.querySelector('p')!), settleMs: 5 });
    expect(editor.textContent).toBe('xHello');
  });

  it("fills the paste bin of an editor that leaves the paste to the browser (Quill 1), and inserts nothing else", async () => {
    // Quill 1's way: on paste, focus a hidden editable of its own, and a moment later move what
    // the browser pasted there into the editor at the caret it had.
    const editor = richEditor('<p>Hello there, world</p>');
    const bin = document.createElement('div');
    bin.contentEditable = 'true';
    document.body.append(bin);
    const text = editor.querySelector('p')!.firstChild as Text;
    const caret = document.createRange();
    caret.setStart(text, 'Hello there, '.length);
    caret.collapse(true);
    let pastes = 0;
    editor.addEventListener('paste', () => {
      pastes++;
      const at = getSelection()!.getRangeAt(0).cloneRange();
      bin.focus();
      setTimeout(() => {
        at.insertNode(document.createRange().createContextualFragment(bin.innerHTML));
        bin.replaceChildren();
        editor.focus();
      }, 1);
    });

    const strategy = await insertIntoField(field(editor), { text: 'link ', html: '<b>link</b> ' }, { range: caret });

    expect(strategy).toBe('paste-event');
    expect(pastes).toBe(1);
    // Once, at the caret, its trailing space kept (a no-break space, as a browser copies one).
    expect(editor.innerHTML).toBe('<p>Hello there, <b>link&nbsp;</b>world</p>');
  });
});
