/**
 * The signature of an email that travels with the record of a block used for it: the hashed terms
 * (`email-terms.ts`) of the email's own part after personal data is scrubbed from it, so neither
 * the text nor a name, number or address leaves the device.
 *
 * `scrub` is the scrubber the classifier's text goes through (`prepareClassificationText`:
 * `scrub-personal-data.ts` with the census names and the open item's display names, then header
 * lines and punctuation); the task pane loads it, with this module, only when a block is used with
 * an email open, never for its first screen.
 */
import { hashTerms, ownPart, rankedTerms } from './email-terms';

/** The email signature of `emailBody` (plain text, quoted thread included): at most 48 hashed terms of its scrubbed own part. */
export function emailSignature(emailBody: string, scrub: (text: string) => string): string[] {
  const termsOf = (text: string) => (text.trim() ? rankedTerms(scrub(text)) : []);
  return hashTerms(termsOf(ownPart(emailBody, (text) => termsOf(text).length > 0)));
}
