/**
 * The sent-auto-response record of one use of a block (rules §3), with every field the spec lists.
 * Lists and texts are kept within what the API accepts (`src/api/contract/usage.ts`), so an
 * unusually large block is recorded rather than refused.
 */
import type { Block } from '../api/contract/block';
import type { SupportedContext } from '../api/contract/common';
import type { SentAutoResponse, UiSource } from '../api/contract/usage';
import type { User } from '../api/contract/user';
import { fitText } from '../api/contract/text';
import type { BlockInLanguage } from '../domain/block-variants';
import { isLanguageCode, type LanguageCode } from '../domain/languages';

const LIMITS = { content: 100_000, name: 500, categories: 50, category: 200, cc: 50, address: 320, subject: 1000, attachments: 20 };

export function buildSentRecord(input: { block: Block; user: User; context: SupportedContext; uiSource: UiSource; at: Date }): SentAutoResponse {
  const { block, user } = input;
  const categories = block.categories
    ?.map((category) => fitText(category, 'line', LIMITS.category))
    .filter((category) => category.trim() !== '')
    .slice(0, LIMITS.categories);
  const cc = block.cc?.filter((address) => address.length <= LIMITS.address).map((address) => fitText(address, 'line', LIMITS.address)).slice(0, LIMITS.cc);
  const attachments = block.attachments?.slice(0, LIMITS.attachments).map((attachment) => ({ ...attachment, name: fitText(attachment.name, 'line', 255) }));
  return {
    userEmail: user.email,
    autoResponseId: block._id,
    autoResponseName: fitText(block.name, 'line', LIMITS.name).trim() || block._id,
    autoResponseContent: fitText(block.body, 'multiline', LIMITS.content),
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
    ...(block.subjectLine ? { subjectLine: fitText(block.subjectLine, 'line', LIMITS.subject) } : {}),
    ...(attachments?.length ? { attachments } : {}),
    // A block shown in a language (src/domain/block-variants.ts) says which text went in.
    ...(languageOf(block) ? { language: languageOf(block) } : {}),
  };
}

function languageOf(block: Block): LanguageCode | undefined {
  const language = (block as Partial<BlockInLanguage>).language;
  return language !== undefined && isLanguageCode(language) ? language : undefined;
}
