import type { ServerConfig } from './config';
import type { Db } from './db/database';
import { createUserPool, loadIdentityConfig } from './identity';
import type { Logger } from './logger';

/**
 * The built-in user pool as the environment configures it (see server/identity/README.md).
 * `onMailQueued` wakes the server's mail worker (server/mail) when the pool queues a message.
 */
export function openUserPool(db: Db, config: ServerConfig, logger: Logger, onMailQueued?: () => void) {
  const identity = loadIdentityConfig();
  return createUserPool({
    db,
    poolId: identity.poolId,
    clientId: identity.clientId,
    // Tokens name the public origin as issuer, whichever address a client used to reach the pool.
    issuerBase: `${config.publicOrigin}/identity`,
    lifetimes: identity.lifetimes,
    limits: identity.limits,
    logger,
    ...(onMailQueued ? { onMailQueued } : {}),
    devOutbox: identity.devOutbox,
    corsOrigins: config.allowedOrigins,
    ...(identity.dataKey ? { dataKey: identity.dataKey } : {}),
    adminCredentials: identity.adminCredentials,
  });
}
