/**
 * Using a block (rules §2 Home, §8): its variables are filled (asking the block's questions and the
 * values Cannery does not know for sure first, see `variable-prompt-dialog.tsx`), the body is sanitised once, inserted through the host with its
 * subject line, Cc and attachments, and the use is recorded through the durable outbox. What the
 * host could not do is told in one short line; failures show the spec's messages. A question
 * cancelled inserts and records nothing.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { HostError, type HostAdapter, type InsertRequest, type InsertResult, type MailItem } from '../../hosts/host';
import type { Block } from '../api/contract/block';
import type { UiSource } from '../api/contract/usage';
import { fillBlock, type VariableValues } from '../domain/block-variables';
import type { Person } from '../domain/display-names';
import { parseVariables } from '../domain/variable-parsing';
import type { VariableQuestion } from '../domain/variable-questions';
import { useRecordBlockUse } from '../tracking/usage-tracking';
import { useAuthServices } from '../auth/auth-services';
import { authAtom } from '../state/auth';
import { useHost } from '../state/host-context';
import { blockHtmlToPlainText, sanitizeBlockHtml } from '../sanitize/sanitize-html';
import type { PromptAnswers, PromptRequest } from './prompt-request';
import { useMe, variableValues } from './variable-values';

export const INSERT_MESSAGES = {
  /** A block used with no open compose mail (rules §8). */
  noCompose: 'An error has occurred. Please make sure an email is open in compose view and try again.',
  /** Any other insertion failure (rules §8). */
  failed: 'An error occurred in processing your request. Please close and re-open the plugin. If the problem persists contact our team.',
  /** A reply was opened, but the block could not be put into it from the pane (Outlook: over the reply form's 32 KB). */
  replyWithoutBlock: 'A reply is open, but this block is too long to be put into it from here. Open Cannery in the reply and choose the block again.',
  /** The open email is in a shared mailbox the user may read but not write in. */
  readOnly: 'You can read this mailbox but not write in it, so Cannery cannot put a block into a reply here. Ask whoever manages the mailbox for permission to write, or answer from a mailbox you can send from.',
} as const;

const PART_NAMES: Record<InsertResult['skipped'][number], string> = { subjectLine: 'subject line', cc: 'Cc', attachments: 'attachments' };

/**
 * The one line that tells what a host could not carry out, e.g. "Inserted. This host cannot take
 * the block's subject line or Cc."; after a reply was opened, it says so instead of "Inserted".
 */
export function skippedNotice(skipped: InsertResult['skipped'], outcome: InsertResult['outcome'] = 'inserted'): string | null {
  if (skipped.length === 0) return null;
  const names = skipped.map((part) => PART_NAMES[part]);
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
  const done = outcome === 'reply-opened' ? 'A reply with the block is open.' : 'Inserted.';
  return `${done} This host cannot take the block's ${list}.`;
}

/**
 * The line shown after a block was used: what the host could not do (`skippedNotice`), then the
 * host's own notes, e.g. "Inserted. The attachment "guide.pdf" could not be added: …".
 */
export function insertNotice(result: InsertResult): string | null {
  const skipped = skippedNotice(result.skipped, result.outcome);
  const notes = result.notes ?? [];
  if (notes.length === 0) return skipped;
  const lead = skipped ?? (result.outcome === 'reply-opened' ? 'A reply with the block is open.' : 'Inserted.');
  return [lead, ...notes].join(' ');
}

/** What a screen reader hears once a block went in: the block's name and where it went. */
export function insertedAnnouncement(name: string, result: InsertResult): string {
  return result.outcome === 'reply-opened' ? `A reply with ${name} is open.` : `Inserted ${name}.`;
}

/** The spec's message for a failed insertion, or the app's own where the host reports a case the spec does not name. */
function failureMessage(error: unknown): string {
  if (!(error instanceof HostError)) return INSERT_MESSAGES.failed;
  if (error.code === 'no-compose') return INSERT_MESSAGES.noCompose;
  if (error.code === 'reply-without-block') return INSERT_MESSAGES.replyWithoutBlock;
  if (error.code === 'read-only') return INSERT_MESSAGES.readOnly;
  return INSERT_MESSAGES.failed;
}

export type InsertStatus =
  | { kind: 'idle' }
  | { kind: 'inserting'; blockId: string }
  /** `announced` is what a screen reader hears when there is no `notice` to show. */
  | { kind: 'done'; blockId: string; notice: string | null; announced: string }
  | { kind: 'failed'; blockId: string; message: string };

/** Variables that take their value from the open item: reading it is worth a round trip only for these. */
const ITEM_VARIABLES = new Set(['sender.firstName', 'sender.name', 'sender.email']);

/** A block's texts with variables: its body and its subject line. */
function textsOf(block: Block) {
  return { bodyHtml: block.body, ...(block.subjectLine ? { subject: block.subjectLine } : {}) };
}

/**
 * What the host receives for `block`: its variables filled with the reply's values and what the
 * user answered (`answersToValues`), the body sanitised, its plain text made from the filled,
 * sanitised body. A block without variables is inserted exactly as written.
 */
