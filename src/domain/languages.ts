/**
 * The languages a block can have a variant in. English is every account's default language: a
 * block's own name, body, subject line and attachments are its English text, and any other
 * language is a variant of it. Each language listed here has a stemmer and a stop word list for
 * recommendations (`language-words.ts`) and is one the on-device detector tells apart
 * (`detect-language.ts`). Codes are ISO 639-1.
 */

export const DEFAULT_LANGUAGE = 'en';

export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'es', name: 'Spanish' },
  { code: 'fr', name: 'French' },
  { code: 'de', name: 'German' },
  { code: 'it', name: 'Italian' },
  { code: 'pt', name: 'Portuguese' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export const LANGUAGE_CODES = LANGUAGES.map((language) => language.code) as [LanguageCode, ...LanguageCode[]];

const NAMES: ReadonlyMap<string, string> = new Map(LANGUAGES.map((language) => [language.code, language.name]));

/** The English name of a language ("Spanish"), or its code when it is not one Cannery knows. */
export function languageName(code: string): string {
  return NAMES.get(code) ?? code;
}

export function isLanguageCode(code: string): code is LanguageCode {
  return NAMES.has(code);
}

/**
 * An account's languages as it keeps them: the default first, then the others in the order of
 * `LANGUAGES`, each once, unknown codes dropped.
 */
export function accountLanguages(codes: readonly string[] | null | undefined): LanguageCode[] {
  const wanted = new Set(codes ?? []);
  return LANGUAGE_CODES.filter((code) => code === DEFAULT_LANGUAGE || wanted.has(code));
}
