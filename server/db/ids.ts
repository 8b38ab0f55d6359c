import { randomBytes } from 'node:crypto';

/**
 * A new 24-hex identifier, ObjectId-shaped: 4 bytes of seconds since the epoch, then 8 random
 * bytes. Time first keeps ids roughly ordered by creation, which keeps b-tree inserts cheap.
 */
export function newId(now: Date = new Date()): string {
  const seconds = Math.floor(now.getTime() / 1000)
    .toString(16)
    .padStart(8, '0');
  return seconds + randomBytes(8).toString('hex');
}
