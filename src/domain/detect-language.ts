/**
 * The language an email is written in, told on the device from its text alone, among the
 * account's languages (`languages.ts`): tinyld's light profiles, restricted to those languages.
 * A text too short to tell, or an account with English only, reads as English.
 * Why tinyld: docs/decisions/language-variants.md; `npm run eval` measures it beside the others.
 */
import { detect } from 'tinyld/light';
import { DEFAULT_LANGUAGE } from './languages';

/** Fewer letters than this say too little to tell a language by. */
const MIN_LETTERS = 8;

/** The ISO 639-1 code of the language of `text` among `languages`; the default language when unsure. */
export function detectLanguage(text: string, languages: readonly string[]): string {
  if (languages.length < 2) return languages[0] ?? DEFAULT_LANGUAGE;
  if (text.replace(/[^\p{L}]/gu, '').length < MIN_LETTERS) return DEFAULT_LANGUAGE;
  const found = detect(text, { only: [...languages] });
  return languages.includes(found) ? found : DEFAULT_LANGUAGE;
}