export function insertRequestFor(
  block: Block,
  fill: { item: MailItem | null; me: Person | undefined; answered?: Pick<VariableValues, 'answers' | 'given'>; now?: Date },
): InsertRequest {
  const filled = fillBlock(textsOf(block), { ...variableValues(fill.item, fill.me, fill.now), ...fill.answered });
  const html = sanitizeBlockHtml(filled.bodyHtml);
  const subjectLine = block.subjectLine ? filled.subject : '';
  return {
    html,
    text: blockHtmlToPlainText(html),
    ...(subjectLine ? { subjectLine } : {}),
    ...(block.cc?.length ? { cc: block.cc } : {}),
    ...(block.attachments?.length ? { attachments: block.attachments } : {}),
  };
}

/** The open item, for the sender's values; null when the host cannot say (the values are then missing). */
async function itemForValues(host: HostAdapter): Promise<MailItem | null> {
  try {
    return await host.readItem();
  } catch (error) {
    console.warn('Cannery: reading the open item for the block\'s variables failed', error);
    return null;
  }
}

export interface InsertBlock {
  status: InsertStatus;
  /**
   * Uses `block`: true when it was inserted (and the use recorded); false when it failed or its
   * questions were cancelled. `email`, the open email as it was when the block was chosen, lets
   * the team learn from the choice (its signature goes with the record; never its text).
   */
  insert: (block: Block, uiSource: UiSource, email?: MailItem | null) => Promise<boolean>;
  /** The block's questions while they are asked: render it with `VariablePromptDialog`. */
  prompt: PromptRequest | null;
}

export function useInsertBlock(): InsertBlock {
  const host = useHost();
  const recordUse = useRecordBlockUse();
  const { api } = useAuthServices();
  const me = useMe();
  const { source } = useAtomValue(authAtom);
  const [status, setStatus] = useState<InsertStatus>({ kind: 'idle' });
  const [prompt, setPrompt] = useState<PromptRequest | null>(null);
  const nextPromptId = useRef(0);
  const pending = useRef<PromptRequest | null>(null);

  // A screen that goes away with its questions open inserts nothing.
  useEffect(() => () => pending.current?.settle(null), []);

  /** Asks `questions` of the user; null when they cancel. Resolves once the dialog is gone. */
  const ask = useCallback((title: string, questions: readonly VariableQuestion[]) => {
    pending.current?.settle(null);
    return new Promise<PromptAnswers | null>((resolve) => {
      const request: PromptRequest = {
        id: ++nextPromptId.current,
        title,
        questions,
        settle: (answers) => {
          if (pending.current !== request) return;
          pending.current = null;
          setPrompt(null);
          // After React has removed the dialog and its focus trap: the host moves focus into the reply.
          setTimeout(() => resolve(answers), 0);
        },
      };
      pending.current = request;
      setPrompt(request);
    });
  }, []);

  const insert = useCallback(
    async (block: Block, uiSource: UiSource, email?: MailItem | null): Promise<boolean> => {
      const texts = textsOf(block);
      const { variables } = parseVariables(texts);
      let item: MailItem | null = null;
      let answered: Pick<VariableValues, 'answers' | 'given'> | undefined;
      if (variables.length > 0) {
        // The open item first: whether the sender's names are known decides what is asked.
        if (variables.some((variable) => ITEM_VARIABLES.has(variable.kind))) item = await itemForValues(host);
        // Loaded with the first block that has variables: its name list is no part of the first screen.
        const { answersToValues, variableQuestions } = await import('../domain/variable-questions');
        const questions = variableQuestions(texts, variableValues(item, me), { nameInSettings: source !== 'microsoft', writing: item?.mode === 'compose' });
        if (questions.length > 0) {
          const given = await ask(block.name, questions);
          if (!given) return false;
          answered = answersToValues(questions, given);
        }
      }
      setStatus({ kind: 'inserting', blockId: block._id });
      let result: InsertResult;
      try {
        result = await host.insertBlock(insertRequestFor(block, { item, me, ...(answered ? { answered } : {}) }));
      } catch (error) {
        console.warn('Inserting a block failed', error);
        setStatus({ kind: 'failed', blockId: block._id, message: failureMessage(error) });
        // Counted for operators (docs/monitoring.md), loaded only when something failed.
        void import('../tracking/learning-lazy').then((lazy) => lazy.reportFailedInsertion(api, block.account, host.name, error));
        return false;
      }
      setStatus({ kind: 'done', blockId: block._id, notice: insertNotice(result), announced: insertedAnnouncement(block.name, result) });
      // After the insertion: recording must never delay or fail what the user sees.
      recordUse(
        block,
        uiSource,
        email ? import('../tracking/learning-lazy').then((learning) => learning.emailSignatureOf(email, host.context), () => null) : null,
      );
      return true;
    },
    [host, api, recordUse, me, source, ask],
  );
  return { status, insert, prompt };
}
