/**
 * What the team's past choices add to the recommendations of an email (see `learned-evidence.ts`
 * for how they accumulate, `email-terms.ts` for the hashed terms).
 *
 * The email's hashed terms look up, in each of the user's teams, the blocks staff chose for emails
 * with those terms. For one term with evidence for k blocks, of total weight W:
 * - a block's share is its weight / W: a term that always led to one block points to it wholly;
 * - the term counts less when it led to many blocks: x 1 / (1 + log2 k);
 * - and less while there is little evidence: x W / (W + 1) (one use counts half, many nearly 1).
 * A block's learned evidence is the sum over the email's terms; what the ranking adds to its score
 * is `LEARNED_WEIGHT` x that evidence. Decision: the sum is not divided by the email's length, so a
 * long email sharing one telling term with past emails still gets that term's evidence (divided,
 * a single shared term in a long email counted for nothing on the replay benchmark).
 *
 * Decisions: the added score counts as telling strength for the strength filter (it is what the
 * team itself chose for such emails), so a block with strong learned evidence is recommended even
 * when it shares few words with the email; the spec's other rules stay (at most 5, best first).
 * It does not stand for a word of the block's name: below the best, such a block needs two thirds
 * of the best strength (`recommendation-strength.ts`). Counted as one, it would need 40%: on the
 * replay benchmark the second emails' top-3 after learning went from 0.509 to 0.527 that way, but
 * the emails no block answers were shown 3.06 blocks instead of 2.28, more than before learning.
 * The weight was set on the replay benchmark (`bench/eval/replay.ts`): the largest that gained on
 * the second emails of pairs without losing top-3 on the old hand-written set; at 0.2 and above
 * learned evidence from one use outweighs the words of the email and the first block is more often wrong.
 */
import { hashedEmailTerms } from './email-terms';

/** What a block's learned evidence is worth against its word-overlap score (about 0 to 1.5). */
export const LEARNED_WEIGHT = 0.1;

/** One association: the block's index in its team's `blocks`, and its weight (decayed when served). */
export type LearnedAssociation = readonly [block: number, weight: number];

/** What one team has learned: its blocks, and for each hashed term the blocks chosen with it. */
export interface LearnedTeam {
  readonly team: string;
  readonly blocks: readonly string[];
  readonly terms: Readonly<Record<string, readonly LearnedAssociation[]>>;
}

/** What the user's teams have learned. */
export interface LearnedModel {
  readonly teams: readonly LearnedTeam[];
}

/** The learned evidence of each block (id) for an email made of `hashedTerms` (see the module comment). */
export function learnedEvidence(model: LearnedModel, hashedTerms: readonly string[]): Map<string, number> {
  const evidence = new Map<string, number>();
  if (hashedTerms.length === 0) return evidence;
  for (const team of model.teams) {
    for (const hash of hashedTerms) {
      const associations = Object.hasOwn(team.terms, hash) ? team.terms[hash] : undefined;
      if (!associations || associations.length === 0) continue;
      let total = 0;
      for (const [, weight] of associations) total += weight;
      if (!(total > 0)) continue;
      const factor = total / (total + 1) / (1 + Math.log2(associations.length)) / total;
      for (const [b, weight] of associations) {
        const id = team.blocks[b];
        if (id === undefined) continue;
        evidence.set(id, (evidence.get(id) ?? 0) + weight * factor);
      }
    }
  }
  return evidence;
}

/**
 * What the ranking adds to each block's score for `emailBody` (plain text): `LEARNED_WEIGHT` x its
 * learned evidence; empty without a model. Pass it to `recommendBlocks`.
 */
export function learnedBoosts(model: LearnedModel | null | undefined, emailBody: string): Map<string, number> {
  const boosts = new Map<string, number>();
  if (!model || model.teams.length === 0) return boosts;
  for (const [id, evidence] of learnedEvidence(model, hashedEmailTerms(emailBody))) {
    boosts.set(id, LEARNED_WEIGHT * evidence);
  }
  return boosts;
}
