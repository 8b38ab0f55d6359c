/**
 * The personal-data scrubbing of an email on the device (`classification-text.ts` with the census
 * names), loaded after first paint, once per page, by what needs it: the classifier's text
 * (`use-classification.ts`) and the email signature of a use (`email-signature-of.ts`).
 */
import type { prepareClassificationText } from '../domain/classification-text';
import type { NamesData } from '../domain/scrub-personal-data';

/** What scrubbing needs, loaded after first paint: the rules and the names data. */
export interface Scrubbing {
  prepare: typeof prepareClassificationText;
  namesData: NamesData;
}

/** Loaded once per page; a failed load is tried again next time. */
let scrubbing: Promise<Scrubbing> | null = null;
export function loadScrubbing(): Promise<Scrubbing> {
  scrubbing ??= Promise.all([import('../domain/classification-text'), import('../domain/names-census')]).then(
    ([text, names]) => ({ prepare: text.prepareClassificationText, namesData: names.CENSUS_NAMES }),
    (error: unknown) => {
      scrubbing = null;
      throw error;
    },
  );
  return scrubbing;
}

