import { defineExtensionMessaging } from '@webext-core/messaging';

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
}

/** What to put into the field: HTML for rich editors, plain text for textarea/input. */
export interface FieldContent {
  html: string;
  text: string;
}

/** How the content was inserted (which strategy of the chain took it), or why it was not. */
export type FieldInsertOutcome =
  | { ok: true; strategy: string }
  | { ok: false; reason: 'no-field' | 'insert-failed'; message: string };

/**
 * The text-input channel. Type names carry a `text-input:` prefix because every messenger of the
 * extension shares `runtime.onMessage`; a listener ignores types it does not know.
 */
export interface TextInputProtocol {
  /**
   * Background -> frame: remember the focused field and show the picker there. `target` is the
   * frame's own address, which the content script cannot know and hands to the picker page.
   * Answers whether an editable field was found.
   */
  'text-input:open-picker'(target: FrameTarget): boolean;
  /** Picker -> frame: the remembered field, or null when there is none (any more). */
  'text-input:read-field'(): FieldSnapshot | null;
  /** Picker (or background) -> frame: insert at the remembered caret, then close the picker (kept open on failure, to show it). */
  'text-input:insert'(content: FieldContent): FieldInsertOutcome;
  /** Picker -> frame: close the picker (Escape pressed inside it) and give focus back to the field. */
  'text-input:close-picker'(): void;
}

export const textInputMessaging = defineExtensionMessaging<TextInputProtocol>();
