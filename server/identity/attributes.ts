/**
 * The user's own attributes: Amplify's `updateUserAttributes` (`UpdateUserAttributes`), and the
 * `name` that `GetUser` and the ID token report. As in a Cognito pool whose app client may write
 * `name` only:
 * - `UserAttributes` is a list of `{ Name, Value }`; `name` is set (trimmed), or removed when its
 *   value is empty or absent. The answer is `{}`: nothing needs a code to confirm.
 * - An attribute of the schema the client may not write (`email`, `email_verified`, `sub`,
 *   `custom:mfa_policy`, the other standard attributes) is `NotAuthorizedException: A client
 *   attempted to write unauthorized attribute`; one that is not in the schema is
 *   `InvalidParameterException: user.<name>: Attribute does not exist in the schema.`
 * - Values are one line of text (no control characters, line breaks, tabs or direction controls:
 *   a name is shown in replies and headers) of at most 2048 characters, Cognito's limit.
 * The request is checked whole before the access token is read, so a malformed request is refused
 * the same way with or without a valid session, and nothing is written unless all of it is acceptable.
 */
import { eq } from 'drizzle-orm';
import { textProblem } from '../../src/api/contract/text';
import type { PoolOperation } from './context';
import { CognitoError, invalidParameter, missingParameter } from './errors';
import { requiredString } from './input';
import { identityUsers } from './schema';
import { userOfAccessToken } from './sessions';

/** Cognito's limit on a string attribute's value. */
export const MAX_ATTRIBUTE_VALUE = 2048;
/** At most this many entries in one request (Cognito's schema has fewer attributes than this). */
const MAX_ATTRIBUTES = 50;
const MAX_ATTRIBUTE_NAME = 32;

/** What the app client may write. */
const WRITABLE = new Set(['name']);
/** Cognito's standard attributes and this pool's own, which exist but which the client may not write. */
export const READ_ONLY = new Set([
  'sub', 'email', 'email_verified', 'phone_number', 'phone_number_verified', 'given_name', 'family_name', 'middle_name',
  'nickname', 'preferred_username', 'profile', 'picture', 'website', 'gender', 'birthdate', 'zoneinfo', 'locale',
  'address', 'updated_at', 'custom:mfa_policy',
]);

export const MESSAGES = {
  unauthorizedAttribute: 'A client attempted to write unauthorized attribute',
} as const;

/** An attribute name as a message may repeat it: a plain one, as attribute names are. */
const ATTRIBUTE_NAME = /^[\w:.-]+$/;
const shown = (name: string) => (ATTRIBUTE_NAME.test(name) ? `user.${name}` : 'user attribute');

/** `name` set to a value, or removed (null). */
type NameChange = { name: string | null } | Record<string, never>;

function readAttributes(input: Record<string, unknown>): NameChange {
  const list = Object.hasOwn(input, 'UserAttributes') ? input.UserAttributes : undefined;
  if (list === undefined || list === null) throw missingParameter('UserAttributes');
  if (!Array.isArray(list)) throw invalidParameter('UserAttributes must be a list of attributes');
  if (list.length > MAX_ATTRIBUTES) throw invalidParameter(`UserAttributes must hold at most ${MAX_ATTRIBUTES} attributes`);
  let change: NameChange = {};
  let unauthorized = false;
  const unknown: string[] = [];
  for (const entry of list as unknown[]) {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) throw invalidParameter('UserAttributes must be a list of attributes');
    const fields = entry as Record<string, unknown>;
    for (const key of Object.keys(fields)) {
      if (key !== 'Name' && key !== 'Value') throw invalidParameter('UserAttributes has an attribute with a field other than Name and Value');
    }
    const name = Object.hasOwn(fields, 'Name') ? fields.Name : undefined;
    const value = Object.hasOwn(fields, 'Value') ? fields.Value : undefined;
    if (typeof name !== 'string' || !name) throw invalidParameter('UserAttributes has an attribute without a Name');
    if (name.length > MAX_ATTRIBUTE_NAME || textProblem(name, 'line')) {
      throw invalidParameter('UserAttributes has an attribute Name that is too long or holds control characters');
    }
    if (value !== undefined && value !== null && typeof value !== 'string') throw invalidParameter(`${shown(name)}: Value must be a string`);
    if (typeof value === 'string') {
      if (value.length > MAX_ATTRIBUTE_VALUE) throw invalidParameter(`${shown(name)}: String must be no longer than ${MAX_ATTRIBUTE_VALUE} characters`);
      const problem = textProblem(value, 'line');
      if (problem) throw invalidParameter(`${shown(name)}: Value ${problem}`);
    }
    if (WRITABLE.has(name)) {
      const trimmed = typeof value === 'string' ? value.trim() : '';
      change = { name: trimmed || null };
    } else if (READ_ONLY.has(name)) unauthorized = true;
    else unknown.push(name);
  }
  // Cognito lists every attribute it does not know, one line each, before judging permissions.
  if (unknown.length > 0) {
    const names = [...new Set(unknown)].filter((name) => ATTRIBUTE_NAME.test(name));
    throw invalidParameter(names.length > 0 ? names.map((name) => `user.${name}: Attribute does not exist in the schema.`).join('\n') : 'Attribute does not exist in the schema.');
  }
  if (unauthorized) throw new CognitoError('NotAuthorizedException', MESSAGES.unauthorizedAttribute);
  return change;
}

/** Amplify's `updateUserAttributes`: see the header. */
export const updateUserAttributes: PoolOperation = async (context, input) => {
  const change = readAttributes(input);
  const { user } = await userOfAccessToken(context, requiredString(input, 'AccessToken'));
  if ('name' in change) {
    await context.db.update(identityUsers).set({ name: change.name, updatedAt: context.now() }).where(eq(identityUsers.id, user.id));
  }
  return {};
};
