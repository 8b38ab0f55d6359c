import { Hono } from 'hono';
import { ACCOUNT_ROUTES, routePattern } from '../../src/api/contract/paths';
import { and, eq } from 'drizzle-orm';
import type { AppEnv } from '../app-env';
import { created, sentAutoResponse } from '../../src/api/contract/usage';
import { newId } from '../db/ids';
import { createOnce } from '../http/idempotency';
import { blocks } from '../db/schema';
import { sentAutoResponses } from '../db/records-schema';
import { ApiProblem, notFound } from '../errors';
import { idempotencyKeyOf, requireAccountMember, requireTeamMember } from '../auth/middleware';
import { contract } from './contract';
import { DEFAULT_LANGUAGE } from '../../src/domain/languages';
import { DEFAULT_RETENTION_DAYS, learnFromUse } from '../learning/learning';

/**
 * `POST ACCOUNT_ROUTES.blockUses` → 201 `{ _id }`, or 200 with the
 * first record's id when the same `Idempotency-Key` comes again (a retry from the outbox).
 * An `emailSignature` teaches the team (server/learning) in the same transaction as the record,
 * once per record (a retry teaches nothing more), and only for a block of the team that still
 * exists; the signature itself is not kept with the record.
 */
export function blockUseRoutes() {
  const recordUse = contract({ summary: 'Record a use of a block (Idempotency-Key)', body: sentAutoResponse, response: created, status: 201 });
  return new Hono<AppEnv>().post(routePattern(ACCOUNT_ROUTES.blockUses), recordUse, requireAccountMember, requireTeamMember, async (c) => {
    const key = idempotencyKeyOf(c.req.header('Idempotency-Key'));
    const body = await recordUse.body(c);
    const { caller } = c.var;
    const teamId = c.req.param('teamId').toLowerCase();
    if (body.account !== caller.accountId || body.team !== teamId) {
      throw new ApiProblem(400, 'invalid_request', 'Invalid body. account and team must match the path.');
    }
    const { db } = c.var.services.database;
    // A block deleted since it was used is still recorded (the use happened); a block of
    // another team or account is not.
    const [block] = await db.select({ teamId: blocks.teamId, accountId: blocks.accountId }).from(blocks).where(eq(blocks.id, body.autoResponseId)).limit(1);
    if (block && (block.accountId !== caller.accountId || block.teamId !== teamId)) throw notFound('Block');

    const retentionDays = c.var.services.learningRetentionDays ?? DEFAULT_RETENTION_DAYS;
    const record = await db.transaction(async (tx) => {
      const created = await createOnce(
        () => tx
        .insert(sentAutoResponses)
        .values({
          id: newId(),
          accountId: caller.accountId,
          teamId,
          userId: caller.id,
          userEmail: caller.email,
          autoResponseId: body.autoResponseId,
          autoResponseName: body.autoResponseName,
          autoResponseContent: body.autoResponseContent,
          timeSent: new Date(body.timeSent),
          supportedContexts: body.supportedContexts,
          contextUsed: body.contextUsed,
          uiSource: body.uiSource,
          cognitoSub: caller.cognitoSub,
          microsoftSub: caller.microsoftSub,
          categories: body.categories ?? null,
          cc: body.cc ?? null,
          subjectLine: body.subjectLine ?? null,
          attachments: body.attachments ?? null,
          mailbox: body.mailbox ?? null,
          language: body.language ?? DEFAULT_LANGUAGE,
          idempotencyKey: key,
        })
        .onConflictDoNothing()
        .returning({ id: sentAutoResponses.id }),
        () => tx
          .select({ id: sentAutoResponses.id })
          .from(sentAutoResponses)
          .where(and(eq(sentAutoResponses.userId, caller.id), eq(sentAutoResponses.idempotencyKey, key ?? ''))),
      );
      if (created.created && block && body.emailSignature?.length) {
        await learnFromUse(tx, { accountId: caller.accountId, teamId, blockId: body.autoResponseId, signature: body.emailSignature, at: new Date(), retentionDays });
      }
      return created;
    });
    return c.json({ _id: record.id }, record.created ? 201 : 200);
  });
}
