/**
 * The signature of the email a block is used for (`src/domain/email-signature.ts`): hashed terms
 * of its scrubbed text, never the text, for the use's record to teach the team. Null when no email
 * is open (the any-text-field picker, a compose without a body) or it says nothing. The hashing
 * and the scrubbing (`scrubbing.ts`, the classifier's) are loaded at the first use with an email
 * open, never for the first screen.
 */
import type { MailItem } from '../../../hosts/host';
import type { SupportedContext } from '../../api/contract/common';
import { loadScrubbing } from './scrubbing';

export async function emailSignatureOf(email: MailItem | null | undefined, context: SupportedContext): Promise<string[] | null> {
  if (!email || context === 'text_input' || email.mode === 'none' || !email.bodyText.trim()) return null;
  const [{ emailSignature }, scrubbing] = await Promise.all([import('./learning-lazy'), loadScrubbing()]);
  const personNames = [email.sender, ...email.recipients].flatMap((address) => (address?.displayName ? [address.displayName] : []));
  const signature = emailSignature(email.bodyText, (text) => scrubbing.prepare(text, { namesData: scrubbing.namesData, personNames }));
  return signature.length > 0 ? signature : null;
}
