import type { ServerConfig } from './config';
import type { Db } from './db/database';
import { createMailer, createUserPool, loadIdentityConfig } from './identity';
import type { Logger } from './logger';

/** The built-in user pool as the environment configures it (see server/identity/README.md). */
export function openUserPool(db: Db, config: ServerConfig, logger: Logger) {
  const identity = loadIdentityConfig();
  return createUserPool({
    db,
    poolId: identity.poolId,
    clientId: identity.clientId,
    // Tokens name the public origin as issuer, whichever address a client used to reach the pool.
    issuerBase: `${config.publicOrigin}/identity`,
    lifetimes: identity.lifetimes,
    logger,
    mailer: createMailer({ smtpUrl: identity.smtpUrl, from: identity.mailFrom }),
    devOutbox: identity.devOutbox,
    corsOrigins: config.allowedOrigins,
    ...(identity.dataKey ? { dataKey: identity.dataKey } : {}),
  });
}
