import { z } from './zod';
import { objectId } from './common';

/** `GET /user-info` → `{ user }` (rules §3 "User"). */
export const user = z.object({
  _id: objectId,
  email: z.string(),
  account: objectId,
  teams: z.array(objectId),
  adminTeams: z.array(objectId),
  /** Manages the account's people, teams and settings (the admin app's People, Teams and Settings). */
  accountAdmin: z.boolean().optional(),
  cognitoAuth: z.object({ sub: z.string() }).optional(),
  microsoftAuth: z.object({ sub: z.string() }).optional(),
});
export type User = z.infer<typeof user>;

export const userInfoResponse = z.object({ user });
