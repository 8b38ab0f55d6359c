// Block language variants: how a block reads in a language, each language's words, telling an
// email's language, and recommendations in the email's language.
import { beforeEach, describe, expect, it } from 'vitest';
import { blockInLanguage, blockLanguages, blocksInLanguage, anyVariantIn } from '../../../src/domain/block-variants';
import { accountLanguages, languageName } from '../../../src/domain/languages';
import { languageWords, ENGLISH_WORDS } from '../../../src/domain/language-words';
import { detectEmailLanguage, detectLanguage } from '../../../src/domain/detect-language';
import { buildBlockCorpus } from '../../../src/domain/block-corpus';
import { buildBlockSearchIndex, searchBlocks } from '../../../src/domain/block-search';
import { buildLanguageRecommender } from '../../../src/domain/recommend-languages';
import { makeBlock, makeVariant, resetFactoryIds } from '../../fixtures/factories';

beforeEach(() => resetFactoryIds());

const ballot = () =>
  makeBlock({
    name: 'Replacement ballot',
    body: '<p>We can mail you a replacement ballot.</p>',
    subjectLine: 'Your replacement ballot',
    attachments: [{ name: 'Form.pdf', url: 'https://files.example/form.pdf' }],
    examples: ['my ballot never came'],
    variants: [makeVariant({ name: 'Boleta de reemplazo', body: '<p>Podemos enviarle una boleta de reemplazo.</p>', subjectLine: 'Su boleta de reemplazo', examples: ['no me llegó la boleta'] })],
  });

describe('a block in a language', () => {
  it("reads in its variant's name, body, subject line and example questions, and keeps its id and shortcut", () => {
    const block = { ...ballot(), shortcut: ';ballot' };
    const spanish = blockInLanguage(block, 'es');
    expect(spanish).toMatchObject({ _id: block._id, shortcut: ';ballot', name: 'Boleta de reemplazo', subjectLine: 'Su boleta de reemplazo', examples: ['no me llegó la boleta'], language: 'es' });
    expect(spanish.body).toContain('Podemos enviarle');
    // The variant has no attachments of its own: the block's are not carried into it.
    expect(spanish.attachments).toBeUndefined();
    expect(spanish.missingLanguage).toBeUndefined();
  });

  it('reads in its own text, marked, where it has no variant; and back in its own text from a variant', () => {
    const block = ballot();
    const french = blockInLanguage(block, 'fr');
    expect(french).toMatchObject({ name: 'Replacement ballot', language: 'en', missingLanguage: 'fr' });
    const english = blockInLanguage(blockInLanguage(block, 'es'), 'en');
    expect(english).toMatchObject({ name: 'Replacement ballot', subjectLine: 'Your replacement ballot', language: 'en' });
    expect(english.missingLanguage).toBeUndefined();
    expect(english.attachments).toEqual(block.attachments);
  });

  it('gives the same object for the same block in the same language, so a recomputed list keeps its rows', () => {
    const block = ballot();
    expect(blockInLanguage(block, 'es')).toBe(blockInLanguage(block, 'es'));
    expect(blockInLanguage(blockInLanguage(block, 'es'), 'fr')).toBe(blockInLanguage(block, 'fr'));
    expect(blockInLanguage(block, 'fr')).not.toBe(blockInLanguage(block, 'es'));
  });

  it('lists its languages, default first, and tells whether a list has any variant in a language', () => {
    expect(blockLanguages(ballot())).toEqual(['en', 'es']);
    expect(blockLanguages(makeBlock())).toEqual(['en']);
    expect(anyVariantIn([makeBlock(), ballot()], 'es')).toBe(true);
    expect(anyVariantIn([ballot()], 'fr')).toBe(false);
    expect(anyVariantIn([ballot()], 'en')).toBe(false);
    expect(blocksInLanguage([ballot(), makeBlock({ name: 'Hours' })], 'es').map((block) => block.name)).toEqual(['Boleta de reemplazo', 'Hours']);
  });

  it("keeps an account's languages English first, known codes once, in a fixed order", () => {
    expect(accountLanguages(['es', 'xx', 'fr', 'es'])).toEqual(['en', 'es', 'fr']);
    expect(accountLanguages(null)).toEqual(['en']);
    expect(languageName('es')).toBe('Spanish');
  });
});

