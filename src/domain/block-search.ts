/**
 * Block search (rules §5 "Search"), built once per block list and queried on every keystroke.
 * Case- and accent-insensitive (our folding, which also collapses whitespace: "voter  registration"
 * finds "Voter<br>Registration"), on the name and on the body with HTML stripped. Each block is in
 * the first of three tiers that applies, ordered inside it as follows (the spec leaves it open):
 *   1. the name contains the query: names starting with it, then with it at the start of a word,
 *      then only inside a word ("vote": "Vote centers", "Early vote hours", "Devoted staff");
 *   2. the body contains the query: at the start of a word, then only inside words;
 *   3. the body matches fuzzily (`fuzzy-match.ts`): best score first, then the name closest to the
 *      query (the same alignment against the name's words);
 * and then by name (`compareNames`), then by input order. A blank query finds nothing (the caller
 * shows the grouped list). A query that is exactly a block's shortcut (`block-shortcut.ts`) puts
 * that block first, as a tier 1 result. Blocks with the same `_id` are indexed once (first wins).
 */
import type { Block } from './types';
import { foldText, foldedWords, isWordChar } from './fold-text';
import { toBlockCorpus, type BlockCorpus } from './block-corpus';
import { buildWordVocabulary, type WordVocabulary } from './word-vocabulary';
import { alignAllWords, matchQueryWord, type FuzzyWordMatches } from './fuzzy-vocabulary';
import { MATCH_SCORE } from './local-alignment';
import { StampSet } from './stamp-set';
import { substringRank } from './substring-rank';
import { shortcutKey, shortcutPositions } from './block-shortcut';

/** One search result: which tier found the block and, for the fuzzy tier, its score (2 is exact). */
export type BlockSearchHit<B extends Block = Block> =
  | { readonly block: B; readonly tier: 1 | 2 }
  | { readonly block: B; readonly tier: 3; readonly score: number };

/** What `buildBlockSearchIndex` returns; only `blocks` is meant to be read. */
export interface BlockSearchIndex<B extends Block = Block> {
  /** The indexed blocks, duplicates by `_id` removed, in input order. */
  readonly blocks: readonly B[];
  /** @internal Prepared text and scratch space; not part of the API. */
  readonly internal: SearchInternals<B>;
}

interface SearchInternals<B extends Block> {
  corpus: BlockCorpus<B>;
  /** Folded names joined by '\n' (a folded query never contains '\n'), and the block at each offset. */
  names: string;
  nameStart: Uint32Array;
  nameOwner: Uint32Array;
  /** Each shortcut (`shortcutKey`) and its block. */
  shortcuts: Map<string, number>;
  /** Words of the names, for ordering fuzzy results. */
  nameVocabulary: WordVocabulary;
  /** Block indices sorted by name, and each block's place in that order. */
  byName: Uint32Array;
  nameRank: Uint32Array;
  /** Result objects of tiers 1 and 2, made once: a keystroke that finds 10,000 blocks allocates nothing. */
  nameHits: readonly BlockSearchHit<B>[];
  bodyHits: readonly BlockSearchHit<B>[];
  /** Per-query-word work, kept for the next keystrokes: typing "marriage lic" reuses "marriage". */
  fuzzyCache: Map<string, FuzzyWordMatches>;
  nameScoreCache: Map<string, Uint16Array>;
  /** Scratch space reused by every query (search is synchronous: one query runs at a time). */
  found: StampSet;
  foundList: number[];
  /** For found blocks: 3 * tier (0 name, 1 body) + rank inside the tier; smaller comes first. */
  order: Uint8Array;
  candidates: StampSet;
  assigned: StampSet;
  fuzzyTotal: Uint32Array;
  fuzzyPart: Uint32Array;
}

const FUZZY_CACHE_SIZE = 32;

/**
 * Builds the search index of `source`, a block list or a corpus prepared with `buildBlockCorpus`
 * (pass the corpus when recommendations are built from the same list, to prepare the text once).
 */
