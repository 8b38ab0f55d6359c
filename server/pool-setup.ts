import type { ServerConfig } from './config';
import type { Db } from './db/database';
import { createUserPool, loadIdentityConfig } from './identity';
import type { Logger } from './logger';

/**
 * The built-in user pool as the environment configures it (see server/identity/README.md).
 * `onMailQueued` wakes the server's mail worker (server/mail) when the pool queues a message.
 */
/** `mail`: wakes the mail worker after the pool queued a message, or `off` when nothing is mailed (CANNERY_MAIL=off). */
export function openUserPool(db: Db, config: ServerConfig, logger: Logger, mail?: (() => void) | 'off', onLockout?: () => void) {
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
    ...(typeof mail === 'function' ? { onMailQueued: mail } : {}),
    mailOff: mail === 'off',
    ...(onLockout ? { onLockout } : {}),
    devOutbox: identity.devOutbox,
    corsOrigins: config.allowedOrigins,
    ...(identity.dataKey ? { dataKey: identity.dataKey } : {}),
    adminCredentials: identity.adminCredentials,
  });
}
