import type { AdminSuggestion } from '../../api/contract/admin';
import { escapeHtml } from '../../domain/escape-html';
import { EMPTY_BLOCK_FORM, type BlockFormValues } from '../block-editor/block-form';

/**
 * A member's suggestion as the start of a block: its name, and its text (written plain) as
 * paragraphs, a blank line between two, a line break within one. It is used in every place, as any
 * new block is: members' suggestions all name Outlook and Gmail (the suggest form has no choice),
 * which would keep the block out of the text-field picker.
 */
export function blockFormOfSuggestion(suggestion: AdminSuggestion): BlockFormValues {
  const paragraphs = suggestion.body
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${paragraph.split('\n').map(escapeHtml).join('<br>')}</p>`);
  return {
    ...EMPTY_BLOCK_FORM,
    name: suggestion.name,
    body: paragraphs.join(''),
    supportedContexts: [...EMPTY_BLOCK_FORM.supportedContexts],
  };
}
