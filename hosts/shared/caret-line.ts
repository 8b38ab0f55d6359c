import { BLOCK_ELEMENTS, hasVisibleText } from '../../src/domain/block-lines';

/**
 * Reading, in a rich field's DOM, whether the caret follows text on its line (the decision itself
 * is `src/domain/block-lines.ts`). A line ends at a `<br>` and at the edge of a block element
 * (paragraph, list item, div...), which is how every editor of the matrix and Gmail lay out lines.
 * The walk goes backwards from the caret and stops at the first visible character or line edge,
 * so it reads one line at most.
 */

/** Elements that are content on a line though they hold no text. */
const INLINE_OBJECTS = new Set(['IMG', 'svg', 'VIDEO', 'CANVAS', 'IFRAME', 'OBJECT', 'EMBED', 'INPUT', 'SELECT', 'TEXTAREA', 'BUTTON']);

function isLineEdge(node: Node): boolean {
  return node.nodeType === 1 && (node.nodeName === 'BR' || BLOCK_ELEMENTS.has(node.nodeName.toLowerCase()));
}

/** True when `node` shows something: visible text, or an image or other object. Nothing it holds is a line edge. */
function showsSomething(node: Node): boolean {
  if (node.nodeType === 3) return hasVisibleText((node as Text).data);
  return node.nodeType === 1 && INLINE_OBJECTS.has(node.nodeName);
}

/**
 * Looks back from the end of `node` (an inline element or text) for something visible on the
 * line: true when found, false when a line edge or nothing came first, null when `node` holds
 * neither (the walk goes on before it).
 */
function lookInside(node: Node): boolean | null {
  if (isLineEdge(node)) return false;
  if (showsSomething(node)) return true;
  for (let child = node.lastChild; child; child = child.previousSibling) {
    const found = lookInside(child);
    if (found !== null) return found;
  }
  return null;
}

/** True when the collapsed caret at the start of `range` follows something visible on its line inside `host`. */
export function caretFollowsTextInField(host: HTMLElement, range: Range): boolean {
  const container = range.startContainer;
  if (!host.contains(container)) return false;
  // Walk the nodes before the caret inside `parent`, last first, then those before `parent`, and so on up.
  let parent: Node | null;
  let previous: Node | null;
  if (container.nodeType === 3) {
    if (hasVisibleText((container as Text).data.slice(0, range.startOffset))) return true;
    parent = container.parentNode;
    previous = container.previousSibling;
  } else {
    parent = container;
    previous = container.childNodes[range.startOffset - 1] ?? null;
  }
  while (parent) {
    for (; previous; previous = previous.previousSibling) {
      const found = lookInside(previous);
      if (found !== null) return found;
    }
    // At the start of `parent`: a block's (or the field's) start is the line's start.
    if (parent === host || isLineEdge(parent)) return false;
    previous = parent.previousSibling;
    parent = parent.parentNode;
  }
  return false;
}
