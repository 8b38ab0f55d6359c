import { z } from './zod';
import { memberEmail } from './people';

/**
 * How long an account keeps what its people's work leaves behind (`GET/PUT
 * /api/admin/accounts/{accountId}/retention`, account admins), and a person's data (`GET
 * .../members/{memberId}/data`, `.../data.zip`, `POST .../members/{memberId}/erase`). Each
 * retention is a number of days after which a record is deleted, or null to keep it forever; the
 * server's hourly pass (server/jobs/retention.ts) deletes what is older.
 */

/** What an account's retention covers, in the order the Settings page shows them. */
export const RETENTION_KINDS = ['usageRecords', 'sessions', 'classificationOutcomes', 'learnedEvidence', 'mail'] as const;
export type RetentionKind = (typeof RETENTION_KINDS)[number];

export const RETENTION_LIMITS = { minDays: 1, maxDays: 3650 } as const;

/**
 * Where an account has chosen nothing: statistics for two years, sessions for one, the public's
 * email text with the classifier's answers for 90 days, learning as long as the deployment's
 * default, mail for 30 days (docs/decisions/retention-and-erasure.md).
 */
export const RETENTION_DEFAULTS: Readonly<Record<RetentionKind, number | null>> = {
  usageRecords: 730,
  sessions: 365,
  classificationOutcomes: 90,
  learnedEvidence: 365,
  mail: 30,
};

const retentionDays = z
  .number({ error: 'must be a number of days, or null to keep forever' })
  .int('must be a whole number of days')
  .min(RETENTION_LIMITS.minDays, `must be at least ${RETENTION_LIMITS.minDays} day`)
  .max(RETENTION_LIMITS.maxDays, `must be at most ${RETENTION_LIMITS.maxDays} days (10 years)`)
  .nullable();

/** The account's retention, whole: days per kind, null to keep forever. */
export const retentionPolicy = z.strictObject({
  /** Block uses (`sentautoresponses`), by when the block was inserted. */
  usageRecords: retentionDays,
  /** Usage sessions, by when they ended. */
  sessions: retentionDays,
  /** Answers to the classification question, with the email text they were about, by when they were given. */
  classificationOutcomes: retentionDays,
  /** What each team learned from its choices (hashed terms), by when it was last raised. */
  learnedEvidence: retentionDays,
  /** Mail sent or given up on to the account's people (invitations, codes, reminders), by when it was queued. */
  mail: retentionDays,
});
export type RetentionPolicy = z.infer<typeof retentionPolicy>;

/** `GET .../retention`: the account's retention and what it is where nothing was chosen. */
export const retentionSettings = z.object({
  policy: retentionPolicy,
  defaults: retentionPolicy,
  /** When the policy was last changed; null while the account has the defaults. */
  updatedAt: z.string().nullable(),
});
export type RetentionSettings = z.infer<typeof retentionSettings>;

/** `POST .../members/{memberId}/erase`: the person's email address, typed again to confirm. */
export const eraseMemberInput = z.object({ email: memberEmail });
export type EraseMemberInput = z.input<typeof eraseMemberInput>;

/** What an erasure did: rows deleted and rows kept without the person's identity, by table. */
export const erasureReport = z.object({
  /** The anonymous id their kept records carry now. */
  anonymousId: z.string(),
  deleted: z.record(z.string(), z.number().int()),
  anonymised: z.record(z.string(), z.number().int()),
  /** Whether their sign-in was deleted from the user pool (not when the address is still a member elsewhere). */
  signInDeleted: z.boolean(),
});
export type ErasureReport = z.infer<typeof erasureReport>;

/** `GET .../members/{memberId}/data`: one table of the export. */
export const personDataTable = z.object({
  table: z.string(),
  /** The privacy page's heading of the table's category. */
  category: z.string(),
  columns: z.array(z.string()),
  /** Columns left out: credentials, never exported. */
  withheld: z.array(z.string()),
  rows: z.array(z.record(z.string(), z.unknown())),
});

export const personDataExport = z.object({
  person: z.object({ _id: z.string(), email: z.string(), name: z.string().nullable() }),
  account: z.object({ _id: z.string(), name: z.string() }),
  exportedAt: z.string(),
  /** What the export leaves to the operator: rows kept outside any one account when the address is a member elsewhere. */
  note: z.string(),
  tables: z.array(personDataTable),
});
export type PersonDataExport = z.infer<typeof personDataExport>;

export const PERSON_DATA_FORMATS = ['json', 'csv'] as const;
export type PersonDataFormat = (typeof PERSON_DATA_FORMATS)[number];

/** `GET .../members/{memberId}/export?format=json|csv`: JSON (the default), or CSV files in a zip, one per table. */
export const personDataQuery = z.object({ format: z.enum(PERSON_DATA_FORMATS).default('json') });
