import { Hono, type Context } from 'hono';
import type { AppEnv } from '../app-env';
import { classificationOutcome, classifyRequest, classifyResponse, type ClassifyResponse } from '../../src/api/contract/classification';
import { created } from '../../src/api/contract/usage';
import { readAccountClassification, type AccountClassification } from '../classifier/service';
import { cleanEmailText } from '../classifier/words';
import { newId } from '../db/ids';
import type { Db } from '../db/database';
import { classificationOutcomes } from '../db/records-schema';
import { ApiProblem } from '../errors';
import { contract } from './contract';

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

  const classify = contract({
    summary:
      "Classify an email (scrubbed text; scrubbed again by the server): the label and its posterior probability (0.5 to 1), from the account's model; 503 when the feature is off for the caller",
    body: classifyRequest,
    // This server always sends the confidence (the contract keeps it optional for older servers).
    response: classifyResponse.required(),
  });
  routes.post('/classify', classify, async (c) => {
    const body = await classify.body(c);
    const account = await enabledClassification(c);
    if (!account) {
      throw new ApiProblem(503, 'classification_off', 'Email classification is not turned on for your teams.');
    }
    const { classifier } = c.var.services;
    if (!classifier) throw new ApiProblem(503, 'classifier_unavailable', 'The email classifier is not available on this server.');
    const { prediction, confidence } = await classifier.classify(c.var.caller.accountId, cleanEmailText(body.text), account);
    return c.json({ prediction, confidence: roundConfidence(confidence) } satisfies ClassifyResponse);
  });

  const outcome = contract({
    summary: "Record the user's answer to a classification; the model learns it (the body is stored scrubbed)",
    body: classificationOutcome,
    response: created,
    status: 201,
  });
  routes.post('/classification-accuracy', outcome, async (c) => {
    const body = await outcome.body(c);
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
