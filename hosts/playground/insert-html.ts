/**
 * Inserts sanitised HTML at `range` in a contenteditable and leaves the caret after it, the way a
 * paste would. Returns the range after the inserted content.
 */
export function insertHtmlAtRange(range: Range, html: string): Range {
  const doc = range.startContainer.ownerDocument ?? document;
  range.deleteContents();
  const fragment = range.createContextualFragment(html);
  const last = fragment.lastChild;
  range.insertNode(fragment);
  const after = doc.createRange();
  if (last) {
    after.setStartAfter(last);
  } else {
    after.setStart(range.startContainer, range.startOffset);
  }
  after.collapse(true);
  return after;
}

/** Escapes text for use inside HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);
}
