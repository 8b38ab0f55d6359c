/**
 * Courtesy, rank and office titles written before a person's name ("Dr.", "Senator", "Sra."),
 * folded to lower case without the dot. One list for every place that reads names: the first name
 * a greeting uses skips them (`display-names.ts`), and the personal-data scrubber takes the
 * capitalised words after one as a name (`person-names.ts`).
 */
export const NAME_TITLES: ReadonlySet<string> = new Set([
  // Courtesy
  'mr', 'mrs', 'ms', 'miss', 'mx', 'sir', 'dame', 'hon', 'honorable',
  // Other languages' courtesy titles
  'sra', 'sr', 'srta', 'dra', 'herr', 'frau', 'mme', 'mlle',
  // Academic and medical
  'dr', 'prof', 'professor',
  // Clergy
  'rev', 'reverend', 'fr', 'father', 'pastor', 'rabbi', 'imam',
  // Office, law and rank
  'judge', 'commissioner', 'senator', 'rep', 'deputy', 'atty', 'attorney', 'officer', 'det', 'detective',
  'capt', 'captain', 'sgt', 'sergeant', 'lt', 'col', 'gen',
]);
