import type { Database } from './db/database';
import type { Logger } from './logger';

/** What every route can reach through `c.var.services`. */
export interface Services {
  database: Database;
  logger: Logger;
}

export interface AppEnv {
  Variables: { services: Services };
}
