/**
 * Plain text of a part of Gmail's page, with line breaks where the page shows them. Not
 * `innerText`: that depends on layout (empty for collapsed or off-screen parts) and is missing in
 * test DOMs; the structure gives the same lines for email bodies.
 */

const BLOCK_TAGS = new Set([
  'ADDRESS', 'BLOCKQUOTE', 'DIV', 'DL', 'DT', 'DD', 'FIELDSET', 'FORM', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6',
  'HR', 'LI', 'OL', 'P', 'PRE', 'SECTION', 'TABLE', 'TR', 'UL',
]);
const SKIPPED_TAGS = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT']);

export function textOf(root: Node): string {
  const parts: string[] = [];
  const walk = (node: Node): void => {
    if (node.nodeType === 3) {
      parts.push((node.nodeValue ?? '').replace(/\s+/g, ' '));
      return;
    }
    if (node.nodeType !== 1) return;
    const element = node as Element;
    if (SKIPPED_TAGS.has(element.tagName)) return;
    if (element.tagName === 'BR') {
      parts.push('\n');
      return;
    }
    const block = BLOCK_TAGS.has(element.tagName);
    if (block) parts.push('\n');
    for (const child of Array.from(element.childNodes)) walk(child);
    if (block) parts.push('\n');
  };
  walk(root);
  return parts
    .join('')
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * False when the element or an ancestor is hidden by markup: Gmail keeps the views it left
 * (a previous thread, the inbox list) in the page and hides them with `display: none`.
 */
export function isShown(element: Element): boolean {
  for (let node: Element | null = element; node; node = node.parentElement) {
    if (node.hasAttribute('hidden')) return false;
    const style = (node as HTMLElement).style as CSSStyleDeclaration | undefined;
    if (style?.display === 'none') return false;
  }
  return true;
}
