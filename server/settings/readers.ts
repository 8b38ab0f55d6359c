/**
 * The zod schemas settings are read with (server/settings/schema.ts): each takes the raw value from
 * the environment, or undefined when unset, and the variable's name, which its messages quote.
 */
import { z } from 'zod';
import { intFrom, wholeNumber } from './values';

/** A schema from a reader that throws a message naming the variable. */
export function reader<T>(read: (value: string | undefined, name: string) => T): (name: string) => z.ZodType<T, string | undefined> {
  return (name) =>
    z
      .string()
      .optional()
      .transform((value, context) => {
        try {
          return read(value, name);
        } catch (error) {
          context.addIssue({ code: 'custom', message: error instanceof Error ? error.message : String(error) });
          return z.NEVER;
        }
      });
}

/** Text as set, trimmed; blank reads as unset. */
export const text = reader((value) => value?.trim() || undefined);
/** Text as set, untrimmed (secrets and URLs are used as given); empty reads as unset. */
export const raw = reader((value) => value || undefined);
/** `1` (or `true` where given) turns it on. */
export const flag = (alsoTrue = false) => reader((value) => value === '1' || (alsoTrue && value === 'true'));
export const port = (fallback: number) => reader((value, name) => intFrom(value, fallback, name));
export const mailNumber = (fallback: number, min: number, max: number) => reader((value, name) => wholeNumber(value, name, fallback, min, max));

