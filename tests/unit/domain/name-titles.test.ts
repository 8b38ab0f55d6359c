// @vitest-environment node
// One list of titles before a name, read the same way by the greeting's first name and by the
// personal-data scrubber (rules §5): a title either of them knows, the other knows too.
import { describe, expect, it } from 'vitest';
import { personFirstName } from '../../../src/domain/display-names';
import { NAME_TITLES } from '../../../src/domain/name-titles';
import { scrubPersonalData } from '../../../src/domain/scrub-personal-data';

/** Titles each reader had before they shared one list: both are now in it. */
const ONCE_ONLY_IN_THE_GREETING = ['sir', 'dame', 'rabbi', 'imam', 'captain', 'detective', 'herr', 'frau', 'mme', 'sra'];
const ONCE_ONLY_IN_THE_SCRUBBER = ['deputy', 'attorney', 'atty', 'senator', 'commissioner', 'rep'];

const capitalised = (title: string) => title[0]?.toUpperCase() + title.slice(1);

describe('titles before a name', () => {
  it('holds the titles of both former lists', () => {
    for (const title of [...ONCE_ONLY_IN_THE_GREETING, ...ONCE_ONLY_IN_THE_SCRUBBER]) expect(NAME_TITLES.has(title), title).toBe(true);
  });

  it('the first name a greeting uses skips every title, with or without its dot', () => {
    for (const title of NAME_TITLES) {
      expect(personFirstName({ name: `${capitalised(title)} Maria Lopez` }), title).toBe('Maria');
      expect(personFirstName({ name: `${capitalised(title)}. Maria Lopez` }), `${title}.`).toBe('Maria');
      // A title and one word: the word is a surname, not a first name to greet.
      expect(personFirstName({ name: `${capitalised(title)} Lopez` }), `${title} + surname`).toBe('');
    }
  });

  it('the scrubber removes the unknown name after every title, and keeps the title', () => {
    for (const title of NAME_TITLES) {
      const text = `I spoke with ${capitalised(title)}. Quillfeather about the ballot.`;
      expect(scrubPersonalData(text), title).toBe(`I spoke with ${capitalised(title)}. about the ballot.`);
    }
  });
});
