/**
 * The questions a block asks before it is inserted: its `{{ask:Label|default}}` variables, and
 * the variables whose value Cannery does not know for sure (the sender's first name read from an
 * address only, the user's name when the account has none; see `src/domain/variable-questions.ts`).
 * One modal dialog titled with the block's name, one field per question in the order the block
 * uses them, labelled ("Sender's first name", "Your name", or the question as written) and filled
 * with its default or guess. The first field has focus; Enter inserts, Escape or Cancel inserts
 * nothing and records nothing.
 * The dialog itself (`prompt-dialog.tsx`) loads when a block first asks something.
 */
import { lazy, Suspense } from 'react';
import type { PromptRequest } from './prompt-request';

const PromptDialog = lazy(() => import('./prompt-dialog'));

/** Shows `request` while there is one; renders nothing otherwise. */
export function VariablePromptDialog(props: { request: PromptRequest | null }) {
  const { request } = props;
  if (!request) return null;
  return (
    <Suspense fallback={null}>
      {/* A new request starts from its own defaults. */}
      <PromptDialog key={request.id} request={request} />
    </Suspense>
  );
}
