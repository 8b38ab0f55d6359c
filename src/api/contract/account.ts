import { z } from './zod';
import { objectId } from './common';

/** `GET /accounts?id=` → the account (spec §3 "Account"). */
export const account = z.object({
  _id: objectId,
  name: z.string(),
  hasPhoneFlowAccess: z.boolean(),
  emailClassificationFeature: z.object({ on: z.boolean(), teams: z.array(objectId) }),
});
export type Account = z.infer<typeof account>;

export const accountQuery = z.object({ id: objectId });
