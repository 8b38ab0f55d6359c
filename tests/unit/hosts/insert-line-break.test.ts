import { afterEach, describe, expect, it } from 'vitest';
import { caretFollowsTextInField } from '../../../hosts/shared/caret-line';
import { insertIntoField } from '../../../hosts/shared/insert-text';
import { field, richEditor } from '../support/editable-fields';

afterEach(() => {
  document.body.innerHTML = '';
});

const PARAGRAPH = { html: '<p>Vote centers are open.</p>', text: 'Vote centers are open.' };
const LIST = { html: '<ul><li>Bring an ID.</li></ul>', text: '- Bring an ID.' };
const INLINE = { html: 'see you at the <b>vote center</b>.', text: 'see you at the vote center.' };

function textarea(value: string, caret = value.length): HTMLTextAreaElement {
  const element = document.createElement('textarea');
  element.value = value;
  document.body.append(element);
  element.setSelectionRange(caret, caret);
  return element;
}

/** A collapsed range at `offset` in `node`. */
function caretAt(node: Node, offset: number): Range {
  const range = document.createRange();
  range.setStart(node, offset);
  range.collapse(true);
  return range;
}

/** What an editor that takes pastes would receive: the paste's HTML and text, the paste cancelled. */
function capturePaste(editor: HTMLElement): Array<{ html: string; text: string }> {
  const pastes: Array<{ html: string; text: string }> = [];
  editor.addEventListener('paste', (event) => {
    const data = event.clipboardData;
    pastes.push({ html: data?.getData('text/html') ?? '', text: data?.getData('text/plain') ?? '' });
    event.preventDefault();
    editor.append('pasted');
  });
  return pastes;
}

describe('whether the caret follows text on its line, in a rich field', () => {
  it('is true after text in the same paragraph, inline elements included', () => {
    const editor = richEditor('<p><strong>Hello</strong> Jordan,</p>');
    const paragraph = editor.firstChild as HTMLElement;
    expect(caretFollowsTextInField(editor, caretAt(paragraph.lastChild as Text, ' Jordan,'.length))).toBe(true);
    expect(caretFollowsTextInField(editor, caretAt(paragraph, paragraph.childNodes.length))).toBe(true);
    // Right after the bold word, inside a text node that starts at the caret.
    expect(caretFollowsTextInField(editor, caretAt(paragraph.lastChild as Text, 0))).toBe(true);
  });

  it('is true after an image on the line', () => {
    const editor = richEditor('<div><img alt="logo" src="data:,"></div>');
    const line = editor.firstChild as HTMLElement;
    expect(caretFollowsTextInField(editor, caretAt(line, 1))).toBe(true);
  });

  it('is false at the start of a paragraph, of a line after a <br>, and in an empty line', () => {
    const editor = richEditor('<p>Hello Jordan,</p><p><br></p><div>Hi Lee,<br>Thanks</div><p>Next</p>');
    const [, empty, lines, next] = Array.from(editor.children) as HTMLElement[];
    expect(caretFollowsTextInField(editor, caretAt(empty as HTMLElement, 0))).toBe(false);
    expect(caretFollowsTextInField(editor, caretAt((lines as HTMLElement).lastChild as Text, 0))).toBe(false);
    expect(caretFollowsTextInField(editor, caretAt(lines as HTMLElement, 2))).toBe(false);
    expect(caretFollowsTextInField(editor, caretAt((next as HTMLElement).firstChild as Text, 0))).toBe(false);
    expect(caretFollowsTextInField(editor, caretAt(editor, 0))).toBe(false);
  });

  it('is false after the end of the previous block and after blank characters only', () => {
    const editor = richEditor('<p>Hello Jordan,</p>\u200b&nbsp; ');
    expect(caretFollowsTextInField(editor, caretAt(editor, editor.childNodes.length))).toBe(false);
    expect(caretFollowsTextInField(editor, caretAt(editor.lastChild as Text, 3))).toBe(false);
  });

  it('is true for text typed straight into the field (Gmail writes lines as bare text and <div>s)', () => {
    const editor = richEditor('Hello Jordan,');
    expect(caretFollowsTextInField(editor, caretAt(editor, 1))).toBe(true);
    expect(caretFollowsTextInField(editor, caretAt(editor.firstChild as Text, 5))).toBe(true);
  });

  it('is false for a caret outside the field', () => {
    const editor = richEditor('<p>Hello</p>');
    const other = richEditor('<p>Elsewhere</p>');
    expect(caretFollowsTextInField(editor, caretAt(other.firstChild?.firstChild as Text, 4))).toBe(false);
  });
});

