import { useEffect, useEffectEvent, useRef } from 'react';

/**
 * Runs `task` once per mounted screen, even under React's development double-mount: for steps with
 * effects outside React (storing a PKCE verifier, leaving the page) that must not happen twice.
 */
export function useRunOnce(task: () => Promise<void>): void {
  const started = useRef(false);
  const run = useEffectEvent(task);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void run();
  }, []);
}
