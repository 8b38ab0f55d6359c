import { isGrantShaped } from './picker-grants';

/**
 * The picker page's address carries only its grant (see picker-grants.ts): which frame it serves is
 * the background's answer to that grant, never something the address can name. The query string
 * is used (not the hash) because the shared app routes with the hash.
 */
export function pickerUrl(pageUrl: string, grant: string): string {
  const url = new URL(pageUrl);
  url.searchParams.set('grant', grant);
  return url.toString();
}

/** The grant in the picker page's query string, or null when it is missing or not a grant's shape. */
export function parsePickerGrant(search: string): string | null {
  const grant = new URLSearchParams(search).get('grant');
  return isGrantShaped(grant) ? grant : null;
}
