/**
 * The retention form as the admin fills it in: per kind of record, a number of days typed, or
 * "Keep forever" checked; turned into the policy the API takes, or a sentence per field that is
 * wrong (the server checks the same limits, and says so in its own words).
 */
import { RETENTION_KINDS, RETENTION_LIMITS, type RetentionKind, type RetentionPolicy } from '../../api/contract/retention';
import type { FieldErrors } from '../../domain/form-validation';

export interface RetentionFieldValue {
  forever: boolean;
  days: string;
}

export type RetentionFormValues = Record<RetentionKind, RetentionFieldValue>;

/** What each kind is called on the Settings page, and what it covers. */
export const RETENTION_LABELS: Record<RetentionKind, { label: string; hint: string }> = {
  usageRecords: { label: 'Usage records', hint: 'Each use of a block: which block, who, when and where. The usage reports count them.' },
  sessions: { label: 'Sessions', hint: 'When people had Cannery open, and in which mailbox.' },
  classificationOutcomes: { label: 'Classification answers', hint: 'Answers to the classification question, with the text of the email they were about.' },
  learnedEvidence: { label: 'Learned evidence', hint: 'What each team learned from its choices (hashed words of emails, never their text).' },
  mail: { label: 'Mail to your people', hint: 'Invitations, codes and reminders, once sent or given up on.' },
};

export function retentionFormOf(policy: RetentionPolicy): RetentionFormValues {
  return Object.fromEntries(RETENTION_KINDS.map((kind) => [kind, { forever: policy[kind] === null, days: policy[kind] === null ? '' : String(policy[kind]) }])) as RetentionFormValues;
}

export function checkRetention(values: RetentionFormValues): { policy: RetentionPolicy } | { errors: FieldErrors<RetentionKind> } {
  const errors: FieldErrors<RetentionKind> = {};
  const policy = {} as Record<RetentionKind, number | null>;
  for (const kind of RETENTION_KINDS) {
    const value = values[kind];
    if (value.forever) {
      policy[kind] = null;
      continue;
    }
    const typed = value.days.trim();
    const days = Number(typed);
    if (!/^\d+$/.test(typed) || days < RETENTION_LIMITS.minDays || days > RETENTION_LIMITS.maxDays) {
      errors[kind] = `Enter a whole number of days from ${RETENTION_LIMITS.minDays} to ${RETENTION_LIMITS.maxDays}, or check “Keep forever”.`;
    } else policy[kind] = days;
  }
  return Object.keys(errors).length > 0 ? { errors } : { policy };
}
