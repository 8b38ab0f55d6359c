/**
 * The questions a block asks before it is inserted (its `{{ask:Label|default}}` variables): one
 * modal dialog titled with the block's name, one field per question, labelled with it and filled
 * with its default. The first field has focus; Enter inserts, Escape or Cancel inserts nothing.
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
