/** `POST /classify` and `POST /classification-accuracy` (rules §7): the optional email classifier. */
import type { ApiClient } from './client';
import { classifyResponse, type Classification, type ClassificationOutcome } from './contract/classification';
import { fitText } from './contract/text';

/** The longest email text the classifier takes (src/api/contract/classification.ts). */
const MAX_EMAIL_TEXT = 50_000;

/**
 * The model's label for the scrubbed text of an email. Email text holds what the API's text rule
 * refuses (Word's vertical tabs, stray NULs), so it is fitted to the rule first.
 */
export async function classifyText(client: ApiClient, text: string, signal?: AbortSignal): Promise<Classification> {
  const body = { text: fitText(text, 'multiline', MAX_EMAIL_TEXT) };
  const { prediction } = await client.request('POST', 'classify', { body, schema: classifyResponse, ...(signal ? { signal } : {}) });
  return prediction;
}

/** Whether the user agreed with the model; errors are only logged (rules §7). */
export async function postClassificationOutcome(client: ApiClient, outcome: ClassificationOutcome): Promise<void> {
  try {
    await client.request('POST', 'classification-accuracy', { body: { ...outcome, emailBody: fitText(outcome.emailBody, 'multiline', MAX_EMAIL_TEXT) } });
  } catch (error) {
    console.warn('Recording the classification outcome failed', error);
  }
}
