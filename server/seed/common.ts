/**
 * Shapes and helpers shared by the demo data files (one file per team). Kept apart from
 * `demo-data.ts` so the team files never import the module that imports them.
 */
import type { Attachment } from '../db/schema';

export const DEMO_DOMAIN = 'aldercounty.example';

/** The team keys of the demo account (the keys of `DEMO_TEAMS`). */
export type DemoTeamKey = 'elections' | 'recorder' | 'frontCounter';

export type DemoContext = 'outlook' | 'gmail' | 'text_input';

export interface DemoBlock {
  name: string;
  team: DemoTeamKey;
  categories: string[];
  contexts: DemoContext[];
  body: string;
  subjectLine?: string;
  cc?: string[];
  attachments?: Attachment[];
  /** Questions people ask that the block answers (`demo-examples.ts`). */
  examples?: readonly string[];
  /** What members type, then a space, to insert it (src/domain/block-shortcut.ts). */
  shortcut?: string;
  /** Its text in other languages, by language code (`demo-variants-es.ts`). */
  variants?: Readonly<Record<string, DemoVariantText>>;
}

/** Every context: Outlook, Gmail and any text field. */
export const ALL: DemoContext[] = ['outlook', 'gmail', 'text_input'];
/** Email only: long answers, or answers that carry a subject, cc or attachments. */
export const EMAIL: DemoContext[] = ['outlook', 'gmail'];
/** Text fields only: short chat-style answers. */
export const CHAT: DemoContext[] = ['text_input'];

/** Joins the pieces of a block body, so the data files can keep one paragraph a line. */
export const html = (...parts: string[]): string => parts.join('');

/** A page on the county's (fictional) website. */
export const site = (path: string): string => `https://www.${DEMO_DOMAIN}/${path}`;

/** A downloadable form on the county's (fictional) file server. */
export const file = (name: string, path: string): Attachment => ({ name, url: `https://files.${DEMO_DOMAIN}/${path}` });

/** A mailbox in the demo domain. */
export const mailbox = (local: string): string => `${local}@${DEMO_DOMAIN}`;

/** A block's text in another language than the account's default (`demo-variants-es.ts`). */
export interface DemoVariantText {
  name: string;
  body: string;
  subjectLine?: string;
  attachments?: Attachment[];
}
