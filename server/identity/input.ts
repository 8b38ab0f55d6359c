/**
 * What the pool accepts in a request body, checked in one place before any operation runs.
 *
 * Every string in a request keeps the project's text rule (src/api/contract/text.ts): no control
 * characters (NUL above all: PostgreSQL refuses it), no unpaired surrogates, and, in the one-line
 * fields (usernames, codes, client ids, session handles, tokens, attribute values), no line
 * breaks, tabs or direction controls. Each field the pool reads has a length limit and must be a
 * string; each map must hold strings only. A request that breaks a rule gets
 * InvalidParameterException naming the field, never an echo of the value.
 *
 * Passwords may hold any printable character, spaces and direction controls included (they are
 * never shown, and a right-to-left passphrase may carry them), but no control character at all,
 * tab and line breaks included, and no unpaired surrogate (it has no UTF-8 form, so the verifier
 * would be computed from something other than what was typed).
 */
import { textProblem } from '../../src/api/contract/text';
import type { PoolContext } from './context';
import { CognitoError, invalidParameter, missingParameter } from './errors';
import type { OperationInput } from './types';

interface TextRule {
  kind: 'line' | 'password' | 'multiline';
  /** In UTF-16 code units, as `String.length` counts them. */
  max: number;
}

const line = (max: number): TextRule => ({ kind: 'line', max });
/** Cognito's limit on password length. */
const PASSWORD: TextRule = { kind: 'password', max: 256 };
/** Cognito's limits: usernames and client ids 128, codes and session handles 2048. */
const USERNAME = line(128);
const CLIENT_ID = line(128);
const CODE = line(2048);
const SESSION = line(2048);
/** Well above our access tokens (RS256 JWTs with Cognito's claims) and refresh tokens (64 characters). */
const TOKEN = line(4096);

/** The top-level string fields of the operations the pool serves. */
export const FIELD_RULES: Readonly<Record<string, TextRule>> = {
  ClientId: CLIENT_ID,
  AuthFlow: line(64),
  ChallengeName: line(64),
  Session: SESSION,
  Username: USERNAME,
  ConfirmationCode: CODE,
  Password: PASSWORD,
  PreviousPassword: PASSWORD,
  ProposedPassword: PASSWORD,
  AccessToken: TOKEN,
  RefreshToken: TOKEN,
  Token: TOKEN,
  ClientSecret: line(128),
  SecretHash: line(128),
  /** Authenticator codes are 6 digits; anything else is a wrong code, up to this length. */
  UserCode: line(64),
  FriendlyDeviceName: line(256),
  /** `<region>_<uuid>`: about 50 characters. */
  DeviceKey: line(128),
  /** Cognito's limit; Amplify sends its user agent. */
  DeviceName: line(1024),
  DeviceRememberedStatus: line(32),
  PaginationToken: line(2048),
  /** Admin operations (admin-protocol.ts): Cognito's limit on a pool id. */
  UserPoolId: line(55),
  TemporaryPassword: PASSWORD,
  MessageAction: line(16),
};

/** Whole numbers the pool reads, with their bounds (Cognito's: ListDevices takes at most 60). */
export const NUMBER_RULES: Readonly<Record<string, { min: number; max: number }>> = {
  Limit: { min: 0, max: 60 },
};

type ObjectEntryRule = TextRule | 'boolean';
const MFA_SETTINGS: Readonly<Record<string, ObjectEntryRule>> = { Enabled: 'boolean', PreferredMfa: 'boolean' };

/** Objects of named fields the pool reads, each field with its rule; other fields are refused. */
export const OBJECT_RULES: Readonly<Record<string, Readonly<Record<string, ObjectEntryRule>>>> = {
  /** A 3072-bit verifier is 385 bytes (516 base64 characters); Amplify's salt is 16 or 17 bytes. */
  DeviceSecretVerifierConfig: { PasswordVerifier: line(1024), Salt: line(256) },
  SoftwareTokenMfaSettings: MFA_SETTINGS,
  SMSMfaSettings: MFA_SETTINGS,
  EmailMfaSettings: MFA_SETTINGS,
};

/** The entries of AuthParameters and ChallengeResponses the pool reads. */
export const ENTRY_RULES: Readonly<Record<string, TextRule>> = {
  USERNAME,
  PASSWORD,
  NEW_PASSWORD: PASSWORD,
  /** A 3072-bit number in hexadecimal is 768 digits. */
  SRP_A: line(1024),
  REFRESH_TOKEN: TOKEN,
  SECRET_HASH: line(128),
  DEVICE_KEY: line(128),
  PASSWORD_CLAIM_SECRET_BLOCK: SESSION,
  PASSWORD_CLAIM_SIGNATURE: line(256),
  TIMESTAMP: line(64),
  SOFTWARE_TOKEN_MFA_CODE: line(64),
  ANSWER: line(64),
};

/** Any other map entry: attribute values (`userAttributes.*`), client metadata. */
const OTHER_ENTRY = line(2048);
const ENTRY_NAME = line(128);
/** The maps of string to string a request may carry. */
const MAP_FIELDS = new Set(['AuthParameters', 'ChallengeResponses', 'ClientMetadata']);
/** Fields the pool does not read (analytics, context data) keep the text rule too, at any depth up to this. */
const MAX_DEPTH = 8;
const OTHER_TEXT: TextRule = { kind: 'multiline', max: Number.POSITIVE_INFINITY };

function problemOf(value: string, rule: TextRule): string | undefined {
  if (value.length > rule.max) return `must be at most ${rule.max} characters`;
  if (rule.kind !== 'password') return textProblem(value, rule.kind);
  return textProblem(value, 'multiline') ?? (/[\t\n\r]/.test(value) ? 'must not contain control characters' : undefined);
}

