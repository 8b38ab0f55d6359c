import type { ComposeEntry } from './compose-registry';
import { CANNERY_BUTTON, CANNERY_BUTTON_ATTRIBUTE, GMAIL } from './selectors';

/**
 * The small "Cannery" button added to every detected compose: proof to the user that Cannery saw
 * the compose, and a way to open the side panel from there. Returns a function that removes it.
 */
export function addComposeButton(entry: ComposeEntry, onClick: () => void): () => void {
  const doc = entry.root.ownerDocument;
  const button = doc.createElement('button');
  button.type = 'button';
  button.textContent = 'Cannery';
  button.title = 'Open Cannery to insert a block';
  button.setAttribute(CANNERY_BUTTON_ATTRIBUTE, entry.id);
  // Styled through the CSSOM: Gmail's CSP governs style attributes in markup, not this.
  Object.assign(button.style, {
    font: '500 13px/20px Roboto, Arial, sans-serif',
    color: '#0b57d0',
    background: '#fff',
    border: '1px solid #c4c7c5',
    borderRadius: '16px',
    padding: '2px 12px',
    margin: '0 8px',
    cursor: 'pointer',
    whiteSpace: 'nowrap',
  });
  // Keeps the caret in the compose body: the block goes where the user was typing.
  button.addEventListener('mousedown', (event) => event.preventDefault());
  button.addEventListener('click', (event) => {
    event.preventDefault();
    event.stopPropagation();
    // Only the user's own click: a script of the page could call button.click().
    if (event.isTrusted) onClick();
  });

  // Next to Send in the compose toolbar; at the end of the compose when Gmail's layout differs.
  const toolbar = entry.root.querySelector<HTMLElement>(GMAIL.composeToolbar);
  let container: HTMLElement = button;
  if (toolbar) {
    const cell = doc.createElement('td');
    cell.append(button);
    container = cell;
    const first = toolbar.firstElementChild;
    if (first) first.after(cell);
    else toolbar.append(cell);
  } else {
    entry.root.append(button);
  }
  return () => container.remove();
}

/** Removes buttons left by an earlier copy of the content script (extension updated or reloaded). */
export function removeStaleButtons(doc: Document): void {
  for (const button of Array.from(doc.querySelectorAll(CANNERY_BUTTON))) {
    const cell = button.parentElement;
    if (cell?.tagName === 'TD' && cell.childElementCount === 1) cell.remove();
    else button.remove();
  }
}