export function buildBlockSearchIndex<B extends Block>(source: readonly B[] | BlockCorpus<B>): BlockSearchIndex<B> {
  const corpus = toBlockCorpus(source);
  const { blocks } = corpus;
  const n = blocks.length;

  const names = corpus.names.join('\n');
  const nameStart = new Uint32Array(n);
  const nameOwner = new Uint32Array(names.length + 1);
  let offset = 0;
  corpus.names.forEach((name, b) => {
    nameStart[b] = offset;
    nameOwner.fill(b, offset, offset + name.length + 1);
    offset += name.length + 1;
  });

  return {
    blocks,
    internal: {
      corpus,
      names,
      nameStart,
      nameOwner,
      shortcuts: shortcutPositions(blocks),
      nameVocabulary: buildWordVocabulary(corpus.names),
      byName: corpus.byName,
      nameRank: corpus.nameRank,
      nameHits: blocks.map((block) => Object.freeze({ block, tier: 1 as const })),
      bodyHits: blocks.map((block) => Object.freeze({ block, tier: 2 as const })),
      fuzzyCache: new Map(),
      nameScoreCache: new Map(),
      found: new StampSet(n),
      foundList: [],
      order: new Uint8Array(n),
      candidates: new StampSet(n),
      assigned: new StampSet(n),
      fuzzyTotal: new Uint32Array(n),
      fuzzyPart: new Uint32Array(n),
    },
  };
}

/** `hits` with block `b` first, as a tier 1 result. */
function withShortcutFirst<B extends Block>(x: SearchInternals<B>, hits: BlockSearchHit<B>[], b: number): BlockSearchHit<B>[] {
  const block = x.corpus.blocks[b];
  return [x.nameHits[b] as BlockSearchHit<B>, ...hits.filter((hit) => hit.block !== block)];
}

function startsWord(text: string, position: number): boolean {
  return !isWordChar(text, position - 1);
}

/** Records block `b` in `tier` with `rank`, keeping the best rank if it is already in that tier. */
function mark<B extends Block>(x: SearchInternals<B>, b: number, tier: number, rank: number): void {
  const order = tier * 3 + rank;
  if (x.found.add(b)) {
    x.order[b] = order;
    x.foundList.push(b);
  } else if (order < (x.order[b] as number) && Math.floor((x.order[b] as number) / 3) === tier) {
    x.order[b] = order;
  }
}

function nameTier<B extends Block>(x: SearchInternals<B>, query: string): void {
  const { names, nameStart, nameOwner } = x;
  let at = names.indexOf(query);
  while (at !== -1) {
    const b = nameOwner[at] as number;
    const rank = at === nameStart[b] ? 0 : startsWord(names, at) ? 1 : 2;
    mark(x, b, 0, rank);
    // A later occurrence in the same name can only improve an inside-a-word match.
    const next = rank === 2 ? at + 1 : (nameStart[b] as number) + (x.corpus.names[b] as string).length + 1;
    at = names.indexOf(query, next);
  }
}

/** Calls `visit(word, atWordStart)` once for each vocabulary word containing `piece` (letters and digits only). */
function wordsContaining(vocabulary: WordVocabulary, piece: string, visit: (word: number, atWordStart: boolean) => void): void {
  const { text, wordAtOffset, wordStart, wordLength } = vocabulary;
  let at = text.indexOf(piece);
  while (at !== -1) {
    const w = wordAtOffset[at] as number;
    // Occurrences come left to right, so a word's first one is the only one that can be at its start.
    visit(w, at === wordStart[w]);
    at = text.indexOf(piece, (wordStart[w] as number) + (wordLength[w] as number) + 1);
  }
}

function postingCount(vocabulary: WordVocabulary, w: number): number {
  return (vocabulary.postingStart[w + 1] as number) - (vocabulary.postingStart[w] as number);
}

/**
 * Tier 2 for a query that is a single word (letters and digits only): a body contains it exactly
 * when one of its words does, so the vocabulary answers without reading any body.
 */
function bodyTierByWords<B extends Block>(x: SearchInternals<B>, query: string): void {
  const { vocabulary } = x.corpus;
  const n = x.corpus.blocks.length;
  const startWords: number[] = [];
  const innerWords: number[] = [];
  wordsContaining(vocabulary, query, (w, atStart) => (atStart ? startWords : innerWords).push(w));
  for (const [rank, list] of [startWords, innerWords].entries()) {
    for (const w of list) {
      const end = vocabulary.postingStart[w + 1] as number;
      for (let k = vocabulary.postingStart[w] as number; k < end; k += 1) mark(x, vocabulary.postings[k] as number, 1, rank);
      if (x.found.size === n) return; // every block found: nothing left to decide
    }
  }
}

/**
 * Tier 2 for any other query: only bodies containing its rarest word can contain it (each word of
 * the query lies inside some word of a matching body), so only those are read.
 */
