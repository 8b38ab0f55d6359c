/**
 * Which words of a language count for recommendations, and the term each stands for: what
 * `similarity-words.ts` is for English, for every language of `languages.ts`. A word counts when it
 * is not one of the language's stop words (Orama's list for it, but for the words that say what a
 * clerk's email is about, plus the small talk of a resident's email and the reply prefixes mail clients add), has at least two characters and is not only
 * digits; its term is the language's Snowball stem (`@orama/stemmers`). Words arrive folded (no
 * case, no accents, `fold-text.ts`), and the stop words are folded the same way.
 * English keeps its own rules (`similarity-words.ts`), so adding languages changes nothing there.
 */
import { stemmer as spanishStemmer } from '@orama/stemmers/spanish';
import { stemmer as frenchStemmer } from '@orama/stemmers/french';
import { stemmer as germanStemmer } from '@orama/stemmers/german';
import { stemmer as italianStemmer } from '@orama/stemmers/italian';
import { stemmer as portugueseStemmer } from '@orama/stemmers/portuguese';
import { stopwords as spanishStopWords } from '@orama/stopwords/spanish';
import { stopwords as frenchStopWords } from '@orama/stopwords/french';
import { stopwords as germanStopWords } from '@orama/stopwords/german';
import { stopwords as italianStopWords } from '@orama/stopwords/italian';
import { stopwords as portugueseStopWords } from '@orama/stopwords/portuguese';
import { foldText } from './fold-text';
import { isCalendarTerm as isEnglishCalendarTerm } from './recommendation-strength';
import { REPLY_PREFIXES, isSimilarityWord, termOf as englishTermOf } from './similarity-words';
import { DEFAULT_LANGUAGE } from './languages';

/** How one language's words take part in recommendations. */
export interface LanguageWords {
  readonly language: string;
  /** True when a folded word takes part in similarity. */
  readonly isWord: (word: string) => boolean;
  /** The term of a folded similarity word. */
  readonly termOf: (word: string) => string;
  /** True when a term names a day, a month or a day relative to today (`recommendation-strength.ts`). */
  readonly isCalendarTerm: (term: string) => boolean;
}

export const ENGLISH_WORDS: LanguageWords = { language: DEFAULT_LANGUAGE, isWord: isSimilarityWord, termOf: englishTermOf, isCalendarTerm: isEnglishCalendarTerm };

interface LanguageRules {
  stem: (word: string) => string;
  stopWords: readonly string[];
  /** Greetings, thanks and "I would like to know" of an email in this language. */
  smallTalk: readonly string[];
  /**
   * Words of the stop word list that say what an email is about at a clerk's counter ("estado"
   * of a ballot, a "nueva" address, a ballot that "llegó"): Orama's lists come from news text.
   */
  topical?: readonly string[];
  calendar: readonly string[];
  /**
   * The stemmer reads accented suffixes ("-ción"); words arrive without accents, so the suffixes
   * that lose one are given it back before stemming, and "votacion" and "votaciones" meet.
   */
  accent?: (word: string) => string;
}

