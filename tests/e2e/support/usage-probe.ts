/** Reads what the e2e server stored (support/server.ts runs the probe beside the server). */
import { E2E_PORT } from './servers';

export const probePortFor = (serverPort: number) => serverPort + 10;

/** The rows the probe at `path` answers for `email`. */
async function probe<T>(path: string, email: string): Promise<T[]> {
  const response = await fetch(`http://127.0.0.1:${probePortFor(E2E_PORT)}${path}?email=${encodeURIComponent(email)}`);
  if (!response.ok) throw new Error(`The usage probe answered ${response.status} for ${path}`);
  return (await response.json()) as T[];
}

export interface SentRecordCount {
  autoResponseId: string;
  uiSource: string;
  contextUsed: string;
  n: number;
}

/** The sent-auto-response records of `email`, counted per block, UI source and context. */
export function sentRecordsOf(email: string): Promise<SentRecordCount[]> {
  return probe<SentRecordCount>('/sent-records', email);
}

/** How many sent-auto-response records `email` has. */
export async function sentRecordTotal(email: string): Promise<number> {
  return (await sentRecordsOf(email)).reduce((sum, row) => sum + row.n, 0);
}

/** The mailbox each of `email`'s uses names (null: her own), oldest first. */
export function sentMailboxesOf(email: string): Promise<Array<{ autoResponseId: string; mailbox: string | null }>> {
  return probe('/sent-mailboxes', email);
}

/** The block, its name as inserted and the language of each of `email`'s uses, oldest first. */
export function sentLanguagesOf(email: string): Promise<Array<{ autoResponseId: string; autoResponseName: string; language: string }>> {
  return probe('/sent-languages', email);
}

/** The mailbox each of `email`'s sessions names (null: her own), oldest first. */
export function sessionMailboxesOf(email: string): Promise<Array<{ context: string; mailbox: string | null }>> {
  return probe('/session-mailboxes', email);
}

export interface StoredSuggestion {
  teamId: string;
  name: string;
  body: string;
  supportedContexts: string[];
}

/** The suggested blocks `email` sent, oldest first, as the server stored them. */
export function suggestionsOf(email: string): Promise<StoredSuggestion[]> {
  return probe<StoredSuggestion>('/suggestions', email);
}

export interface StoredClassificationOutcome {
  emailBody: string;
  userEmail: string;
  classificationFromModel: string;
  actualClassification: string;
  cognitoSub: string | null;
  microsoftSub: string | null;
}

/** The answers `email` gave to the classification panel, oldest first, as the server stored them. */
export function classificationOutcomesOf(email: string): Promise<StoredClassificationOutcome[]> {
  return probe<StoredClassificationOutcome>('/classification-outcomes', email);
}

export interface StoredRecordedChecklist {
  phoneFlowId: string;
  name: string;
  tasks: Array<{ name: string; completed: boolean }>;
  blocks: string[];
  blocksSent: string[];
  /** ISO times. */
  startTime: string;
  endTime: string | null;
}

/** The recorded checklists (checklist runs) of `email`, oldest first, as the server stored them. */
export function recordedChecklistsOf(email: string): Promise<StoredRecordedChecklist[]> {
  return probe<StoredRecordedChecklist>('/recorded-checklists', email);
}

export interface StoredSession {
  startTime: string;
  endTime: string;
  context: string;
  teams: string[];
  updateInterval: number;
}

/** The usage sessions of `email`, oldest first. */
export function sessionsOf(email: string): Promise<StoredSession[]> {
  return probe<StoredSession>('/sessions', email);
}
