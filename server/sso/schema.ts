import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { JWK } from 'jose';

/**
 * Keys of the local work-account stand-in (server/sso/stand-in.ts), one row per stand-in issuer.
 * Kept in the database so that ID tokens it signed keep verifying after a restart of
 * `npm start`; the stand-in's codes, sessions and refresh tokens live in memory only.
 */
export const ssoStandInKeys = pgTable('sso_stand_in_keys', {
  issuer: text('issuer').primaryKey(),
  /** The RS256 private key as a JWK (with `kid`), as oidc-provider takes it. */
  privateJwk: jsonb('private_jwk').$type<JWK>().notNull(),
  /** Signs the stand-in's interaction and session cookies. */
  cookieSecret: text('cookie_secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
