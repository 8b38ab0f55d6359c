/**
 * Learning from the team's choices, as the task pane loads it after its first screen, in one
 * dynamic import: the model's fetcher and the ranking for Home (`use-learned-boosts.ts`), and the
 * email signature of a use (`email-signature-of.ts`); and, in the same chunk, the report of a
 * block that could not be inserted (`insertion-failures.ts`), needed only when one fails.
 */
export { fetchLearnedModel } from '../api/learning';
export { emailSignatureOf } from './email-signature-of';
export { learnedBoosts } from '../domain/learned-ranking';
export { reportFailedInsertion } from './insertion-failures';