const RULES: Readonly<Record<string, LanguageRules>> = {
  es: {
    stem: spanishStemmer,
    stopWords: spanishStopWords,
    smallTalk: [
      'hola', 'buenos', 'buenas', 'gracias', 'saludos', 'atentamente', 'cordialmente', 'favor', 'quisiera', 'quiero', 'queria',
      'saber', 'gustaria', 'pregunta', 'preguntar', 'preguntarles', 'necesito', 'ayudar', 'ayudarme', 'podrian', 'podria',
      'puedo', 'pueden', 'usted', 'ustedes', 'senor', 'senora', 'sr', 'sra', 'estimados', 'estimado', 'estimada', 'disculpe',
      'oigan', 'ok', 'pues', 'bueno', 'hay', 'tengo', 'tiene', 'tienen', 'llamo',
    ],
    topical: [
      'estado', 'estados', 'nueva', 'nuevas', 'nuevo', 'nuevos', 'llego', 'horas', 'lugar', 'trabajo', 'trabajar', 'trabaja', 'dia',
      'dias', 'fin', 'final', 'valor', 'pais', 'cuenta', 'total', 'tiempo', 'general', 'mayor', 'ultimo', 'ultima',
    ],
    calendar: [
      'lunes', 'martes', 'miercoles', 'jueves', 'viernes', 'sabado', 'domingo', 'enero', 'febrero', 'marzo', 'abril', 'mayo',
      'junio', 'julio', 'agosto', 'septiembre', 'setiembre', 'octubre', 'noviembre', 'diciembre', 'hoy', 'ayer', 'manana',
      'semana', 'mes', 'ano', 'pasado', 'proximo', 'noche', 'tarde', 'ultimo', 'ultima',
    ],
    accent: (word) => (word.endsWith('cion') ? `${word.slice(0, -4)}ción` : word),
  },
  fr: {
    stem: frenchStemmer,
    stopWords: frenchStopWords,
    smallTalk: ['bonjour', 'bonsoir', 'merci', 'cordialement', 'salutations', 'madame', 'monsieur', 'svp', 'voudrais', 'savoir', 'aimerais', 'besoin'],
    calendar: ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche', 'janvier', 'fevrier', 'mars', 'avril', 'mai', 'juin', 'juillet', 'aout', 'septembre', 'octobre', 'novembre', 'decembre', 'aujourd', 'hier', 'demain', 'semaine', 'mois', 'annee'],
    accent: (word) => (word.endsWith('ee') ? `${word.slice(0, -2)}ée` : word),
  },
  de: {
    stem: germanStemmer,
    stopWords: germanStopWords,
    smallTalk: ['hallo', 'danke', 'vielen', 'dank', 'gruss', 'grusse', 'freundlichen', 'sehr', 'geehrte', 'geehrter', 'bitte', 'mochte', 'wissen', 'frage'],
    calendar: ['montag', 'dienstag', 'mittwoch', 'donnerstag', 'freitag', 'samstag', 'sonntag', 'januar', 'februar', 'marz', 'april', 'mai', 'juni', 'juli', 'august', 'september', 'oktober', 'november', 'dezember', 'heute', 'gestern', 'morgen', 'woche', 'monat', 'jahr'],
  },
  it: {
    stem: italianStemmer,
    stopWords: italianStopWords,
    smallTalk: ['ciao', 'buongiorno', 'buonasera', 'grazie', 'saluti', 'cordiali', 'gentile', 'vorrei', 'sapere', 'favore', 'distinti'],
    calendar: ['lunedi', 'martedi', 'mercoledi', 'giovedi', 'venerdi', 'sabato', 'domenica', 'gennaio', 'febbraio', 'marzo', 'aprile', 'maggio', 'giugno', 'luglio', 'agosto', 'settembre', 'ottobre', 'novembre', 'dicembre', 'oggi', 'ieri', 'domani', 'settimana', 'mese', 'anno'],
  },
  pt: {
    stem: portugueseStemmer,
    stopWords: portugueseStopWords,
    smallTalk: ['ola', 'obrigado', 'obrigada', 'bom', 'boa', 'dia', 'tarde', 'atenciosamente', 'cumprimentos', 'gostaria', 'saber', 'favor', 'preciso', 'senhor', 'senhora'],
    calendar: ['segunda', 'terca', 'quarta', 'quinta', 'sexta', 'sabado', 'domingo', 'janeiro', 'fevereiro', 'marco', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro', 'hoje', 'ontem', 'amanha', 'semana', 'mes', 'ano'],
    accent: (word) => (word.endsWith('cao') ? `${word.slice(0, -3)}ção` : word),
  },
};

const DIGITS_ONLY = /^[0-9]+$/;
/** Memoised stems per language are dropped all at once past this many (a bound, not a tuning knob). */
const STEMS_KEPT = 50_000;

function wordsOf(language: string, rules: LanguageRules): LanguageWords {
  const topical = new Set((rules.topical ?? []).map((word) => foldText(word)));
  const stop: ReadonlySet<string> = new Set(
    [...rules.stopWords.map((word) => foldText(word)).filter((word) => !topical.has(word)), ...rules.smallTalk, ...REPLY_PREFIXES].map((word) => foldText(word)),
  );
  const stems = new Map<string, string>();
  const termOf = (word: string): string => {
    let stem = stems.get(word);
    if (stem === undefined) {
      if (stems.size >= STEMS_KEPT) stems.clear();
      stem = foldText(rules.stem(rules.accent ? rules.accent(word) : word));
      stems.set(word, stem);
    }
    return stem;
  };
  const calendar: ReadonlySet<string> = new Set(rules.calendar.map((word) => termOf(foldText(word))));
  return {
    language,
    isWord: (word) => word.length >= 2 && !stop.has(word) && !DIGITS_ONLY.test(word),
    termOf,
    isCalendarTerm: (term) => calendar.has(term),
  };
}

const built = new Map<string, LanguageWords>();

/** The word rules of `language`; English's for the default language and for a language without rules. */
export function languageWords(language: string): LanguageWords {
  const rules = RULES[language];
  if (!rules) return ENGLISH_WORDS;
  let words = built.get(language);
  if (!words) {
    words = wordsOf(language, rules);
    built.set(language, words);
  }
  return words;
}
