/**
 * The text sent for email classification (rules §4 "Classification": "the body is read as text and
 * personal data is stripped before sending").
 *
 * Personal data is scrubbed first, while the text still has the punctuation and lines its
 * patterns need (an address's "@" and dots, a phone number's dashes, a "Password:" line); the
 * header and punctuation routine runs second.
 */
import { scrubPersonalData, type ScrubOptions } from './scrub-personal-data';
import { stripEmailNoise } from './strip-email-noise';

/**
 * `bodyText` scrubbed of personal data, header lines and formatting, ready for the classifier.
 * `options` carry the names data and the open item's display names (`scrub-personal-data.ts`).
 */
export function prepareClassificationText(bodyText: string, options: ScrubOptions = {}): string {
  return stripEmailNoise(scrubPersonalData(bodyText, options));
}
