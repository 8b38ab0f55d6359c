/**
 * The rules of rules §5 "Suggest block" for one field's committed value: the name and the content
 * are required (blank counts as empty, since the server trims before it checks). The lengths the
 * server accepts come from the contract it validates with, so a too long text is refused here,
 * with the text kept, rather than by the server. The spec gives no message for length; ours says
 * what the limit is, and a character the server refuses (src/api/contract/text.ts) is named the
 * same way.
 */
import { textProblem, type TextKind } from '../../api/contract/text';
import { suggestedAutoResponse } from '../../api/contract/usage';

export const SUGGEST_VALIDATION = {
  nameRequired: 'Name is required.',
  contentRequired: 'Block Content is required',
} as const;

export type SuggestionField = 'name' | 'body';

const RULES: Record<SuggestionField, { label: string; required: string; max: number | null; kind: TextKind }> = {
  name: { label: 'Name', required: SUGGEST_VALIDATION.nameRequired, max: suggestedAutoResponse.shape.name.maxLength, kind: 'line' },
  body: { label: 'Block Content', required: SUGGEST_VALIDATION.contentRequired, max: suggestedAutoResponse.shape.body.maxLength, kind: 'multiline' },
};

/** The message for `value` of `field`, or undefined when the server would accept it. */
export function validateSuggestionField(field: SuggestionField, value: string): string | undefined {
  const rule = RULES[field];
  const text = value.trim();
  if (text === '') return rule.required;
  if (rule.max !== null && text.length > rule.max) return `${rule.label} can be at most ${rule.max.toLocaleString('en-US')} characters.`;
  const problem = textProblem(text, rule.kind);
  return problem ? `${rule.label} ${problem}.` : undefined;
}

export function validateSuggestion(values: Record<SuggestionField, string>): Partial<Record<SuggestionField, string>> {
  return { name: validateSuggestionField('name', values.name), body: validateSuggestionField('body', values.body) };
}
