/**
 * The signature of the email a block is used for (`src/domain/email-signature.ts`): hashed terms
 * of its scrubbed text, never the text, for the use's record to teach the team. Null when no email
 * is open (the any-text-field picker, a compose without a body) or it says nothing. This module
 * comes in the learning chunk (`learning-lazy.ts`), and the scrubbing (`scrubbing.ts`, the
 * classifier's) is loaded at the first use with an email open, never for the first screen.
 */
import type { MailItem } from '../../hosts/host';
import type { SupportedContext } from '../api/contract/common';
import { emailSignature } from '../domain/email-signature';
import { loadScrubbing } from './scrubbing';

/** Never rejects: a signature that cannot be made is null, and the use is recorded without it. */
export async function emailSignatureOf(email: MailItem | null | undefined, context: SupportedContext): Promise<string[] | null> {
  if (!email || context === 'text_input' || email.mode === 'none' || !email.bodyText.trim()) return null;
  try {
    const scrubbing = await loadScrubbing();
    const personNames = [email.sender, ...email.recipients].flatMap((address) => (address?.displayName ? [address.displayName] : []));
    const signature = emailSignature(email.bodyText, (text) => scrubbing.prepare(text, { namesData: scrubbing.namesData, personNames }));
    return signature.length > 0 ? signature : null;
  } catch (error) {
    console.warn('The email signature could not be made; the use is recorded without it', error);
    return null;
  }
}
