/**
 * Which language an email is in, told on the device: the candidates side by side on the Spanish
 * set and its English counterparts (`sets/spanish-emails.ts`) plus the English sets, on emails
 * under 40 words (where detectors struggle) and on all of them, each restricted to the demo
 * account's languages (what the product does) and to every language Cannery knows. Reported with
 * each candidate's cost in the browser (esbuild, minified, gzip -9) and its median time per email.
 * The product's detector (`src/domain/detect-language.ts`) is the first row; target: at least
 * 0.95 on short emails with the account's languages, within `DETECTOR_BUDGET_KB`.
 */
import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
import { franc as francMin } from 'franc-min';
import { franc as francFull } from 'franc';
import { detect as tinyld } from 'tinyld/light';
import { eld } from 'eld/extrasmall';
import { detectLanguage } from '../../src/domain/detect-language';
import { splitEmail } from '../../src/domain/email-parts';
import { LANGUAGE_CODES } from '../../src/domain/languages';
import type { BenchRow } from '../report';
import { median } from '../stats';
import type { EvalSection } from './section';
import { ENGLISH_EMAILS, SPANISH_EMAILS } from './sets/spanish-emails';
import { PUBLIC_EMAILS } from './sets/public-emails';
import { HELD_OUT_EMAILS } from './sets/heldout-emails';

const TARGET_SHORT_ACCURACY = 0.95;
/** What the detector may add to the recommendation chunk (loaded after the first paint), gzip KB. */
export const DETECTOR_BUDGET_KB = 40;
const SHORT_WORDS = 40;

const ISO3: Readonly<Record<string, string>> = { en: 'eng', es: 'spa', fr: 'fra', de: 'deu', it: 'ita', pt: 'por' };
const ISO1 = Object.fromEntries(Object.entries(ISO3).map(([one, three]) => [three, one]));

type Detector = (text: string, languages: readonly string[]) => string;

const CANDIDATES: ReadonlyArray<{ name: string; detect: Detector; entry: string }> = [
  { name: 'Cannery (tinyld light, account languages)', detect: (text, languages) => detectLanguage(text, languages), entry: "export { detectLanguage } from './src/domain/detect-language';" },
  {
    name: 'franc-min 6',
    detect: (text, languages) => ISO1[francMin(text, { only: languages.map((l) => ISO3[l] as string), minLength: 1 })] ?? 'und',
    entry: "export { franc } from 'franc-min';",
  },
  {
    name: 'franc 6 (full)',
    detect: (text, languages) => ISO1[francFull(text, { only: languages.map((l) => ISO3[l] as string), minLength: 1 })] ?? 'und',
    entry: "export { franc } from 'franc';",
  },
  { name: 'tinyld 1 (light)', detect: (text, languages) => tinyld(text, { only: [...languages] }) || 'und', entry: "export { detect } from 'tinyld/light';" },
  {
    name: 'eld 2 (extrasmall)',
    detect: (text, languages) => {
      eld.setLanguageSubset([...languages]);
      return eld.detect(text).language || 'und';
    },
    entry: "export { eld } from 'eld/extrasmall';",
  },
];

interface Sample {
  language: string;
  text: string;
  short: boolean;
}

function samples(): Sample[] {
  const of = (language: string, body: string): Sample => {
    const text = splitEmail(body).main || body;
    return { language, text, short: text.split(/\s+/).filter(Boolean).length < SHORT_WORDS };
  };
  return [
    ...SPANISH_EMAILS.map((email) => of('es', email.body)),
    ...ENGLISH_EMAILS.map((email) => of('en', email.body)),
    ...PUBLIC_EMAILS.map((email) => of('en', email.body)),
    ...HELD_OUT_EMAILS.map((email) => of('en', email.body)),
  ];
}

async function gzipKb(contents: string): Promise<number> {
  const result = await build({ stdin: { contents, resolveDir: process.cwd(), loader: 'ts' }, bundle: true, minify: true, format: 'esm', platform: 'browser', write: false, logLevel: 'silent' });
  const bytes = result.outputFiles.reduce((n, file) => n + gzipSync(file.contents, { level: 9 }).length, 0);
  return Number((bytes / 1024).toFixed(1));
}

const share = (hits: number, n: number) => (n === 0 ? 0 : Number((hits / n).toFixed(3)));

export async function evaluateLanguageDetection(): Promise<EvalSection> {
  const all = samples();
  const short = all.filter((sample) => sample.short);
  const account = ['en', 'es'];
  const rows: BenchRow[] = [];
  const results: Record<string, unknown> = {};
  const notes: string[] = [];
  for (const candidate of CANDIDATES) {
    const accuracy = (set: readonly Sample[], languages: readonly string[]) => share(set.filter((s) => candidate.detect(s.text, languages) === s.language).length, set.length);
    const times: number[] = [];
    for (const sample of all) {
      const start = performance.now();
      candidate.detect(sample.text, account);
      times.push(performance.now() - start);
    }
    const scores = {
      shortAccount: accuracy(short, account),
      allAccount: accuracy(all, account),
      shortEvery: accuracy(short, LANGUAGE_CODES),
      spanishShortAccount: accuracy(short.filter((s) => s.language === 'es'), account),
      gzipKb: await gzipKb(candidate.entry),
      medianMs: Number(median(times).toFixed(3)),
    };
    results[candidate.name] = scores;
    rows.push({ engine: candidate.name, n: all.length, median_ms: scores.medianMs, p95_ms: null, ratio: `short ${scores.shortAccount}, all ${scores.allAccount}, short/6 languages ${scores.shortEvery}, ${scores.gzipKb} KB` });
  }
  const product = results[CANDIDATES[0]!.name] as { shortAccount: number; gzipKb: number };
  const met = product.shortAccount >= TARGET_SHORT_ACCURACY && product.gzipKb <= DETECTOR_BUDGET_KB;
  notes.push(
    `${short.length} emails under ${SHORT_WORDS} words (${short.filter((s) => s.language === 'es').length} Spanish), ${all.length} in all; "short": accuracy on them among the account's languages (en, es); "6 languages": among every language Cannery knows`,
    `target: short >= ${TARGET_SHORT_ACCURACY} within ${DETECTOR_BUDGET_KB} KB gzip: ${met ? 'met' : 'NOT MET'}`,
  );
  return { results: { candidates: results, shortEmails: short.length, emails: all.length, target: { shortAccuracy: TARGET_SHORT_ACCURACY, budgetKb: DETECTOR_BUDGET_KB }, met }, table: { title: 'Eval: email language detection on the device', rows, notes } };
}
