import { ApiProblem } from '../errors';

/**
 * Creates a record once per `Idempotency-Key`. `insert` must use ON CONFLICT DO NOTHING on the
 * (user, key) unique index; when it inserts nothing, the record of the first attempt is looked up
 * and returned instead, with `created: false`, so a retried request never duplicates.
 */
export async function createOnce(
  insert: () => Promise<Array<{ id: string }>>,
  findExisting: () => Promise<Array<{ id: string }>>,
): Promise<{ id: string; created: boolean }> {
  const [inserted] = await insert();
  if (inserted) return { id: inserted.id, created: true };
  const [existing] = await findExisting();
  // Another request with this key inserted first but its record is not visible yet: the client's
  // outbox retries a 409, and its next attempt is answered with that record.
  if (!existing) throw new ApiProblem(409, 'idempotency_key_in_flight', 'A request with this Idempotency-Key is still being stored; try again.');
  return { id: existing.id, created: false };
}
