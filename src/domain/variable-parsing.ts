/** What a block uses (see `variable-syntax.ts` for the syntax), so the UI knows what to ask before inserting it. */
import { decodeHtmlEntities } from './html-to-text';
import { scanText } from './variable-substitution';
import { variableKey, type BlockTexts, type BlockVariable, type PromptVariable, type TextFormat } from './variable-syntax';

/** What a block uses, so the UI knows what to ask before inserting it. */
export interface ParsedVariables {
  /** Each variable once, in order of first use (subject first, then body). */
  variables: BlockVariable[];
  /** The prompts among them, in the same order. */
  prompts: PromptVariable[];
  /** Texts between double braces that are not variables, as typed (entities decoded), each once. */
  unknown: string[];
}

/** Collects variables in order, each once; a prompt's first default wins. */
export class VariableSet {
  readonly list: BlockVariable[] = [];
  private readonly byKey = new Map<string, BlockVariable>();

  add(variable: BlockVariable): void {
    const key = variableKey(variable);
    const known = this.byKey.get(key);
    if (!known) {
      const copy = { ...variable };
      this.byKey.set(key, copy);
      this.list.push(copy);
    } else if (known.kind === 'ask' && variable.kind === 'ask' && known.defaultValue === undefined && variable.defaultValue !== undefined) {
      known.defaultValue = variable.defaultValue;
    }
  }
}

/** The variables of a block's subject and body (or of one text, given its format). */
export function parseVariables(block: BlockTexts | string, format: TextFormat = 'html'): ParsedVariables {
  const texts: Array<[string, TextFormat]> = typeof block === 'string' ? [[block, format]] : [[block.subject ?? '', 'text'], [block.bodyHtml, 'html']];
  const set = new VariableSet();
  const unknown = new Set<string>();
  for (const [text, textFormat] of texts) {
    for (const { line, found } of scanText(text, textFormat)) {
      for (const { candidate, variable } of found) {
        if (variable && !candidate.escaped) set.add(variable);
        else if (!variable) {
          const raw = line.text.slice(candidate.open, candidate.close);
          unknown.add(textFormat === 'html' ? decodeHtmlEntities(raw) : raw);
        }
      }
    }
  }
  return { variables: set.list, prompts: set.list.filter((v): v is PromptVariable => v.kind === 'ask'), unknown: [...unknown] };
}
