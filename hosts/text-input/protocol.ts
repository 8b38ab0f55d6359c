import { defineExtensionMessaging } from '@webext-core/messaging';
import type { EmailAddress } from '../host';

/** One frame of one tab: where the text-field content script runs and where the picker sends its choice. */
export interface FrameTarget {
  tabId: number;
  frameId: number;
}

/** The text field the content script remembered, as the picker's adapter sees it. */
export interface FieldSnapshot {
  /** Changes when another field is remembered, so the app can tell "another field" from "more typing". */
  fieldId: string;
  /** The field's current text (recommendations read it like an email body). */
  text: string;
  /**
   * The email the field belongs to, where the page is a mail client that says (a Gmail compose):
   * who it goes to, its subject, and its body as the side panel reads it.
   */
  mail?: FieldMail;
}

export interface FieldMail {
  recipients: EmailAddress[];
  subject: string;
  bodyText: string;
}

/** What to put into the field: HTML for rich editors, plain text for textarea/input. */
export interface FieldContent {
  html: string;
  text: string;
}

/** How the content was inserted (which strategy of the chain took it), or why it was not. */
export type FieldInsertOutcome =
  | { ok: true; strategy: string }
  | { ok: false; reason: 'no-field' | 'insert-failed'; message: string; editor?: 'textarea' | 'input' | 'rich-text' };

/** What the background hands the frame's content script when the user asks for the picker. */
export interface OpenPickerRequest {
  /** The frame's own address, which the content script cannot know. */
  target: FrameTarget;
  /** The one-time grant the picker page claims (see picker-grants.ts). */
  grant: string;
  /** The frame's origin when the user asked: a frame that navigated since refuses. */
  origin: string;
  /** The shortcut the user typed, when that is how the picker was asked for: it inserts that block at once. */
  shortcut?: string;
}

/** What a picker's grant gives it: the frame it serves, and the shortcut typed there if any. */
export interface ClaimedPicker {
  target: FrameTarget;
  origin: string;
  shortcut?: string;
  /** Whether typed shortcuts expand on the frame's site already (Gmail, or a site the user turned on). */
  shortcutsOn?: boolean;
}

/** What turning shortcuts on for the picker's site came to (hosts/text-input/site-registry.ts). */
export type SiteOutcome = 'on' | 'not-granted' | 'not-a-site';

/**
 * Where the text-field content script keeps its stop function in a frame (`Symbol.for` of this,
 * in the extension's isolated world): the background reads it to tell frames that run the script.
 */
export const CONTENT_INSTANCE_KEY = 'cannery.text-field-content';

/** The grant the picker was opened with: every picker message carries it. */
export interface Granted {
  grant: string;
}

/**
 * The text-input channel. Type names carry a `text-input:` prefix because every messenger of the
 * extension shares `runtime.onMessage`; a listener ignores types it does not know.
 */
export interface TextInputProtocol {
  /**
   * Background -> frame: remember the focused field and show the picker there with `grant`.
   * Answers whether an editable field was found. Only the background may send it.
   */
  'text-input:open-picker'(request: OpenPickerRequest): boolean;
  /**
   * Picker -> background: claims the grant for this picker frame; answers the frame the picker was
   * opened for, or null when the grant is not this picker's (forged, claimed by another frame,
   * expired, another tab).
   */
  'text-input:claim-picker'(request: Granted): ClaimedPicker | null;
  /**
   * Content script -> background: the user's block shortcuts, for the keystroke listener (strings
   * only; the background keeps them from the last time an extension page loaded the blocks).
   */
  'text-input:shortcuts'(): string[];
  /**
   * Content script -> background: the user typed `shortcut` and the trigger in this frame, and the
   * typed shortcut is selected: open the picker there to insert its block over it. Answers whether
   * the picker was asked for.
   */
  'text-input:expand-shortcut'(request: { shortcut: string }): boolean;
  /**
   * Picker -> background, after the browser granted the picker's site (the picker asks for it on
   * the user's click): register the script there and expand shortcuts on it. The site is the one
   * the picker's grant names, never one the message names.
   */
  'text-input:turn-on-site'(request: Granted): SiteOutcome;
  /** Background -> frame: the user's shortcuts or sites changed: ask for the shortcuts again now. */
  'text-input:reload-shortcuts'(): void;
  /**
   * Picker -> background, which relays it to the frame when the grant is this picker frame's
   * (a content script cannot tell which tab an extension page's message comes from; the background
   * can): the remembered field, insert, close. A refused request rejects.
   */
  'text-input:picker-read-field'(request: Granted): FieldSnapshot | null;
  'text-input:picker-insert'(request: Granted & { content: FieldContent }): FieldInsertOutcome;
  'text-input:picker-close'(request: Granted): void;
  /** Background -> frame: the remembered field, or null when there is none (any more). */
  'text-input:read-field'(request: Granted): FieldSnapshot | null;
  /** Background -> frame: insert at the remembered caret, then close the picker (kept open on failure, to show it). */
  'text-input:insert'(request: Granted & { content: FieldContent }): FieldInsertOutcome;
  /** Background -> frame: close the picker (Escape pressed inside it) and give focus back to the field. */
  'text-input:close-picker'(request: Granted): void;
  /**
   * Background -> frame: the picker page never started in its frame (the page blocked or removed
   * it): close it and tell the user so in the page, with `message`.
   */
  'text-input:picker-blocked'(request: Granted & { message: string }): void;
}

export const textInputMessaging = defineExtensionMessaging<TextInputProtocol>();
