/**
 * What an administrator (the admin CLI, the demo seed, tests) does with a pool besides the
 * protocol: create users, set passwords, read the outbox, wait for mail being delivered.
 */
import type { PoolContext } from './context';
import { latestOutbox } from './mailer';
import { createPoolUser, setPoolUserPassword, type CreatePoolUserInput, type SetPoolUserPasswordInput } from './users';

export function poolAdministration(context: PoolContext) {
  const { db, poolId, now, deliveries } = context;
  return {
    /** Creates a user in this pool (see createPoolUser). */
    createUser: (input: Omit<CreatePoolUserInput, 'poolId'>) => createPoolUser(db, { ...input, poolId, now: input.now ?? now() }),
    setPassword: (input: Omit<SetPoolUserPasswordInput, 'poolId'>) => setPoolUserPassword(db, { ...input, poolId, now: input.now ?? now() }),
    latestOutbox: (limit?: number) => latestOutbox(db, limit),
    /** Resolves when mail being delivered has been handed over (or failed). */
    idle: async () => {
      await Promise.all([...deliveries]);
    },
  };
}
