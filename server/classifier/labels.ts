/**
 * Which of an account's blocks teach the classifier which label.
 *
 * Decision: a block teaches a label when its team is one of the account's classification teams
 * (`accounts.emailClassificationTeams`, rules §3 "emailClassificationFeature with on and teams") and
 * the team's name says the label: a word "Election"/"Elections" gives Election; "Recorder",
 * "Recorder's", "Recording" or "Records" gives Recorder. A name saying both, or neither ("Front
 * Counter"), teaches nothing: guessing would train the model on the wrong label. This needs no
 * new column and matches how clerk-recorder offices name these teams ("Elections", "Recorder",
 * "Birch Elections"); an explicit label per team is the step to take if an account names its
 * teams otherwise.
 */
import type { Classification } from '../../src/api/contract/classification';

const ELECTION_NAME = /\belections?\b/i;
const RECORDER_NAME = /\b(?:recorder(?:'?s)?|recording|records)\b/i;

/** The label a classification team's blocks teach, or null when its name does not say one. */
export function labelForTeam(teamName: string): Classification | null {
  const election = ELECTION_NAME.test(teamName);
  const recorder = RECORDER_NAME.test(teamName);
  if (election === recorder) return null;
  return election ? 'Election' : 'Recorder';
}
