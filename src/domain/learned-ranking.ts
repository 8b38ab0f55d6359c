/**
 * What the team's past choices add to the recommendations of an email (`learned-evidence.ts`
 * says how they accumulate, `email-terms.ts` what the hashed terms are).
 *
 * For one of the email's terms with evidence for k blocks, of total weight W, a block gets its
 * weight / W, x 1 / (1 + log2 k) (a term that led to many blocks counts less), x W / (W + 1) (little
 * evidence counts less). Its learned evidence is the sum over the email's terms, not divided by the
 * email's length; the ranking adds `LEARNED_WEIGHT` x that evidence to the score of a block the
 * email's own words reach. It is no strength for the strength filter, so it only reorders what the
 * text supports. Why, and how the weight was chosen: docs/decisions/learned-ranking.md and
 * docs/decisions/recommendation-evidence.md.
 */
import { hashedEmailTerms } from './email-terms';

/** What a block's learned evidence is worth against its word-overlap score (about 0 to 1.5). */
export const LEARNED_WEIGHT = 0.1;
/**
 * A boost from which a block is recommended on the team's choices alone when the email's words
 * support no block: learned evidence of 1.5, such as three of the email's terms that led only to
 * that block once, or one term that led to it many times.
 */
export const LEARNED_ALONE = LEARNED_WEIGHT * 1.5;

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
