import { z } from './zod';
import { objectId } from './common';

/** `GET /accounts/{accountId}/teams` → the caller's teams. */
export const team = z.object({ _id: objectId, name: z.string() });
export type Team = z.infer<typeof team>;
export const teamList = z.array(team);
