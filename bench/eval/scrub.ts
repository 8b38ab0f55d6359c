/**
 * Personal-data scrubbing (rules §5) measured on the labelled citizen emails of
 * `sets/scrub-corpus.ts`: how many must-go strings survive, what share of must-stay words is kept,
 * for this project's rules with the census names data, and for `compromise`'s `.people()` on top
 * of the same pattern rules (the maintained library candidate), plus what the scrubbing code and
 * the names data cost the browser (esbuild, minified, gzip level 9).
 *
 * The targets are judged on the main corpus, which the rules were tuned on; the held-out texts
 * (written after tuning) are reported beside it as the estimate for unseen mail.
 *
 * A must-go string survives when it, or any of its words of two or more characters, is still in
 * the scrubbed text as a whole word (case-sensitive), so "Whitfield" left behind by a removed
 * "Donna" counts. A must-stay word is kept when it is still there as a whole word.
 */
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import nlp from 'compromise';
import type { BenchRow, BenchTable } from '../report';
import type { EvalSection } from './section';
import { SCRUB_CORPUS, SCRUB_HOLDOUT, type ScrubCase } from './sets/scrub-corpus';
import { scrubPersonalData, type ScrubOptions } from '../../src/domain/scrub-personal-data';
import { CENSUS_NAMES } from '../../src/domain/names-census';

const TARGETS = { survivors: 0, kept: 0.99 } as const;

interface Score {
  survivors: number;
  mustGo: number;
  kept: number;
  mustStay: number;
  /** The surviving strings, for people reading the table. */
  survived: string[];
  lost: string[];
  medianMs: number;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function present(word: string, text: string): boolean {
  return new RegExp(`(?<![\\p{L}\\p{N}])${escape(word)}(?![\\p{L}\\p{N}])`, 'u').test(text);
}

function survives(secret: string, scrubbed: string): boolean {
  const words = secret.match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length <= 1) return present(secret, scrubbed);
  return present(secret, scrubbed) || words.some((word) => word.length >= 2 && present(word, scrubbed));
}

function score(scrub: (c: ScrubCase) => string, corpus: readonly ScrubCase[] = SCRUB_CORPUS): Score {
  const result: Score = { survivors: 0, mustGo: 0, kept: 0, mustStay: 0, survived: [], lost: [], medianMs: 0 };
  const times: number[] = [];
  for (const c of corpus) {
    const started = performance.now();
    const scrubbed = scrub(c);
    times.push(performance.now() - started);
    for (const secret of c.mustGo) {
      result.mustGo += 1;
      if (survives(secret, scrubbed)) {
        result.survivors += 1;
        result.survived.push(secret);
      }
    }
    for (const word of c.mustStay) {
      result.mustStay += 1;
      if (present(word, scrubbed)) result.kept += 1;
      else result.lost.push(word);
    }
  }
  times.sort((a, b) => a - b);
  result.medianMs = Number((times[Math.floor(times.length / 2)] ?? 0).toFixed(3));
  return result;
}

const optionsOf = (c: ScrubCase): ScrubOptions => ({ namesData: CENSUS_NAMES, personNames: c.displayNames ?? [] });

/**
 * compromise's people (found in the unscrubbed text, where it has the most context) removed after
 * this project's pattern rules and the spec's names list, in place of the context rules and the
 * census data: the library as the name detector.
 */