function checkText(value: unknown, name: string, rule: TextRule): void {
  if (value === undefined || value === null) return;
  if (typeof value !== 'string') throw invalidParameter(`${name} must be a string`);
  const problem = problemOf(value, rule);
  if (problem) throw invalidParameter(`${name} ${problem}`);
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function checkMap(value: unknown, name: string): void {
  if (value === undefined || value === null) return;
  if (!isPlainObject(value)) throw invalidParameter(`${name} must be a map of strings`);
  for (const [key, item] of Object.entries(value)) {
    if (problemOf(key, ENTRY_NAME)) throw invalidParameter(`${name} has an entry name that is too long or holds control characters`);
    const rule = Object.hasOwn(ENTRY_RULES, key) ? ENTRY_RULES[key] : undefined;
    checkText(item, rule ? key : `${name} entry`, rule ?? OTHER_ENTRY);
  }
}

function checkNumber(value: unknown, name: string, rule: { min: number; max: number }): void {
  if (value === undefined || value === null) return;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < rule.min || value > rule.max) {
    throw invalidParameter(`${name} must be a whole number from ${rule.min} to ${rule.max}`);
  }
}

function checkObject(value: unknown, name: string, rules: Readonly<Record<string, ObjectEntryRule>>): void {
  if (value === undefined || value === null) return;
  if (!isPlainObject(value)) throw invalidParameter(`${name} must be an object`);
  for (const [key, item] of Object.entries(value)) {
    const rule = Object.hasOwn(rules, key) ? rules[key] : undefined;
    if (!rule) throw invalidParameter(`${name} has a field this operation does not take`);
    // Named by their key, as map entries are.
    if (rule !== 'boolean') checkText(item, key, rule);
    else if (item !== undefined && item !== null && typeof item !== 'boolean') throw invalidParameter(`${key} must be true or false`);
  }
}

/** A field name safe to repeat in a message: one the client chose, but plain. */
const nameForMessage = (key: string) => (/^[A-Za-z][\w.-]{0,63}$/.test(key) ? key : 'A field');

function checkOther(value: unknown, name: string, depth: number): void {
  if (depth > MAX_DEPTH) throw invalidParameter('The request is nested too deeply.');
  if (typeof value === 'string') {
    checkText(value, name, OTHER_TEXT);
  } else if (Array.isArray(value)) {
    for (const item of value) checkOther(item, name, depth + 1);
  } else if (isPlainObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (problemOf(key, ENTRY_NAME)) throw invalidParameter(`${name} has a field name that is too long or holds control characters`);
      checkOther(item, `${name}.${nameForMessage(key)}`, depth + 1);
    }
  }
}

/**
 * Refuses a request body with a string that breaks the text rule or its field's limit, or a value
 * of the wrong type where the pool expects a string or a map; throws InvalidParameterException.
 */
export function checkInput(input: OperationInput): void {
  for (const [key, value] of Object.entries(input)) {
    if (Object.hasOwn(FIELD_RULES, key)) checkText(value, key, FIELD_RULES[key]!);
    else if (MAP_FIELDS.has(key)) checkMap(value, key);
    else if (Object.hasOwn(NUMBER_RULES, key)) checkNumber(value, key, NUMBER_RULES[key]!);
    else if (Object.hasOwn(OBJECT_RULES, key)) checkObject(value, key, OBJECT_RULES[key]!);
    else if (problemOf(key, ENTRY_NAME)) throw invalidParameter('The request has a field name that is too long or holds control characters');
    else checkOther(value, nameForMessage(key), 1);
  }
}

// --- readers (of a body checkInput accepted) ------------------------------------------------------

/** A map of strings, without a prototype, so `__proto__` or `constructor` are just names. */
export type StringMap = Readonly<Record<string, string | undefined>>;

export function optionalString(input: OperationInput, key: string): string | undefined {
  const value = Object.hasOwn(input, key) ? input[key] : undefined;
  return typeof value === 'string' ? value : undefined;
}

export function requiredString(input: OperationInput, key: string, name = key): string {
  const value = optionalString(input, key);
  if (!value) throw missingParameter(name);
  return value;
}

export function optionalNumber(input: OperationInput, key: string): number | undefined {
  const value = Object.hasOwn(input, key) ? input[key] : undefined;
  return typeof value === 'number' ? value : undefined;
}

/** An object field checkInput accepted (OBJECT_RULES), read into an object without a prototype. */
export function optionalObject(input: OperationInput, key: string): Readonly<Record<string, string | boolean | undefined>> | undefined {
  const value = Object.hasOwn(input, key) ? input[key] : undefined;
  if (!isPlainObject(value)) return undefined;
  const object: Record<string, string | boolean> = Object.create(null) as Record<string, string | boolean>;
  for (const [name, item] of Object.entries(value)) if (typeof item === 'string' || typeof item === 'boolean') object[name] = item;
  return object;
}

export function stringMap(input: OperationInput, key: string): StringMap {
  const map: Record<string, string> = Object.create(null) as Record<string, string>;
  const value = Object.hasOwn(input, key) ? input[key] : undefined;
  if (isPlainObject(value)) for (const [name, item] of Object.entries(value)) if (typeof item === 'string') map[name] = item;
  return map;
}

/** The request's app client id, which must be this pool's (ResourceNotFoundException otherwise). */
export function requireClient(context: Pick<PoolContext, 'clientId'>, input: OperationInput): string {
  const requested = requiredString(input, 'ClientId');
  if (requested !== context.clientId) throw new CognitoError('ResourceNotFoundException', `User pool client ${requested} does not exist.`);
  return requested;
}
