import { Extension } from '@tiptap/react';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';

/** A variable as typed in text: two braces, up to 1,000 characters without braces, two braces. */
const VARIABLE = /\{\{[^{}\n]{1,1000}\}\}/g;

function chips(doc: ProseMirrorNode, className: string): DecorationSet {
  const decorations: Decoration[] = [];
  doc.descendants((node, position) => {
    if (!node.isText || !node.text) return;
    for (const match of node.text.matchAll(VARIABLE)) {
      const from = position + match.index;
      decorations.push(Decoration.inline(from, from + match[0].length, { class: className }));
    }
  });
  return DecorationSet.create(doc, decorations);
}

/**
 * Shows the variables of a block body (`{{sender.firstName}}`, `{{ask:Case number}}`) as chips in
 * the editor. Display only: the body keeps them as plain text, which is what insertion fills
 * (src/domain/block-variables.ts) and what survives the sanitiser.
 */
export function variableChips(className: string) {
  return Extension.create({
    name: 'variableChips',
    addProseMirrorPlugins() {
      return [
        new Plugin({
          key: new PluginKey('variableChips'),
          state: {
            init: (_config, state) => chips(state.doc, className),
            apply: (transaction, previous) => (transaction.docChanged ? chips(transaction.doc, className) : previous),
          },
          props: {
            decorations(state) {
              return this.getState(state);
            },
          },
        }),
      ];
    },
  });
}
