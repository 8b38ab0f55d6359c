import { z } from './zod';
import { lineText } from './text';

/** A 24-hex identifier (rules §3 "Object identifier"), upper or lower case. */
export const objectId = z
  .string()
  .regex(/^[0-9a-fA-F]{24}$/, 'must be a 24-character hexadecimal id')
  .transform((id) => id.toLowerCase());

export const supportedContext = z.enum(['outlook', 'gmail', 'text_input']);
export type SupportedContext = z.infer<typeof supportedContext>;

export const attachment = z.object({
  name: lineText(255).trim().min(1),
  url: z.url({ protocol: /^https?$/ }).max(2048),
});

/** An ISO-8601 timestamp with a time zone, as the client sends `timeSent`, `startTime` and `endTime`. */
export const isoTime = z.iso.datetime({ offset: true });

/** `?teams=a,b` or `?teams=a&teams=b`: both shapes are in use (rules §7). */
export const teamsQuery = /* @__PURE__ */ z
  .union([z.string(), z.array(z.string())])
  .transform((value) => (Array.isArray(value) ? value : [value]).flatMap((part) => part.split(',')).map((part) => part.trim()).filter(Boolean))
  .pipe(z.array(objectId).max(200));

/** The caller's address as the client sends it; the server records the signed-in caller's own. */
export const userEmailField = lineText(320);

/** A Cognito or Microsoft subject as the client sends it. */
export const subField = lineText(256).nullish();

/** The error body of every failed API call. */
export const apiError = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});
export type ApiError = z.infer<typeof apiError>;
