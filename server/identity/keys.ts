import { hkdfSync } from 'node:crypto';
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import {
  calculateJwkThumbprint,
  exportJWK,
  exportPKCS8,
  generateKeyPair,
  importJWK,
  importPKCS8,
  type CryptoKey,
  type JSONWebKeySet,
  type JWK,
  type JWTVerifyGetKey,
} from 'jose';
import type { Db } from '../db/database';
import { identitySigningKeys } from './schema';

export interface ActiveKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
  /** Root of the pool's other secrets (code hashing, decoy salts): derived, never stored twice. */
  secretRoot: Buffer;
}

export interface SigningKeys {
  active(): Promise<ActiveKey>;
  /** Public keys of the pool, retired ones included while tokens they signed may still be live. */
  jwks(): Promise<JSONWebKeySet>;
  /** Key lookup for jose's `jwtVerify`, by `kid`. */
  getKey: JWTVerifyGetKey;
  /** A 32-byte secret for one purpose, derived from the active private key. */
  secret(label: string): Promise<Buffer>;
  /**
   * A 32-byte secret for one purpose that a rotation of the signing key does not change: derived
   * from the pool's first key. For the decoy salts of unknown usernames, which must stay as stable
   * as real users' salts, or asking before and after a rotation would tell the two apart.
   */
  lastingSecret(label: string): Promise<Buffer>;
}

/** How long a retired key still verifies tokens: as long as the longest-lived token it signed may live. */
export interface KeyTrust {
  retiredKeyTrustSeconds: number;
}

/** After an unknown `kid`, the key set is re-read from the database at most this often. */
const RELOAD_INTERVAL_MS = 60_000;

/** Generates an RS256 key pair and stores it as the pool's active key (unless another instance just did). */
export async function createKey(db: Db, poolId: string, now: Date): Promise<void> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const jwk: JWK = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(jwk);
  await db
    .insert(identitySigningKeys)
    .values({
      kid,
      poolId,
      algorithm: 'RS256',
      privateKeyPem: await exportPKCS8(privateKey),
      publicJwk: { ...jwk, kid, alg: 'RS256', use: 'sig' },
      createdAt: now,
    })
    // Another instance may have created the pool's key at the same moment: keep theirs.
    .onConflictDoNothing();
}

/**
 * The pool's signing keys, read from the database once and cached. The first call on an empty
 * database generates an RSA key pair and stores it, so restarts keep sessions valid.
 */
export function signingKeys(db: Db, poolId: string, now: () => Date, trust: KeyTrust): SigningKeys {
  let activeKey: Promise<ActiveKey> | undefined;
  let keySet: Promise<Map<string, { jwk: JWK; key: Promise<CryptoKey>; retiredAt: Date | null }>> | undefined;
  let keySetLoadedAt = 0;
  let lastingRoot: Promise<Buffer> | undefined;

  /**
   * A retired key verifies only the tokens it signed before it was retired, so only for the
   * longest token lifetime after that: a key retired because it leaked stops being trusted then.
   */
  const stillTrusted = (retiredAt: Date | null) => retiredAt === null || now().getTime() - retiredAt.getTime() <= trust.retiredKeyTrustSeconds * 1000;

  const rootOf = (pem: string) => Buffer.from(hkdfSync('sha256', Buffer.from(pem), Buffer.from(poolId), 'cannery identity secrets', 32));

  const loadActive = async (): Promise<ActiveKey> => {
    const activeRow = () =>
      db
        .select()
        .from(identitySigningKeys)
        .where(and(eq(identitySigningKeys.poolId, poolId), isNull(identitySigningKeys.retiredAt)))
        .limit(1);
    let [row] = await activeRow();
    if (!row) {
      await createKey(db, poolId, now());
      [row] = await activeRow();
    }
    if (!row) throw new Error(`The signing key of pool ${poolId} could not be created`);
    const pem = row.privateKeyPem;
    return {
      kid: row.kid,
      privateKey: await importPKCS8(pem, 'RS256'),
      publicJwk: row.publicJwk,
      secretRoot: rootOf(pem),
    };
  };

  const active = () => {
    activeKey ??= loadActive().catch((error: unknown) => {
      activeKey = undefined;
      throw error;
    });
    return activeKey;
  };

  const loadKeySet = async () => {
    // The key this instance signs with is always published, even if its row were gone.
    const signing = await active();
    const rows = await db
      .select({ kid: identitySigningKeys.kid, jwk: identitySigningKeys.publicJwk, retiredAt: identitySigningKeys.retiredAt })
      .from(identitySigningKeys)
      .where(eq(identitySigningKeys.poolId, poolId))
      .orderBy(desc(identitySigningKeys.createdAt));
    keySetLoadedAt = Date.now();
    if (!rows.some((row) => row.kid === signing.kid)) rows.unshift({ kid: signing.kid, jwk: signing.publicJwk, retiredAt: null });
    return new Map(rows.map((row) => [row.kid, { jwk: row.jwk, key: importJWK(row.jwk, 'RS256') as Promise<CryptoKey>, retiredAt: row.retiredAt }]));
  };

  const keys = (reload = false) => {
    if (reload || !keySet) {
      keySet = loadKeySet().catch((error: unknown) => {
        keySet = undefined;
        throw error;
      });
    }
    return keySet;
  };

  return {
    active,
    async jwks() {
      return { keys: [...(await keys()).values()].filter((entry) => stillTrusted(entry.retiredAt)).map((entry) => entry.jwk) };
    },
    async getKey(header) {
      let entry = header.kid ? (await keys()).get(header.kid) : undefined;
      if (!entry && header.kid && Date.now() - keySetLoadedAt > RELOAD_INTERVAL_MS) entry = (await keys(true)).get(header.kid);
      if (!entry || !stillTrusted(entry.retiredAt)) throw new Error('No key of this pool trusted now has this kid');
      return entry.key;
    },
    async secret(label) {
      const { secretRoot } = await active();
      return Buffer.from(hkdfSync('sha256', secretRoot, Buffer.alloc(0), label, 32));
    },
    async lastingSecret(label) {
      lastingRoot ??= (async () => {
        const signing = await active();
        const [first] = await db
          .select({ pem: identitySigningKeys.privateKeyPem })
          .from(identitySigningKeys)
          .where(eq(identitySigningKeys.poolId, poolId))
          .orderBy(asc(identitySigningKeys.createdAt), asc(identitySigningKeys.kid))
          .limit(1);
        // The key this instance signs with, should its row be gone.
        return first ? rootOf(first.pem) : signing.secretRoot;
      })().catch((error: unknown) => {
        lastingRoot = undefined;
        throw error;
      });
      return Buffer.from(hkdfSync('sha256', await lastingRoot, Buffer.alloc(0), label, 32));
    },
  };
}
