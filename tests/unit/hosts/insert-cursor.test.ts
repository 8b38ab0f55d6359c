import { afterEach, describe, expect, it } from 'vitest';
import { caretToMarker, insertIntoField, insertTextAtCaret } from '../../../hosts/shared/insert-text';
import { CURSOR_MARKER } from '../../../src/domain/cursor-marker';
import { field, richEditor } from '../support/editable-fields';

afterEach(() => {
  document.body.innerHTML = '';
});

/** The caret as the text before it in `host`, or null when the selection is not one collapsed caret in it. */
function textBeforeCaret(host: HTMLElement): string | null {
  const selection = document.getSelection();
  if (!selection || selection.rangeCount === 0 || !selection.isCollapsed) return null;
  const caret = selection.getRangeAt(0);
  if (!host.contains(caret.startContainer)) return null;
  const before = document.createRange();
  before.selectNodeContents(host);
  before.setEnd(caret.startContainer, caret.startOffset);
  return before.toString();
}

describe('the cursor marker in a textarea or input', () => {
  it('is left out of the text and the caret goes where it was', () => {
    const element = document.createElement('textarea');
    element.value = 'Dear customer,\n\nBest regards';
    document.body.append(element);
    element.setSelectionRange(15, 15);
    const inputs: Array<string | null> = [];
    element.addEventListener('input', (event) => inputs.push(event.data));

    insertTextAtCaret(element, `Your ballot is ${CURSOR_MARKER}.\nThanks`);

    expect(element.value).toBe('Dear customer,\nYour ballot is .\nThanks\nBest regards');
    expect([element.selectionStart, element.selectionEnd]).toEqual([15 + 'Your ballot is '.length, 15 + 'Your ballot is '.length]);
    expect(inputs).toEqual(['Your ballot is .\nThanks']);
  });

  it('keeps its place in a single-line input, whose line breaks become spaces', async () => {
    const element = document.createElement('input');
    element.value = 'Re: ';
    document.body.append(element);
    element.setSelectionRange(4, 4);

    await insertIntoField(field(element), { text: `Line one\r\nline ${CURSOR_MARKER}two` });

    expect(element.value).toBe('Re: Line one line two');
    expect(element.selectionStart).toBe('Re: Line one line '.length);
  });

  it('changes nothing without a marker: the caret ends after the text', () => {
    const element = document.createElement('textarea');
    document.body.append(element);
    insertTextAtCaret(element, 'Hello');
    expect(element.selectionStart).toBe(5);
  });
});

describe('the cursor marker in a rich field', () => {
  it('is removed after insertion and the caret put in its place', async () => {
    const editor = richEditor('<p>Hello</p>');
    const end = document.createRange();
    end.selectNodeContents(editor);
    end.collapse(false);
    const inputs: string[] = [];
    editor.addEventListener('input', (event) => inputs.push(event.inputType));

    await insertIntoField(field(editor), { html: `<p>Dear Maria,</p><p>Your ballot <b>is ${CURSOR_MARKER} now</b>.</p>`, text: `Dear Maria,\nYour ballot is ${CURSOR_MARKER} now.` }, { range: end, settleMs: 5 });

    expect(editor.textContent).not.toContain(CURSOR_MARKER);
    expect(editor.innerHTML).toContain('<b>is  now</b>');
    expect(textBeforeCaret(editor)).toBe('HelloDear Maria,Your ballot is ');
    // The removal is announced like the insertion, so editors that listen see it.
    expect(inputs.at(-1)).toBe('deleteContent');
  });

  it('finds a marker an editor split over several text nodes', () => {
    const editor = richEditor('');
    const paragraph = document.createElement('p');
    const [head, tail] = [CURSOR_MARKER.slice(0, 3), CURSOR_MARKER.slice(3)];
    paragraph.append('Before ', head, document.createElement('span'), tail, ' after');
    (paragraph.childNodes[2] as HTMLElement).append('');
    editor.append(paragraph);

    expect(caretToMarker(editor)).toBe(true);

    expect(editor.textContent).toBe('Before  after');
    expect(textBeforeCaret(editor)).toBe('Before ');
  });

  it('is a no-op without a marker, and leaves the caret after the inserted text', async () => {
    const editor = richEditor('');
    expect(caretToMarker(editor)).toBe(false);
    await insertIntoField(field(editor), { html: '<p>Plain</p>', text: 'Plain' }, { settleMs: 5 });
    expect(editor.textContent).toBe('Plain');
    expect(textBeforeCaret(editor)).toBe('Plain');
  });
});
