import { useEffect, useState } from 'react';

/**
 * Gives the focus back to what had it when the component first rendered (the button that opened
 * a dialog or a form) once the component is gone, if the focus went with it (WCAG 2.4.3): a
 * dialog mounted only while open unmounts instead of closing, so nothing else restores it. A
 * focus that moved on elsewhere is left where it is.
 */
export function useReturnFocus(): void {
  const [opener] = useState(() => openerOf(document.activeElement));
  useEffect(
    () => () => {
      const lost = document.activeElement === null || document.activeElement === document.body;
      if (lost && opener?.isConnected) opener.focus();
    },
    [opener],
  );
}

/** What to give the focus back to: the focused element, or for an item of a menu (gone once it closes) the menu's button. */
function openerOf(active: Element | null): HTMLElement | null {
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  if (active.closest('[role="menu"]')) return document.querySelector<HTMLElement>('[aria-haspopup="menu"][aria-expanded="true"]') ?? active;
  return active;
}