describe("each language's words", () => {
  it("drops Spanish stop words and an email's small talk, and stems Spanish words with or without accents alike", () => {
    const spanish = languageWords('es');
    for (const word of ['hola', 'gracias', 'quisiera', 'para', 'que']) expect(spanish.isWord(word), word).toBe(false);
    expect(spanish.isWord('boleta')).toBe(true);
    expect(spanish.termOf('boletas')).toBe(spanish.termOf('boleta'));
    // Folded ("votacion") and plural ("votaciones") meet.
    expect(spanish.termOf('votacion')).toBe(spanish.termOf('votaciones'));
    expect(spanish.isCalendarTerm(spanish.termOf('martes'))).toBe(true);
    expect(spanish.isCalendarTerm(spanish.termOf('boleta'))).toBe(false);
  });

  it('keeps English rules for English and for a language without rules', () => {
    expect(languageWords('en')).toBe(ENGLISH_WORDS);
    expect(languageWords('xx')).toBe(ENGLISH_WORDS);
  });
});

describe("an email's language", () => {
  it('tells Spanish from English among the account languages, even in short emails', () => {
    expect(detectLanguage('no me ha llegado la boleta, que hago?', ['en', 'es'])).toBe('es');
    expect(detectLanguage("my ballot never came, what do I do?", ['en', 'es'])).toBe('en');
  });

  it('reads English for an English-only account, a text too short to tell, and a language the account has not', () => {
    expect(detectLanguage('no me ha llegado la boleta, que hago?', ['en'])).toBe('en');
    expect(detectLanguage('ok', ['en', 'es'])).toBe('en');
    // What reads about as well in either language stays in English.
    expect(detectLanguage('Dear customer,\n\nBest regards', ['en', 'es'])).toBe('en');
    expect(detectLanguage('Hola Dana, gracias', ['en', 'es'])).toBe('es');
    // Two words say too little: a hostile page's "Keep spacing" once read as Spanish.
    expect(detectLanguage('Keep spacing', ['en', 'es'])).toBe('en');
    expect(detectLanguage('Je voudrais une copie de mon acte de naissance, merci beaucoup.', ['en', 'es', 'fr'])).toBe('fr');
  });

  it('reads the part the sender wrote now, not the quoted reply', () => {
    const reply = 'Gracias, pero todavía no me llega la boleta de reemplazo.\n\nOn Tue, Mar 4, 2025 at 9:12 AM Office <clerk@example.gov> wrote:\n> We can mail you a replacement ballot. Please reply with your full name, your date of birth and the address where we should send it.';
    expect(detectEmailLanguage(reply, ['en', 'es'])).toBe('es');
  });
});

describe('recommendations and search in the email language', () => {
  const library = () => [
    ballot(),
    makeBlock({ name: 'Vote center hours', body: '<p>Vote centers are open from 8 a.m. to 8 p.m.</p>', variants: [makeVariant({ name: 'Horario de los centros de votación', body: '<p>Los centros de votación abren de 8 a.m. a 8 p.m.</p>' })] }),
    makeBlock({ name: 'Marriage license', body: '<p>Both of you must come in person for a marriage license.</p>' }),
  ];

  it('recommends Spanish variants for a Spanish email, with its Spanish words, and English blocks for an English one', () => {
    const blocks = library();
    const recommender = buildLanguageRecommender(blocks, buildBlockCorpus(blocks), null);
    const spanish = recommender.recommend('Hola, no me llegó la boleta. ¿Me pueden mandar una de reemplazo?', 'es');
    expect(spanish[0]).toMatchObject({ block: { _id: blocks[0]!._id, name: 'Boleta de reemplazo', language: 'es' } });
    expect(spanish[0]!.matched).toEqual(expect.arrayContaining(['boleta']));
    const english = recommender.recommend('Hello, my ballot never came. Can you send a replacement?', 'en');
    expect(english[0]!.block.name).toBe('Replacement ballot');
    // The English index sees no Spanish word.
    expect(recommender.recommend('¿Cuál es el horario de los centros de votación?', 'en')).toEqual([]);
    expect(recommender.recommend('¿Cuál es el horario de los centros de votación?', 'es')[0]!.block.name).toBe('Horario de los centros de votación');
  });

  it("search finds a block by any variant's words, and gives the block itself", () => {
    const blocks = library();
    const index = buildBlockSearchIndex(buildBlockCorpus(blocks, { variants: true }));
    const hits = searchBlocks(index, 'reemplazo');
    expect(hits.map((hit) => hit.block)).toEqual([blocks[0]]);
    expect(searchBlocks(buildBlockSearchIndex(buildBlockCorpus(blocks)), 'reemplazo')).toEqual([]);
  });
});
