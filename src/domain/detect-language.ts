/**
 * The language an email is written in, told on the device from its text alone, among the
 * account's languages (`languages.ts`): tinyld's light profiles, restricted to those languages.
 * A text too short to tell, or an account with English only, reads as English.
 * Why tinyld: docs/decisions/language-variants.md; `npm run eval` measures it beside the others.
 */
import { detectAll } from 'tinyld/light';
import { DEFAULT_LANGUAGE } from './languages';
import { splitEmail } from './email-parts';

/** Fewer words or letters than these say too little to tell a language by ("Keep me", "Gracias"). */
const MIN_WORDS = 3;
const MIN_LETTERS = 12;
/** The first this many characters tell the language as well as the whole text does, at a fraction of the time. */
const READ_CHARACTERS = 160;
/**
 * Another language wins over the default only with at least this many times its score: text that
 * reads about as well in both ("Dear customer, Best regards") stays in the default language.
 */
const OVER_DEFAULT = 2;

/** The ISO 639-1 code of the language of `text` among `languages`; the default language when unsure. */
export function detectLanguage(text: string, languages: readonly string[]): string {
  if (languages.length < 2) return languages[0] ?? DEFAULT_LANGUAGE;
  const read = text.slice(0, READ_CHARACTERS);
  if (read.replace(/[^\p{L}]/gu, '').length < MIN_LETTERS || (read.match(/\p{L}+/gu) ?? []).length < MIN_WORDS) return DEFAULT_LANGUAGE;
  const scores = detectAll(read, { only: [...languages] });
  const best = scores[0];
  if (!best || !languages.includes(best.lang) || best.lang === DEFAULT_LANGUAGE) return DEFAULT_LANGUAGE;
  const defaultScore = scores.find((score) => score.lang === DEFAULT_LANGUAGE)?.accuracy ?? 0;
  return best.accuracy >= defaultScore * OVER_DEFAULT ? best.lang : DEFAULT_LANGUAGE;
}

/**
 * The language of an email: of the part its sender wrote now (`email-parts.ts`), or of the whole
 * text when that part is empty (a forward with no note).
 */
export function detectEmailLanguage(emailBody: string, languages: readonly string[]): string {
  if (languages.length < 2) return languages[0] ?? DEFAULT_LANGUAGE;
  const { main } = splitEmail(emailBody);
  return detectLanguage(main.trim() ? main : emailBody, languages);
}
