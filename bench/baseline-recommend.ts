/**
 * The straightforward recommendation implementation the index is measured against: the same
 * formula and the same words, but every block body is stripped, folded and split on every call,
 * as code without an index would do on each 500 ms poll.
 */
import type { Block } from '../src/domain/types';
import { htmlToText } from '../src/domain/html-to-text';
import { removeHeaderLines, splitEmailAtQuotedFrom } from '../src/domain/email-parts';
import { similarityWords } from '../src/domain/similarity-words';
import { recommendationScore, sharedCount } from '../src/domain/recommendation-score';
import { compareNames } from '../src/domain/compare-names';
import { MAX_RECOMMENDATIONS, type Recommendation } from '../src/domain/recommend-blocks';

export function recommendBlocksBaseline<B extends Block>(blocks: readonly B[], emailBody: string): Recommendation<B>[] {
  const { main, quoted } = splitEmailAtQuotedFrom(emailBody);
  const mainWords = similarityWords(removeHeaderLines(main));
  const quotedWords = similarityWords(removeHeaderLines(quoted));
  const scored: Array<{ block: B; score: number; position: number }> = [];
  blocks.forEach((block, position) => {
    const words = similarityWords(htmlToText(block.body));
    const score = recommendationScore({
      sharedMain: sharedCount(mainWords, words),
      mainSize: mainWords.size,
      sharedQuoted: sharedCount(quotedWords, words),
      quotedSize: quotedWords.size,
      blockSize: words.size,
    });
    if (score > 0) scored.push({ block, score, position });
  });
  scored.sort((a, b) => b.score - a.score || compareNames(a.block.name, b.block.name) || a.position - b.position);
  return scored.slice(0, MAX_RECOMMENDATIONS).map(({ block, score }) => ({ block, score }));
}
