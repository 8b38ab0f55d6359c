// The playground's compose body (hosts/playground/mail-simulator.tsx): a block goes where the user
// left the caret, even when focus left the body before the browser told of the caret's last move.
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MailSimulator } from '../../../hosts/playground/mail-simulator';
import { MailStore } from '../../../hosts/playground/mail-store';

/**
 * Chrome dispatches `selectionchange` at its next frame, after any input already queued (a key, a
 * click into the pane). happy-dom dispatches it at once: this holds each one back until `frame()`.
 */
function framedSelectionEvents() {
  let held = false;
  const hold = (event: Event) => {
    if ((event as Event & { replayed?: boolean }).replayed) return;
    event.stopImmediatePropagation();
    held = true;
  };
  document.addEventListener('selectionchange', hold, { capture: true });
  return {
    /** The frame: one coalesced `selectionchange`, which reads the selection as it is now. */
    frame() {
      if (!held) return;
      held = false;
      const event = Object.assign(new Event('selectionchange'), { replayed: true });
      document.dispatchEvent(event);
    },
    stop: () => document.removeEventListener('selectionchange', hold, { capture: true }),
  };
}

let events: ReturnType<typeof framedSelectionEvents> | null = null;
afterEach(() => {
  events?.stop();
  events = null;
});

function caretAt(node: Node, offset: number) {
  const range = document.createRange();
  range.setStart(node, offset);
  range.collapse(true);
  const selection = document.getSelection()!;
  selection.removeAllRanges();
  selection.addRange(range);
}

/** The playground's compose body holding "Dear voter, Kind regards", Chrome's selection events held for a frame. */
function composeBody() {
  const held = framedSelectionEvents();
  events = held;
  const store = new MailStore();
  render(<MailSimulator store={store} />);
  act(() => store.update({ mode: 'compose' }, { newItem: true }));
  const body = screen.getByRole('textbox', { name: 'Message body' });
  body.textContent = 'Dear voter, Kind regards';
  return { store, body, events: held };
}

describe('playground compose caret', () => {
  it('remembers the caret of the last move when focus leaves the body before that move was told', () => {
    const { store, body, events } = composeBody();
    const text = body.firstChild!;
    // The pane's search box, beside the simulated email.
    const search = document.createElement('input');
    document.body.append(search);

    body.focus();
    caretAt(text, 13);
    events.frame();
    // The last ArrowLeft, then the pane takes the focus, and the document's selection with it,
    // before the next frame.
    caretAt(text, 12);
    search.focus();
    caretAt(search.parentNode!, 0);
    events.frame();

    const range = store.insertionRange();
    expect(range?.startContainer).toBe(text);
    expect(range?.startOffset).toBe(12);
    search.remove();
  });

  it('follows the caret the browser tells of while the body has the focus', () => {
    const { store, body, events } = composeBody();
    body.focus();
    caretAt(body.firstChild!, 5);
    events.frame();
    expect(store.insertionRange()?.startOffset).toBe(5);
  });
});
