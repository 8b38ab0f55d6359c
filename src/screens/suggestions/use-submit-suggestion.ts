/**
 * Sends a suggestion (rules §3 "Suggested auto response", §7 `ACCOUNT_ROUTES.suggestions`) and
 * goes to the success screen once the server accepted it. A failure is logged (rules §8: suggestion
 * errors are only logged) and also said in one line, because the form stays on screen with the
 * text: without it the button would just come back and the user could not tell what happened.
 */
import { useEffect, useRef, useState } from 'react';
import { useSetAtom } from 'jotai';
import type { ApiClient } from '../../api/client';
import type { User } from '../../api/contract/user';
import { postSuggestion } from '../../api/suggestions';
import { navigate } from '../../state/location';
import { suggestionAcceptedAtom } from '../../state/suggestion';

export const SUGGEST_MESSAGES = {
  notSent: 'Your suggestion was not sent. What you typed is still here, so you can try again.',
} as const;

/** Every block suggested from here is offered to both mail apps (rules §3). */
const SUGGESTED_CONTEXTS = ['outlook', 'gmail'] as const;

export interface SuggestionTarget {
  api: ApiClient;
  /** Null until the user is known. */
  user: User | undefined;
  /** The team the suggestion goes to; null while none is known. */
  teamId: string | null;
}

export function useSubmitSuggestion(target: SuggestionTarget) {
  const setAccepted = useSetAtom(suggestionAcceptedAtom);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Enter in the Name field submits without the (disabled) button: one request at a time.
  const running = useRef(false);
  // A user who left with the Home link while the request ran is not pulled to the success screen.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  async function submit(values: { name: string; body: string }): Promise<void> {
    if (running.current) return;
    const { api, user, teamId } = target;
    if (!user || !teamId) {
      console.warn('Suggesting a block failed: the user or their team is not known yet', { user: Boolean(user), teamId });
      setError(SUGGEST_MESSAGES.notSent);
      return;
    }
    running.current = true;
    setError(null);
    setPending(true);
    try {
      await postSuggestion(api, user.account, teamId, {
        userEmail: user.email,
        name: values.name,
        body: values.body,
        supportedContexts: [...SUGGESTED_CONTEXTS],
        cognitoSub: user.cognitoAuth?.sub ?? null,
        microsoftSub: user.microsoftAuth?.sub ?? null,
      });
    } catch (failure) {
      console.warn('Suggesting a block failed', failure);
      running.current = false;
      if (!mounted.current) return;
      setError(SUGGEST_MESSAGES.notSent);
      setPending(false);
      return;
    }
    if (!mounted.current) return;
    // The button keeps 'Loading...' until the screen leaves, so nothing can be sent twice.
    setAccepted(true);
    navigate('suggest-auto-response-success');
  }

  return { submit, pending, error };
}