describe('a block that starts with a block element, in a textarea or input', () => {
  it('starts on a new line after "Hello Jordan," at the end of a line', async () => {
    const element = textarea('Hello Jordan,');
    await insertIntoField(field(element), PARAGRAPH);
    expect(element.value).toBe('Hello Jordan,\nVote centers are open.');

    const list = textarea('Hello Jordan,');
    await insertIntoField(field(list), LIST);
    expect(list.value).toBe('Hello Jordan,\n- Bring an ID.');
  });

  it('starts on a new line mid-line too, the rest of the line after it', async () => {
    const element = textarea('Hello Jordan, bye', 'Hello Jordan,'.length);
    await insertIntoField(field(element), PARAGRAPH);
    expect(element.value).toBe('Hello Jordan,\nVote centers are open. bye');
  });

  it('gets no blank line on an empty line, nor in an empty field', async () => {
    const element = textarea('Hello Jordan,\n');
    await insertIntoField(field(element), PARAGRAPH);
    expect(element.value).toBe('Hello Jordan,\nVote centers are open.');

    const empty = textarea('');
    await insertIntoField(field(empty), LIST);
    expect(empty.value).toBe('- Bring an ID.');
  });

  it('stays inline when the block is inline content', async () => {
    const element = textarea('Hello Jordan, ');
    await insertIntoField(field(element), INLINE);
    expect(element.value).toBe('Hello Jordan, see you at the vote center.');
  });

  it('is kept apart by a space in a single-line input', async () => {
    const element = document.createElement('input');
    element.value = 'Hello Jordan,';
    document.body.append(element);
    element.setSelectionRange(13, 13);
    await insertIntoField(field(element), PARAGRAPH);
    expect(element.value).toBe('Hello Jordan, Vote centers are open.');

    const spaced = document.createElement('input');
    spaced.value = 'Hi Sam, here you go: ';
    document.body.append(spaced);
    spaced.setSelectionRange(spaced.value.length, spaced.value.length);
    await insertIntoField(field(spaced), PARAGRAPH);
    expect(spaced.value).toBe('Hi Sam, here you go: Vote centers are open.');
  });
});

describe('a block that starts with a block element, in a rich field', () => {
  it('reaches an editor that takes pastes with an empty paragraph and a line break first', async () => {
    const editor = richEditor('<p>Hello Jordan,</p>');
    const pastes = capturePaste(editor);
    const end = caretAt((editor.firstChild as HTMLElement).firstChild as Text, 'Hello Jordan,'.length);
    await insertIntoField(field(editor), PARAGRAPH, { range: end, settleMs: 5 });
    expect(pastes).toEqual([{ html: `<p></p>${PARAGRAPH.html}`, text: `\n${PARAGRAPH.text}` }]);
  });

  it('reaches TinyMCE, which splits the line itself, with its HTML as it is; a single line of text gets a line break first', async () => {
    const editor = richEditor('<p>Hello Jordan,</p>');
    editor.classList.add('mce-content-body');
    const pastes = capturePaste(editor);
    const end = () => caretAt((editor.firstChild as HTMLElement).firstChild as Text, 'Hello Jordan,'.length);
    const paragraphs = { html: '<p>Vote centers are open.</p><p>Bring an ID.</p>', text: 'Vote centers are open.\n\nBring an ID.' };
    await insertIntoField(field(editor), LIST, { range: end(), settleMs: 5 });
    await insertIntoField(field(editor), PARAGRAPH, { range: end(), settleMs: 5 });
    await insertIntoField(field(editor), paragraphs, { range: end(), settleMs: 5 });
    expect(pastes).toEqual([
      { html: LIST.html, text: `\n${LIST.text}` },
      { html: PARAGRAPH.html, text: `\n${PARAGRAPH.text}` },
      paragraphs,
    ]);
  });

  it('goes in unchanged on an empty line, and so does inline content after text', async () => {
    const editor = richEditor('<p>Hello Jordan,</p><p><br></p>');
    const pastes = capturePaste(editor);
    await insertIntoField(field(editor), PARAGRAPH, { range: caretAt(editor.lastChild as HTMLElement, 0), settleMs: 5 });
    await insertIntoField(field(editor), INLINE, { range: caretAt((editor.firstChild as HTMLElement).firstChild as Text, 13), settleMs: 5 });
    expect(pastes).toEqual([PARAGRAPH, INLINE]);
  });

  it('lands below the line in a field without an editor', async () => {
    const editor = richEditor('<div>Hello Jordan,</div>');
    const end = caretAt((editor.firstChild as HTMLElement).firstChild as Text, 'Hello Jordan,'.length);
    await insertIntoField(field(editor), PARAGRAPH, { range: end, settleMs: 5 });
    expect(editor.innerText.replace(/\n+/g, '\n').trim()).toBe('Hello Jordan,\nVote centers are open.');
  });
});
