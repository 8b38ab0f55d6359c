import { atom, useAtom } from 'jotai';
import { useState } from 'react';

/** A message for the next page an action lands on (a suggestion approved opens its new block). */
const flashAtom = atom<string | null>(null);

/** Sets the message the next page shows once. */
export function useSetFlash(): (message: string) => void {
  const [, set] = useAtom(flashAtom);
  return set;
}

/** The message left for this page, taken once when the page opens. */
export function useTakeFlash(): string | null {
  const [flash, set] = useAtom(flashAtom);
  const [taken] = useState(() => {
    if (flash !== null) queueMicrotask(() => set(null));
    return flash;
  });
  return taken;
}
