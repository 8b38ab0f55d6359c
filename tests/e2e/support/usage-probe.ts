/** Reads what the e2e server stored (support/server.ts runs the probe beside the server). */
import { E2E_PORT } from './servers';

export const probePortFor = (serverPort: number) => serverPort + 10;

export interface SentRecordCount {
  autoResponseId: string;
  uiSource: string;
  contextUsed: string;
  n: number;
}

/** The sent-auto-response records of `email`, counted per block, UI source and context. */
export async function sentRecordsOf(email: string): Promise<SentRecordCount[]> {
  const response = await fetch(`http://127.0.0.1:${probePortFor(E2E_PORT)}/sent-records?email=${encodeURIComponent(email)}`);
  if (!response.ok) throw new Error(`The usage probe answered ${response.status}`);
  return (await response.json()) as SentRecordCount[];
}

/** How many sent-auto-response records `email` has. */
export async function sentRecordTotal(email: string): Promise<number> {
  return (await sentRecordsOf(email)).reduce((sum, row) => sum + row.n, 0);
}

export interface StoredSuggestion {
  teamId: string;
  name: string;
  body: string;
  supportedContexts: string[];
}

/** The suggested blocks `email` sent, oldest first, as the server stored them. */
export async function suggestionsOf(email: string): Promise<StoredSuggestion[]> {
  const response = await fetch(`http://127.0.0.1:${probePortFor(E2E_PORT)}/suggestions?email=${encodeURIComponent(email)}`);
  if (!response.ok) throw new Error(`The usage probe answered ${response.status}`);
  return (await response.json()) as StoredSuggestion[];
}
