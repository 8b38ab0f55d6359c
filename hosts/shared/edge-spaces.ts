import { BLOCK_ELEMENTS } from '../../src/domain/block-lines';

/**
 * A block of inline content whose text begins or ends with a space ("see the link ") means that
 * space: put before "world", it must read "see the link world". Pasted as HTML, such a space sits
 * at the edge of the content, where HTML's rules make it collapsible, and editors' paste parsers
 * (ProseMirror, Lexical, CKEditor, Draft.js, Squire...) and the browser's insertHTML command drop
 * it, so the next typed character glues onto the block. The browser itself, copying such text,
 * writes the edge space as a no-break space, which every parser keeps; `keepEdgeSpaces` does the
 * same for the content Cannery pastes.
 *
 * Only spaces and tabs next to the content's first or last visible character count, when no block
 * element or line break stands between them and the edge: spaces at the edges of a paragraph or a
 * list are laid out away in the block's own rendering too, and a newline at the edge of the source
 * is its layout; both stay as they are.
 */

const NBSP = '\u00a0';
/** Whitespace HTML collapses (no-break spaces are text already). */
const COLLAPSIBLE = /^[ \t\n\r\f]+$/;
const LEADING = /^[ \t\n\r\f]+/;
const TRAILING = /[ \t\n\r\f]+$/;

/** `html` with a collapsible space at either edge of its inline content written as a no-break space. */
export function keepEdgeSpaces(html: string): string {
  // Nothing to keep, and no parse: the common case costs one test of each end.
  if (!/^\s|\s$/.test(html.replace(/^(?:<[^>]*>)+|(?:<[^>]*>)+$/g, ''))) return html;
  let body: HTMLElement;
  try {
    // In a body from the start: the parser drops whitespace that comes before the document's body.
    body = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html').body;
  } catch {
    // A page that refuses HTML strings (Trusted Types) in this context: the content as it is.
    return html;
  }
  const lead = edgeSpace(body, 'start');
  const trail = edgeSpace(body, 'end');
  if (!lead && !trail) return html;
  if (lead) markEdge(lead, 'start');
  if (trail) markEdge(trail, 'end');
  return body.innerHTML;
}

/**
 * The text nodes holding the whitespace at `edge` of `body`'s inline content, edge first, or null
 * when a block element, a line break or another element without text (an image) comes first, or
 * there is no such whitespace.
 */
function edgeSpace(body: HTMLElement, edge: 'start' | 'end'): Text[] | null {
  const nodes: Text[] = [];
  const doc = body.ownerDocument;
  const walker = doc.createTreeWalker(body, 1 | 4 /* SHOW_ELEMENT | SHOW_TEXT */);
  if (edge === 'end') {
    // From the last node backwards (previousNode visits descendants before their ancestors).
    let last: Node | null = body;
    while (last.lastChild) last = last.lastChild;
    walker.currentNode = last;
  }
  for (let node: Node | null = edge === 'start' ? walker.nextNode() : walker.currentNode; node && node !== body; node = edge === 'start' ? walker.nextNode() : walker.previousNode()) {
    if (node.nodeType === 1) {
      const name = node.nodeName.toLowerCase();
      if (BLOCK_ELEMENTS.has(name) || !node.hasChildNodes()) return null;
      continue;
    }
    const text = node as Text;
    if (blockAncestor(text, body)) return null;
    if (text.data === '') continue;
    nodes.push(text);
    if (!COLLAPSIBLE.test(text.data)) {
      const run = nodes.slice(0, -1).map((node) => node.data).join('') + ((edge === 'start' ? LEADING : TRAILING).exec(text.data)?.[0] ?? '');
      // A line break at the edge is the source's layout (a body ending with a newline), not a space the author typed.
      return run !== '' && !/[\n\r\f]/.test(run) ? nodes : null;
    }
  }
  return null;
}

function blockAncestor(node: Node, body: HTMLElement): boolean {
  for (let parent = node.parentElement; parent && parent !== body; parent = parent.parentElement) {
    if (BLOCK_ELEMENTS.has(parent.nodeName.toLowerCase())) return true;
  }
  return false;
}

/**
 * Writes the edge whitespace spread over `nodes` (edge first) as one no-break space at the edge of
 * the visible text. Not in a node of its own: editors drop a text node of whitespace only between
 * inline elements (Quill 1, Draft.js), whatever its characters; the space takes its neighbour's
 * formatting instead.
 */
function markEdge(nodes: Text[], edge: 'start' | 'end'): void {
  const pattern = edge === 'start' ? LEADING : TRAILING;
  for (const node of nodes) node.data = node.data.replace(pattern, '');
  const visible = nodes[nodes.length - 1] as Text;
  visible.data = edge === 'start' ? NBSP + visible.data : visible.data + NBSP;
}
