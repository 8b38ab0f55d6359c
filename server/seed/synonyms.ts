/**
 * The demo account's own synonyms (Admin > Synonyms): what the public commonly calls the things
 * the office's blocks are named after, each pointing at the office's words. Written from the
 * blocks' names only.
 */
export const DEMO_SYNONYMS: ReadonlyArray<{ phrase: string; means: string }> = [
  { phrase: 'absentee', means: 'mail ballot' },
  { phrase: 'deed copy', means: 'certified copy' },
  { phrase: 'dba', means: 'fictitious business name' },
  { phrase: 'doing business as', means: 'fictitious business name' },
  { phrase: 'assumed name', means: 'fictitious business name' },
  { phrase: 'polling place', means: 'vote center' },
  { phrase: 'polling station', means: 'vote center' },
  { phrase: 'election worker', means: 'poll worker' },
  { phrase: 'election judge', means: 'poll worker' },
  { phrase: 'wedding', means: 'marriage' },
  { phrase: 'courthouse wedding', means: 'civil ceremony' },
  { phrase: 'mortgage paid off', means: 'reconveyance' },
  { phrase: 'bounced check', means: 'returned payment' },
  { phrase: 'money back', means: 'refund' },
  { phrase: 'foia', means: 'public records request' },
  { phrase: 'open records', means: 'public records request' },
  { phrase: 'e-recording', means: 'electronic recording' },
  { phrase: 'pcor', means: 'preliminary change of ownership report' },
  { phrase: 'drop off', means: 'drop box' },
  { phrase: 'uocava', means: 'military and overseas voters' },
];
