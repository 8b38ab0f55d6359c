import { z } from './zod';
import { objectId } from './common';

/** `GET /accounts?id=` → the account (rules §3 "Account"). */
export const account = z.object({
  _id: objectId,
  name: z.string(),
  hasPhoneFlowAccess: z.boolean(),
  emailClassificationFeature: z.object({ on: z.boolean(), teams: z.array(objectId) }),
  /** The address the customer-support box offers; null or absent: the product's own. */
  supportEmail: z.string().nullable().optional(),
  /** How many blocks Home's Frequently Used group shows; null or absent: the deployment's number. */
  numMostFreqAutoResponses: z.number().int().nullable().optional(),
  /** The languages its blocks are written in, English first (src/domain/languages.ts); absent: English only. */
  languages: z.array(z.string()).optional(),
});
export type Account = z.infer<typeof account>;

export const accountQuery = /* @__PURE__ */ z.object({ id: objectId });