function bodyTierByScan<B extends Block>(x: SearchInternals<B>, query: string, pieces: readonly string[]): void {
  const { vocabulary, bodies } = x.corpus;
  let rarest: number[] | null = null;
  let rarestCount = Infinity;
  for (const piece of pieces) {
    const words: number[] = [];
    let count = 0;
    wordsContaining(vocabulary, piece, (w) => {
      words.push(w);
      count += postingCount(vocabulary, w);
    });
    if (count < rarestCount) {
      rarest = words;
      rarestCount = count;
    }
  }
  const verify = (b: number): void => {
    if (x.found.has(b)) return;
    const rank = substringRank(bodies[b] as string, query);
    if (rank >= 0) mark(x, b, 1, rank === 2 ? 1 : 0); // for bodies, the very start is just a word start
  };
  if (rarest === null) {
    // Punctuation only ("&", "#"): no word to narrow by, so every body is read.
    for (let b = 0; b < bodies.length; b += 1) verify(b);
    return;
  }
  x.candidates.clear();
  for (const w of rarest) {
    const end = vocabulary.postingStart[w + 1] as number;
    for (let k = vocabulary.postingStart[w] as number; k < end; k += 1) {
      const b = vocabulary.postings[k] as number;
      if (x.candidates.add(b)) verify(b);
    }
  }
}

function cached<T>(cache: Map<string, T>, key: string, make: () => T): T {
  let value = cache.get(key);
  if (value === undefined) {
    value = make();
    if (cache.size >= FUZZY_CACHE_SIZE) cache.clear();
    cache.set(key, value);
  }
  return value;
}

/** Adds, for each candidate, its best score among `matches` to `fuzzyTotal`; drops candidates without one. */
function addBestScores<B extends Block>(x: SearchInternals<B>, candidates: number[], matches: FuzzyWordMatches): number[] {
  const { vocabulary } = x.corpus;
  const averageWords = vocabulary.textWords.length / Math.max(1, x.corpus.blocks.length);
  const kept: number[] = [];
  if (matches.postingCount < candidates.length * averageWords) {
    // Fewer postings than candidate words: walk the matching words, best first.
    x.assigned.clear();
    for (let k = 0; k < matches.words.length; k += 1) {
      const w = matches.words[k] as number;
      const end = vocabulary.postingStart[w + 1] as number;
      for (let p = vocabulary.postingStart[w] as number; p < end; p += 1) {
        const b = vocabulary.postings[p] as number;
        if (x.candidates.has(b) && x.assigned.add(b)) x.fuzzyPart[b] = matches.scores[k] as number;
      }
    }
    for (const b of candidates) {
      if (!x.assigned.has(b)) continue;
      x.fuzzyTotal[b] = (x.fuzzyTotal[b] as number) + (x.fuzzyPart[b] as number);
      kept.push(b);
    }
  } else {
    // Few candidates: look their own words up.
    for (const b of candidates) {
      let best = 0;
      const end = vocabulary.textWordStart[b + 1] as number;
      for (let k = vocabulary.textWordStart[b] as number; k < end; k += 1) {
        const s = matches.scoreOf[vocabulary.textWords[k] as number] as number;
        if (s > best) best = s;
      }
      if (best === 0) continue;
      x.fuzzyTotal[b] = (x.fuzzyTotal[b] as number) + best;
      kept.push(b);
    }
  }
  if (kept.length < candidates.length) {
    x.candidates.clear();
    for (const b of kept) x.candidates.add(b);
  }
  return kept;
}

/**
 * Tier 3: the blocks not yet found whose words match every query word, with their summed scores
 * in `fuzzyTotal`. Candidates come from the query word whose matching words have the fewest postings.
 */
function fuzzyTier<B extends Block>(x: SearchInternals<B>, query: string, queryWords: readonly string[]): number[] {
  const { vocabulary } = x.corpus;
  const matches = queryWords.map((word) => cached(x.fuzzyCache, word, () => matchQueryWord(vocabulary, word)));
  let pivot = 0;
  matches.forEach((m, i) => {
    if (m.postingCount < (matches[pivot] as FuzzyWordMatches).postingCount) pivot = i;
  });
  const pivotMatches = matches[pivot] as FuzzyWordMatches;
  // For a one-word query, a word that contains it exactly (2 per letter) only has blocks of tier 1 or 2.
  const exactScore = queryWords.length === 1 && query === queryWords[0] ? MATCH_SCORE * query.length : -1;

  let candidates: number[] = [];
  x.candidates.clear();
  for (let k = 0; k < pivotMatches.words.length; k += 1) {
    const score = pivotMatches.scores[k] as number;
    if (score === exactScore) continue;
    const w = pivotMatches.words[k] as number;
    const end = vocabulary.postingStart[w + 1] as number;
    for (let p = vocabulary.postingStart[w] as number; p < end; p += 1) {
      const b = vocabulary.postings[p] as number;
      if (x.found.has(b) || !x.candidates.add(b)) continue;
      x.fuzzyTotal[b] = score; // words come best first, so the first score seen is the block's best
      candidates.push(b);
    }
  }
  matches.forEach((m, i) => {
    if (i !== pivot && candidates.length > 0) candidates = addBestScores(x, candidates, m);
  });
  return candidates;
}

