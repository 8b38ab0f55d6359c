/**
 * Escaping text for HTML, the one routine every part of Cannery uses (the hosts building a reply
 * or plain-text insertion, the server's small HTML pages): the five characters that can end text
 * or an attribute value become character references.
 */

const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** `text` safe inside HTML element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
}
