import { z } from './zod';
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, LANGUAGES } from '../../domain/languages';

const known = LANGUAGES.map((language) => `${language.code} (${language.name})`).join(', ');

/** A language Cannery knows (src/domain/languages.ts), by its ISO 639-1 code. */
export const languageCode = z.enum(LANGUAGE_CODES, { message: `must be one of ${known}` });

/** A language a variant can be in: any but the default, whose text is the block's own. */
export const variantLanguage = languageCode.refine((code) => code !== DEFAULT_LANGUAGE, `must not be ${DEFAULT_LANGUAGE}: the block's own text is its English text`);
