/**
 * Object identifiers (rules §3): a valid identifier is a string of exactly 24 hexadecimal
 * characters, upper or lower case. Anything read back from storage or a URL is checked with this
 * before it is trusted as an id.
 */

const OBJECT_ID = /^[0-9a-fA-F]{24}$/;

/** True when `value` is a string of exactly 24 hexadecimal characters. */
export function isValidObjectId(value: unknown): value is string {
  return typeof value === 'string' && OBJECT_ID.test(value);
}
