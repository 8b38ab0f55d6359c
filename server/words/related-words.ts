/**
 * The words the public may write for an office's words, from WordNet (`wordnet.ts`): for each word
 * of a set of blocks, the other words of its synsets (synonyms: "wedding" for "marriage") and its
 * derivationally related forms ("registration" for "register", "repay" for "refund"), each at a
 * weight below an exact match's 1. Only the first `SENSES` senses of a word count (WordNet orders
 * them by frequency): rarer senses mostly bring words the office never meant.
 *
 * The result maps an email stem (`termOf`, src/domain/similarity-words.ts) to the block stems it
 * stands for, without stems the blocks use themselves (those match directly) and without stop
 * words: what the client needs to recommend (src/domain/meaning-hints.ts), and nothing more.
 */
import { foldText, foldedWords } from '../../src/domain/fold-text';
import { htmlToText } from '../../src/domain/html-to-text';
import { isSimilarityWord, termOf } from '../../src/domain/similarity-words';
import { WORDNET_POS, type WordNet, type WordNetPos } from './wordnet';

/** Senses of a block word whose words count. */
export const SENSES = 3;
/** Weight of a synonym (a word of the same synset). */
export const SYNONYM_WEIGHT = 0.5;
/** Weight of a derivationally related form. */
export const DERIVED_WEIGHT = 0.5;

/** Detachment rules of WordNet's morphology (`morphy`): ending to replace, by part of speech. */
const DETACH: Record<WordNetPos, Array<[string, string]>> = {
  noun: [['s', ''], ['ses', 's'], ['xes', 'x'], ['zes', 'z'], ['ches', 'ch'], ['shes', 'sh'], ['men', 'man'], ['ies', 'y']],
  verb: [['s', ''], ['ies', 'y'], ['es', 'e'], ['es', ''], ['ed', 'e'], ['ed', ''], ['ing', 'e'], ['ing', '']],
  adj: [['er', ''], ['est', ''], ['er', 'e'], ['est', 'e']],
  adv: [],
};

/** The base forms of `word` WordNet knows as a `pos`: the word itself, else what the detachment rules make of it. */
export function baseForms(wordNet: WordNet, word: string, pos: WordNetPos): string[] {
  if (wordNet.senses(word, pos).length > 0) return [word];
  const forms: string[] = [];
  for (const [ending, replacement] of DETACH[pos]) {
    if (!word.endsWith(ending) || word.length <= ending.length + 1) continue;
    const form = word.slice(0, word.length - ending.length) + replacement;
    if (!forms.includes(form) && wordNet.senses(form, pos).length > 0) forms.push(form);
  }
  return forms;
}

/** The related words of one block word (single words only, lower-case), with their weight. */
export interface RelatedOptions {
  senses: number;
  synonymWeight: number;
  derivedWeight: number;
}

export const RELATED_OPTIONS: RelatedOptions = { senses: SENSES, synonymWeight: SYNONYM_WEIGHT, derivedWeight: DERIVED_WEIGHT };

export function relatedToWord(wordNet: WordNet, word: string, options: RelatedOptions = RELATED_OPTIONS): Map<string, number> {
  const related = new Map<string, number>();
  const add = (other: string | undefined, weight: number): void => {
    if (!other || other === word || !/^[a-z]+$/.test(other)) return;
    if ((related.get(other) ?? 0) < weight) related.set(other, weight);
  };
  for (const pos of WORDNET_POS) {
    for (const lemma of baseForms(wordNet, word, pos)) {
      for (const offset of wordNet.senses(lemma, pos).slice(0, options.senses)) {
        const synset = wordNet.synset(pos, offset);
        const own = synset.words.indexOf(lemma) + 1;
        for (const other of synset.words) if (other !== lemma) add(other, options.synonymWeight);
        for (const pointer of synset.pointers) {
          if (pointer.symbol !== '+' || (pointer.source !== 0 && pointer.source !== own)) continue;
          const target = wordNet.synset(pointer.pos, pointer.offset);
          add(pointer.target === 0 ? target.words[0] : target.words[pointer.target - 1], options.derivedWeight);
        }
      }
    }
  }
  return related;
}

/**
 * For the folded words `vocabulary` of a set of blocks: email stem to the block stems it means,
 * best weight first (see the module comment). Deterministic: the same vocabulary gives the same map.
 */
export function relatedStems(wordNet: WordNet, vocabulary: Iterable<string>, options: RelatedOptions = RELATED_OPTIONS): Record<string, Array<[string, number]>> {
  const words = [...new Set(vocabulary)].filter(isSimilarityWord).sort();
  const own = new Set(words.map((word) => termOf(word)));
  const byStem = new Map<string, Map<string, number>>();
  for (const word of words) {
    if (!/^[a-z]+$/.test(word)) continue;
    const target = termOf(word);
    for (const [other, weight] of relatedToWord(wordNet, word, options)) {
      if (!isSimilarityWord(other)) continue;
      const stem = termOf(other);
      if (own.has(stem) || stem === target) continue;
      const targets = byStem.get(stem) ?? new Map<string, number>();
      if ((targets.get(target) ?? 0) < weight) targets.set(target, weight);
      byStem.set(stem, targets);
    }
  }
  const result: Record<string, Array<[string, number]>> = {};
  for (const stem of [...byStem.keys()].sort()) {
    result[stem] = [...(byStem.get(stem) as Map<string, number>)].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  }
  return result;
}

/** The folded words of blocks' names and bodies, as the recommendation index reads them. */
export function blockVocabulary(blocks: ReadonlyArray<{ name: string; body: string }>): Set<string> {
  const words = new Set<string>();
  for (const block of blocks) {
    for (const word of foldedWords(foldText(block.name))) words.add(word);
    for (const word of foldedWords(foldText(htmlToText(block.body)))) words.add(word);
  }
  return words;
}
