import { useCallback, useEffect, useRef, type FocusEvent, type KeyboardEvent } from 'react';

const ITEMS = 'button:not([disabled])';

const itemsOf = (root: HTMLElement) => [...root.querySelectorAll<HTMLElement>(ITEMS)];

/** The one item of `root` in the Tab order. */
function makeCurrent(root: HTMLElement, current: HTMLElement): void {
  for (const item of itemsOf(root)) item.tabIndex = item === current ? 0 : -1;
}

/**
 * A toolbar's keyboard model (WAI-ARIA toolbar pattern) without Fluent's `Toolbar`: its buttons are
 * one stop of the Tab order, the last one focused (the first at the start); arrow keys, Home and
 * End move between them. Fluent's version steers Tab with focusable `aria-hidden` sentinels around
 * the toolbar and the page, which screen-reader checks (axe `aria-hidden-focus`) rightly flag.
 * Spread the result on the element with `role="toolbar"`.
 */
export function useRovingFocus(orientation: 'horizontal' | 'vertical' = 'horizontal') {
  const ref = useRef<HTMLDivElement>(null);

  // Buttons rendered later (a menu's trigger) start out of the Tab order too.
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const items = itemsOf(root);
    makeCurrent(root, items.find((item) => item.tabIndex === 0) ?? items[0] ?? root);
  });

  const onFocus = useCallback((event: FocusEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (target.matches(ITEMS)) makeCurrent(event.currentTarget, target);
  }, []);

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLDivElement>) => {
      const [back, forward] = orientation === 'horizontal' ? ['ArrowLeft', 'ArrowRight'] : ['ArrowUp', 'ArrowDown'];
      const items = itemsOf(event.currentTarget);
      const at = items.indexOf(event.target as HTMLElement);
      if (at < 0 || items.length === 0) return;
      let next: number | null = null;
      if (event.key === forward) next = (at + 1) % items.length;
      else if (event.key === back) next = (at - 1 + items.length) % items.length;
      else if (event.key === 'Home') next = 0;
      else if (event.key === 'End') next = items.length - 1;
      if (next === null) return;
      event.preventDefault();
      items[next]?.focus();
    },
    [orientation],
  );

  return { ref, onFocus, onKeyDown, 'aria-orientation': orientation };
}
