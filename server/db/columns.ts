/** The column kinds every table shares: 24-hex ids, creation times, lists of text. */
import { sql } from 'drizzle-orm';
import { char, text, timestamp } from 'drizzle-orm/pg-core';

export const id = (name = 'id') => char(name, { length: 24 });
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const textList = (name: string) => text(name).array().notNull().default(sql`'{}'::text[]`);
