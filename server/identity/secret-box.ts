/**
 * Secrets the pool must read back (authenticator secrets) are sealed at rest: AES-256-GCM under
 * the pool's data key, with the owner's user id as associated data, so a sealed value copied to
 * another user's row does not open. A sealed value is `v1.<base64 of iv | ciphertext | tag>`; the
 * version prefix lets a later format or key sit beside this one.
 *
 * The data key is CANNERY_POOL_DATA_KEY (32 bytes, base64; config.ts). Without it (development)
 * the pool generates a key once and keeps it in `identity_data_keys`, which keeps the secrets out
 * of casual view but not from anyone who can read the database: production sets the variable.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { identityDataKeys } from './schema';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const DATA_KEY_BYTES = 32;

/** Seals `plaintext` for the user `userId`. */
export function seal(key: Buffer, userId: string, plaintext: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(userId, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64')}`;
}

/** Opens a sealed value of `userId`; throws when it was sealed for someone else, altered or under another key. */
export function open(key: Buffer, userId: string, sealed: string): string {
  const [version, payload] = sealed.split('.');
  if (version !== VERSION || !payload) throw new Error('Unknown sealed-secret format');
  const bytes = Buffer.from(payload, 'base64');
  if (bytes.length < IV_BYTES + TAG_BYTES) throw new Error('Sealed secret too short');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(userId, 'utf8'));
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
  return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]).toString('utf8');
}

/** The data key kept in the database for a pool without CANNERY_POOL_DATA_KEY, created on first use. */
export async function storedDataKey(db: Db, poolId: string, now: Date): Promise<Buffer> {
  await db
    .insert(identityDataKeys)
    .values({ poolId, key: randomBytes(DATA_KEY_BYTES).toString('base64'), createdAt: now })
    // Another instance may have created it at the same moment: keep theirs.
    .onConflictDoNothing();
  const [row] = await db.select().from(identityDataKeys).where(eq(identityDataKeys.poolId, poolId)).limit(1);
  if (!row) throw new Error(`The data key of pool ${poolId} could not be created`);
  return Buffer.from(row.key, 'base64');
}

/** Reads CANNERY_POOL_DATA_KEY: 32 bytes in base64, or unset. */
export function parseDataKey(value: string | undefined): Buffer | undefined {
  if (value === undefined || value === '') return undefined;
  const key = Buffer.from(value, 'base64');
  if (key.length !== DATA_KEY_BYTES || key.toString('base64') !== value.trim()) {
    throw new Error('CANNERY_POOL_DATA_KEY must be 32 bytes in base64 (openssl rand -base64 32)');
  }
  return key;
}
