/**
 * The signature of an email that travels with the record of a block used for it: the hashed terms
 * (`email-terms.ts`) of the email's own part after personal data is scrubbed from it
 * (`scrub-personal-data.ts`), so neither the text nor a name, number or address leaves the device.
 *
 * The scrubber runs on the part the sender wrote now, with the census names when the caller has
 * loaded them and the open item's display names; the task pane loads this module (and the names)
 * only when a block is used with an email open, never for its first screen.
 */
import { splitEmail } from './email-parts';
import { EMAIL_SIGNATURE_MAX_TERMS, hashTerm, rankedTerms } from './email-terms';
import { scrubPersonalData, type ScrubOptions } from './scrub-personal-data';

/** The email signature of `emailBody` (plain text, quoted thread included): at most 48 hashed terms. */
export function emailSignature(emailBody: string, scrub: ScrubOptions = {}): string[] {
  const main = splitEmail(emailBody).main;
  if (!main.trim()) return [];
  const scrubbed = scrubPersonalData(main, Object.keys(scrub).length > 0 ? scrub : undefined);
  const hashes: string[] = [];
  for (const term of rankedTerms(scrubbed)) {
    const hash = hashTerm(term);
    if (!hashes.includes(hash)) hashes.push(hash);
    if (hashes.length >= EMAIL_SIGNATURE_MAX_TERMS) break;
  }
  return hashes;
}
