/**
 * Using a block (spec §2 Home, §8): the body is sanitised once, inserted through the host with its
 * subject line, Cc and attachments, and the use is recorded through the durable outbox. What the
 * host could not do is told in one short line; failures show the spec's messages.
 */
import { useCallback, useState } from 'react';
import { HostError, type InsertResult } from '../../../hosts/host';
import type { Block } from '../../api/contract/block';
import type { UiSource } from '../../api/contract/usage';
import { useRecordBlockUse } from '../../tracking/usage-tracking';
import { useHost } from '../../state/host-context';
import { blockHtmlToPlainText, sanitizeBlockHtml } from './sanitize-html';

export const INSERT_MESSAGES = {
  /** A block used with no open compose mail (spec §8). */
  noCompose: 'An error has occurred. Please make sure an email is open in compose view and try again.',
  /** Any other insertion failure (spec §8). */
  failed: 'An error occurred in processing your request. Please close and re-open the plugin. If the problem persists contact our team.',
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

export type InsertStatus =
  | { kind: 'idle' }
  | { kind: 'inserting'; blockId: string }
  | { kind: 'done'; blockId: string; notice: string | null }
  | { kind: 'failed'; blockId: string; message: string };

export function useInsertBlock(): { status: InsertStatus; insert: (block: Block, uiSource: UiSource) => Promise<boolean> } {
  const host = useHost();
  const recordUse = useRecordBlockUse();
  const [status, setStatus] = useState<InsertStatus>({ kind: 'idle' });

  const insert = useCallback(
    async (block: Block, uiSource: UiSource): Promise<boolean> => {
      setStatus({ kind: 'inserting', blockId: block._id });
      const html = sanitizeBlockHtml(block.body);
      let result: InsertResult;
      try {
        result = await host.insertBlock({
          html,
          text: blockHtmlToPlainText(html),
          ...(block.subjectLine ? { subjectLine: block.subjectLine } : {}),
          ...(block.cc?.length ? { cc: block.cc } : {}),
          ...(block.attachments?.length ? { attachments: block.attachments } : {}),
        });
      } catch (error) {
        console.warn('Inserting a block failed', error);
        const message = error instanceof HostError && error.code === 'no-compose' ? INSERT_MESSAGES.noCompose : INSERT_MESSAGES.failed;
        setStatus({ kind: 'failed', blockId: block._id, message });
        return false;
      }
      setStatus({ kind: 'done', blockId: block._id, notice: skippedNotice(result.skipped, result.outcome) });
      // After the insertion: recording must never delay or fail what the user sees.
      recordUse(block, uiSource);
      return true;
    },
    [host, recordUse],
  );
  return { status, insert };
}
