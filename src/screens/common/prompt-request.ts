import type { PromptVariable } from '../../domain/block-variables';

/** Answers by prompt label, as `fillBlock` takes them. */
export type PromptAnswers = Record<string, string>;

/** A block's questions while they are asked: its name, its prompts, and where the answers (or null: cancelled) go. */
export interface PromptRequest {
  id: number;
  title: string;
  prompts: readonly PromptVariable[];
  settle: (answers: PromptAnswers | null) => void;
}
