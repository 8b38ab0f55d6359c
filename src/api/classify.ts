/** `POST /classify` and `POST /classification-accuracy` (spec §7): the optional email classifier. */
import type { ApiClient } from './client';
import { classifyResponse, type Classification, type ClassificationOutcome } from './contract/classification';

/** The model's label for the scrubbed text of an email. */
export async function classifyText(client: ApiClient, text: string, signal?: AbortSignal): Promise<Classification> {
  const { prediction } = await client.request('POST', 'classify', { body: { text }, schema: classifyResponse, ...(signal ? { signal } : {}) });
  return prediction;
}

/** Whether the user agreed with the model; errors are only logged (spec §7). */
export async function postClassificationOutcome(client: ApiClient, outcome: ClassificationOutcome): Promise<void> {
  try {
    await client.request('POST', 'classification-accuracy', { body: outcome });
  } catch (error) {
    console.warn('Recording the classification outcome failed', error);
  }
}
