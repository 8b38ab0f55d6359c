import type { VariableQuestion } from '../domain/variable-questions';

/** Answers by question key (`VariableQuestion.key`), as `answersToValues` takes them. */
export type PromptAnswers = Record<string, string>;

/**
 * What a block asks while it is asked: its name, its questions (its own `{{ask:...}}` prompts and
 * the values Cannery does not know for sure), and where the answers (or null: cancelled) go.
 */
export interface PromptRequest {
  id: number;
  title: string;
  questions: readonly VariableQuestion[];
  settle: (answers: PromptAnswers | null) => void;
}