function scrubWithCompromise(c: ScrubCase): string {
  const patterned = scrubPersonalData(c.text, { contextRules: false });
  const doc = nlp(c.text);
  const people = doc.people().out('array') as string[];
  let scrubbed = patterned;
  for (const person of people) {
    for (const word of person.match(/[\p{L}\p{M}'’-]+/gu) ?? []) {
      scrubbed = scrubbed.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escape(word)}(?![\\p{L}\\p{N}])`, 'gu'), ' ');
    }
  }
  return scrubbed;
}

async function gzipKb(entry: string, external: string[] = []): Promise<number> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL(entry, import.meta.url))],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    external,
    logLevel: 'silent',
  });
  const bytes = result.outputFiles.reduce((n, file) => n + gzipSync(file.contents, { level: 9 }).length, 0);
  return Number((bytes / 1024).toFixed(1));
}

async function compromiseKb(): Promise<number> {
  const result = await build({
    stdin: { contents: "import nlp from 'compromise'; export const people = (t) => nlp(t).people().out('array');", resolveDir: process.cwd() },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  const bytes = result.outputFiles.reduce((n, file) => n + gzipSync(file.contents, { level: 9 }).length, 0);
  return Number((bytes / 1024).toFixed(1));
}

function row(engine: string, s: Score, n = SCRUB_CORPUS.length): BenchRow {
  return {
    engine,
    n,
    median_ms: s.medianMs,
    p95_ms: null,
    ratio: `survivors ${s.survivors}/${s.mustGo}, kept ${(s.kept / s.mustStay).toFixed(3)}`,
  };
}

export async function evaluateScrubbing(): Promise<EvalSection> {
  const rules = score((c) => scrubPersonalData(c.text, optionsOf(c)));
  const listOnly = score((c) => scrubPersonalData(c.text));
  const withCompromise = score(scrubWithCompromise);
  const holdout = score((c) => scrubPersonalData(c.text, optionsOf(c)), SCRUB_HOLDOUT);
  const rulesKb = await gzipKb('../../src/domain/scrub-personal-data.ts');
  const dataKb = await gzipKb('../../src/domain/names-census.ts');
  const libraryKb = await compromiseKb();
  const keptRatio = Number((rules.kept / rules.mustStay).toFixed(4));
  const met = { survivors: rules.survivors <= TARGETS.survivors, kept: keptRatio >= TARGETS.kept };
  const table: BenchTable = {
    title: `Personal-data scrubbing: ${SCRUB_CORPUS.length} emails, ${rules.mustGo} must-go strings, ${rules.mustStay} must-stay words`,
    rows: [
      row('rules + census names + display names', rules),
      row('rules, built-in list only (no data, no display names)', listOnly),
      row('pattern rules + built-in list + compromise .people()', withCompromise),
      row('rules + census names + display names, held-out texts', holdout, SCRUB_HOLDOUT.length),
    ],
    notes: [
      `targets: 0 survivors, kept >= ${TARGETS.kept}; met: survivors ${met.survivors}, kept ${met.kept}`,
      `survivors (rules): ${rules.survived.join(' | ') || 'none'}`,
      `lost words (rules): ${rules.lost.join(' | ') || 'none'}`,
      `survivors (compromise): ${withCompromise.survived.length}, lost words (compromise): ${withCompromise.lost.length}`,
      `held-out texts: survivors ${holdout.survived.join(' | ') || 'none'}; lost ${holdout.lost.join(' | ') || 'none'}`,
      `browser cost, gzip -9: scrubbing code ${rulesKb} KB and census names data ${dataKb} KB, both loaded by the task pane after first paint, compromise ${libraryKb} KB`,
    ],
  };
  return {
    results: {
      corpus: { emails: SCRUB_CORPUS.length, mustGo: rules.mustGo, mustStay: rules.mustStay },
      survivors: rules.survivors,
      survived: rules.survived,
      kept: keptRatio,
      lost: rules.lost,
      targets: TARGETS,
      met: met.survivors && met.kept,
      metByTarget: met,
      holdout: {
        emails: SCRUB_HOLDOUT.length,
        mustGo: holdout.mustGo,
        mustStay: holdout.mustStay,
        survivors: holdout.survivors,
        survived: holdout.survived,
        kept: Number((holdout.kept / holdout.mustStay).toFixed(4)),
        lost: holdout.lost,
      },
      builtInListOnly: { survivors: listOnly.survivors, kept: Number((listOnly.kept / listOnly.mustStay).toFixed(4)) },
      compromise: {
        survivors: withCompromise.survivors,
        kept: Number((withCompromise.kept / withCompromise.mustStay).toFixed(4)),
        gzipKb: libraryKb,
      },
      bundleGzipKb: { scrubbingCode: rulesKb, namesData: dataKb, total: Number((rulesKb + dataKb).toFixed(1)) },
    },
    table,
  };
}
