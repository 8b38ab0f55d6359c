import { Hono, type Context } from 'hono';
import type { AppEnv } from '../app-env';
import { classificationOutcome, classifyRequest, type ClassifyResponse } from '../../src/api/contract/classification';
import { readAccountClassification, type AccountClassification } from '../classifier/service';
import { cleanEmailText } from '../classifier/words';
import { newId } from '../db/ids';
import type { Db } from '../db/database';
import { classificationOutcomes } from '../db/schema';
import { ApiProblem, readJson } from '../errors';

/**
 * The spec's feature rule (the account's switch is on and the caller is in one of its teams), read
 * together with the versions of the account's model. Null when the feature is off for the caller.
 */
async function enabledClassification(c: Context<AppEnv>): Promise<AccountClassification | null> {
  const { caller } = c.var;
  const account = await readAccountClassification(c.var.services.database.db, caller.accountId);
  return account?.on && account.teams.some((team) => caller.teamIds.includes(team)) ? account : null;
}

/** Confidence to four decimals: more digits say nothing and make responses noisy. */
const roundConfidence = (confidence: number) => Math.min(1, Math.max(0.5, Math.round(confidence * 10_000) / 10_000));

/**
 * `POST /classify` and `POST /classification-accuracy`.
 *
 * Every text is scrubbed again here (`cleanEmailText`: the client's own scrubbing and cleaning),
 * whatever the client did: only scrubbed text is classified, learnt from or stored.
 */
export function classificationRoutes() {
  const routes = new Hono<AppEnv>();

  routes.post('/classify', async (c) => {
    const body = await readJson(c, classifyRequest);
    const account = await enabledClassification(c);
    if (!account) {
      throw new ApiProblem(503, 'classification_off', 'Email classification is not turned on for your teams.');
    }
    const { classifier } = c.var.services;
    if (!classifier) throw new ApiProblem(503, 'classifier_unavailable', 'The email classifier is not available on this server.');
    const { prediction, confidence } = await classifier.classify(c.var.caller.accountId, cleanEmailText(body.text), account);
    return c.json({ prediction, confidence: roundConfidence(confidence) } satisfies ClassifyResponse);
  });

  routes.post('/classification-accuracy', async (c) => {
    const body = await readJson(c, classificationOutcome);
    if (!(await enabledClassification(c))) {
      throw new ApiProblem(403, 'classification_off', 'Email classification is not turned on for your teams.');
    }
    const { caller, services } = c.var;
    const id = newId();
    const emailBody = cleanEmailText(body.emailBody);
    const record = async (db: Db) => {
      await db.insert(classificationOutcomes).values({
        id,
        accountId: caller.accountId,
        userId: caller.id,
        emailBody,
        userEmail: caller.email,
        classificationFromModel: body.classificationFromModel,
        actualClassification: body.actualClassification,
        userAnswer: body.userAnswer ?? (body.actualClassification === body.classificationFromModel ? 'yes' : 'no'),
        cognitoSub: caller.cognitoSub,
        microsoftSub: caller.microsoftSub,
      });
    };
    // The user's answer is the label: a Yes confirms the model's, a No gives the other one, and a
    // Neither teaches nothing (the email is about something else): it is only recorded.
    const label = body.actualClassification;
    if (services.classifier && label !== null) await services.classifier.learn(caller.accountId, emailBody, label, record);
    else await record(services.database.db);
    return c.json({ _id: id }, 201);
  });

  return routes;
}
