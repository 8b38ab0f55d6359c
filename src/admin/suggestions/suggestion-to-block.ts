import type { AdminSuggestion } from '../../api/contract/admin';
import { escapeHtml } from '../../domain/escape-html';
import { EMPTY_BLOCK_FORM, emptyVariant, type BlockFormValues } from '../block-editor/block-form';
import { DEFAULT_LANGUAGE } from '../../domain/languages';

/**
 * A member's suggestion as the start of a block: its name, and its text (written plain) as
 * paragraphs, a blank line between two, a line break within one. It is used in every place, as any
 * new block is: members' suggestions all name Outlook and Gmail (the suggest form has no choice),
 * which would keep the block out of the text-field picker. A suggestion in another language than
 * English starts as the block's version in that language, with the English fields left for the
 * admin to write (a block's own text is English).
 */
export function blockFormOfSuggestion(suggestion: AdminSuggestion): BlockFormValues {
  const paragraphs = suggestion.body
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${paragraph.split('\n').map(escapeHtml).join('<br>')}</p>`);
  const supportedContexts = [...EMPTY_BLOCK_FORM.supportedContexts];
  if (suggestion.language !== DEFAULT_LANGUAGE) {
    return { ...EMPTY_BLOCK_FORM, supportedContexts, variants: [{ ...emptyVariant(suggestion.language), name: suggestion.name, body: paragraphs.join('') }] };
  }
  return { ...EMPTY_BLOCK_FORM, name: suggestion.name, body: paragraphs.join(''), supportedContexts };
}
