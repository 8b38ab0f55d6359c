/**
 * The labelled seed corpus every account's classifier starts from: about 160 citizen emails to an
 * elections office and 160 to a recorder's office (`seed-election.ts`, `seed-recorder.ts`), so a
 * new account classifies well before it has blocks or feedback.
 *
 * The split is fixed and deterministic: every fifth email (index 4, 9, 14, ... of the list below)
 * is held out for evaluation (`bench/eval/classify.ts`) and never trained on, in the product
 * either, so the reported accuracy is on text the model has not seen.
 */
import type { Classification } from '../../src/api/contract/classification';
import { ELECTION_EMAILS } from './seed-election';
import { RECORDER_EMAILS } from './seed-recorder';

export interface LabelledEmail {
  text: string;
  label: Classification;
}

export const SEED_CORPUS: readonly LabelledEmail[] = [
  ...ELECTION_EMAILS.map((text): LabelledEmail => ({ text, label: 'Election' })),
  ...RECORDER_EMAILS.map((text): LabelledEmail => ({ text, label: 'Recorder' })),
];

/** True for the emails held out of training (every fifth). */
export function isHeldOut(index: number): boolean {
  return index % 5 === 4;
}

/** The emails the product and the evaluation train on. */
export const SEED_TRAINING: readonly LabelledEmail[] = SEED_CORPUS.filter((_, index) => !isHeldOut(index));
/** The emails only the evaluation reads. */
export const SEED_HELD_OUT: readonly LabelledEmail[] = SEED_CORPUS.filter((_, index) => isHeldOut(index));
