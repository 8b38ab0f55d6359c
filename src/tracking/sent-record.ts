/**
 * The sent-auto-response record of one use of a block (spec §3), with every field the spec lists.
 * Lists and texts are kept within what the API accepts (`src/api/contract/usage.ts`), so an
 * unusually large block is recorded rather than refused.
 */
import type { Block } from '../api/contract/block';
import type { SupportedContext } from '../api/contract/common';
import type { SentAutoResponse, UiSource } from '../api/contract/usage';
import type { User } from '../api/contract/user';

const LIMITS = { content: 100_000, name: 500, categories: 50, category: 200, cc: 50, address: 320, subject: 1000, attachments: 20 };

export function buildSentRecord(input: { block: Block; user: User; context: SupportedContext; uiSource: UiSource; at: Date }): SentAutoResponse {
  const { block, user } = input;
  const categories = block.categories?.filter((category) => category.trim() !== '').slice(0, LIMITS.categories).map((category) => category.slice(0, LIMITS.category));
  const cc = block.cc?.filter((address) => address.length <= LIMITS.address).slice(0, LIMITS.cc);
  return {
    userEmail: user.email,
    autoResponseId: block._id,
    autoResponseName: (block.name || block._id).slice(0, LIMITS.name),
    autoResponseContent: block.body.slice(0, LIMITS.content),
    account: block.account,
    team: block.team,
    timeSent: input.at.toISOString(),
    supportedContexts: [...new Set(block.supportedContexts)],
    contextUsed: input.context,
    uiSource: input.uiSource,
    cognitoSub: user.cognitoAuth?.sub ?? null,
    microsoftSub: user.microsoftAuth?.sub ?? null,
    ...(categories?.length ? { categories } : {}),
    ...(cc?.length ? { cc } : {}),
    ...(block.subjectLine ? { subjectLine: block.subjectLine.slice(0, LIMITS.subject) } : {}),
    ...(block.attachments?.length ? { attachments: block.attachments.slice(0, LIMITS.attachments) } : {}),
  };
}
