/**
 * How a team's choices accumulate into evidence (the server stores it, the replay benchmark
 * replays it): for every hashed term of an email (`email-terms.ts`) and the block used for it, a
 * weight that each new use raises by 1 after the old weight has decayed with a half-life, so last
 * month's choices count more than last year's:
 *
 *   weight = weight x 0.5^(age / half-life) + 1
 *
 * where age is the time since the association was last raised. The same decay is applied when
 * the evidence is read, to the time of reading. Associations not raised within the retention
 * period (a server setting) are dropped and never served.
 */
import type { LearnedTeam } from './learned-ranking';

/** Half-life of learned evidence: a choice made this long ago counts half as much as one made now. */
export const LEARNING_HALF_LIFE_DAYS = 90;
export const DAY_MS = 24 * 60 * 60 * 1000;

/** `weight`, last raised `ageMs` ago, decayed to now. */
export function decayedWeight(weight: number, ageMs: number, halfLifeDays: number = LEARNING_HALF_LIFE_DAYS): number {
  return weight * 0.5 ** (Math.max(0, ageMs) / (halfLifeDays * DAY_MS));
}

/** One association's evidence: its weight when last raised, and when that was. */
export interface Evidence {
  weight: number;
  at: Date;
}

/** The evidence after one more use at `at` (`previous` undefined: the first use). */
export function addUse(previous: Evidence | undefined, at: Date, halfLifeDays: number = LEARNING_HALF_LIFE_DAYS): Evidence {
  if (!previous) return { weight: 1, at };
  const later = previous.at.getTime() > at.getTime() ? previous.at : at;
  return { weight: decayedWeight(previous.weight, at.getTime() - previous.at.getTime(), halfLifeDays) + 1, at: later };
}

/** One stored association of a team: a hashed term, the block chosen with it, its evidence. */
export interface StoredAssociation {
  term: string;
  block: string;
  weight: number;
  at: Date;
}

/** At most this many associations of one team are served, the strongest (after decay) first. */
export const MAX_SERVED_ASSOCIATIONS = 20_000;

/**
 * A team's associations as the client receives them (`learned-ranking.ts`'s `LearnedTeam`):
 * weights decayed to `now` and rounded to 3 decimals, the strongest `cap` kept, blocks listed
 * once and referred to by position.
 */
export function learnedTeamOf(
  team: string,
  rows: readonly StoredAssociation[],
  now: Date,
  options: { cap?: number; halfLifeDays?: number } = {},
): LearnedTeam {
  const cap = options.cap ?? MAX_SERVED_ASSOCIATIONS;
  const decayed = rows
    .map((row) => ({ term: row.term, block: row.block, weight: Math.round(decayedWeight(row.weight, now.getTime() - row.at.getTime(), options.halfLifeDays) * 1000) / 1000 }))
    .filter((row) => row.weight > 0)
    .sort((a, b) => b.weight - a.weight || (a.term < b.term ? -1 : a.term > b.term ? 1 : a.block < b.block ? -1 : a.block > b.block ? 1 : 0))
    .slice(0, cap);
  const blocks: string[] = [];
  const position = new Map<string, number>();
  const terms: Record<string, Array<[number, number]>> = {};
  for (const row of decayed) {
    let b = position.get(row.block);
    if (b === undefined) {
      b = blocks.length;
      blocks.push(row.block);
      position.set(row.block, b);
    }
    (terms[row.term] ??= []).push([b, row.weight]);
  }
  return { team, blocks, terms };
}