/** Sum over query words of the best alignment with a word of block `b`'s name (for ordering ties). */
function nameCloseness<B extends Block>(x: SearchInternals<B>, b: number, nameScores: readonly Uint16Array[]): number {
  const v = x.nameVocabulary;
  const end = v.textWordStart[b + 1] as number;
  let total = 0;
  for (const scores of nameScores) {
    let best = 0;
    for (let k = v.textWordStart[b] as number; k < end; k += 1) {
      const s = scores[v.textWords[k] as number] as number;
      if (s > best) best = s;
    }
    total += best;
  }
  return total;
}

/** Orders tier 3 (see the module comment) with one numeric sort of packed keys. */
function orderFuzzy<B extends Block>(x: SearchInternals<B>, candidates: readonly number[], queryWords: readonly string[]): number[] {
  const n = x.corpus.blocks.length;
  let length = 0;
  for (const word of queryWords) length += word.length;
  const span = MATCH_SCORE * length + 1; // scores lie in [0, 2 * length]
  const nameScores = queryWords.map((word) => cached(x.nameScoreCache, word, () => alignAllWords(x.nameVocabulary, word)));
  const keys = new Float64Array(candidates.length);
  candidates.forEach((b, k) => {
    const body = span - 1 - Math.min(x.fuzzyTotal[b] as number, span - 1);
    const name = span - 1 - Math.min(nameCloseness(x, b, nameScores), span - 1);
    keys[k] = (body * span + name) * n + (x.nameRank[b] as number);
  });
  keys.sort();
  return Array.from(keys, (key) => x.byName[key % n] as number);
}

/**
 * Searches the index for `query`; see the module comment for the tiers and their order.
 * Returns every matching block (the list is what the search box shows), tier 1 first.
 */
export function searchBlocks<B extends Block>(index: BlockSearchIndex<B>, query: string): BlockSearchHit<B>[] {
  const x = index.internal;
  const byShortcut = x.shortcuts.size > 0 ? x.shortcuts.get(shortcutKey(query.trim())) : undefined;
  const hits = textHits(index, query);
  return byShortcut === undefined ? hits : withShortcutFirst(x, hits, byShortcut);
}

function textHits<B extends Block>(index: BlockSearchIndex<B>, query: string): BlockSearchHit<B>[] {
  const folded = foldText(query);
  const x = index.internal;
  const n = index.blocks.length;
  if (folded === '' || n === 0) return [];
  x.found.clear();
  x.foundList.length = 0;

  nameTier(x, folded);
  const words = foldedWords(folded);
  if (words.length === 1 && words[0] === folded) bodyTierByWords(x, folded);
  else bodyTierByScan(x, folded, words);

  const hits: BlockSearchHit<B>[] = [];
  const found = x.foundList;
  if (found.length * 16 < n) {
    found.sort((a, b) => (x.order[a] as number) - (x.order[b] as number) || (x.nameRank[a] as number) - (x.nameRank[b] as number));
  } else {
    // Many results: one pass in name order per rank beats a comparison sort.
    const buckets: number[][] = [[], [], [], [], [], []];
    for (const b of x.byName) if (x.found.has(b)) buckets[x.order[b] as number]?.push(b);
    found.length = 0;
    for (const bucket of buckets) for (const b of bucket) found.push(b);
  }
  for (const b of found) hits.push(((x.order[b] as number) < 3 ? x.nameHits[b] : x.bodyHits[b]) as BlockSearchHit<B>);

  if (words.length > 0 && x.found.size < n) {
    const fuzzy = orderFuzzy(x, fuzzyTier(x, folded, words), words);
    let length = 0;
    for (const word of words) length += word.length;
    for (const b of fuzzy) hits.push({ block: index.blocks[b] as B, tier: 3, score: (x.fuzzyTotal[b] as number) / length });
  }
  return hits;
}
