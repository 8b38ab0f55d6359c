import { Hono, type Context } from 'hono';
import { eq } from 'drizzle-orm';
import type { AppEnv } from '../app-env';
import { classificationOutcome, classifyRequest } from '../../src/api/contract/classification';
import { newId } from '../db/ids';
import { accounts, classificationOutcomes } from '../db/schema';
import { ApiProblem, readJson } from '../errors';

/** The spec's feature rule: the account's switch is on and the caller is in one of its teams. */
async function classificationEnabled(c: Context<AppEnv>): Promise<boolean> {
  const { caller } = c.var;
  const [account] = await c.var.services.database.db
    .select({ on: accounts.emailClassificationOn, teams: accounts.emailClassificationTeams })
    .from(accounts)
    .where(eq(accounts.id, caller.accountId))
    .limit(1);
  return Boolean(account?.on && account.teams.some((team) => caller.teamIds.includes(team)));
}

/** `POST /classify` and `POST /classification-accuracy`. */
export function classificationRoutes() {
  const routes = new Hono<AppEnv>();

  routes.post('/classify', async (c) => {
    const body = await readJson(c, classifyRequest);
    if (!(await classificationEnabled(c))) {
      throw new ApiProblem(503, 'classification_off', 'Email classification is not turned on for your teams.');
    }
    const { classifier } = c.var.services;
    if (!classifier) throw new ApiProblem(503, 'classifier_unavailable', 'The email classifier is not available on this server.');
    return c.json({ prediction: await classifier(body.text) });
  });

  routes.post('/classification-accuracy', async (c) => {
    const body = await readJson(c, classificationOutcome);
    if (!(await classificationEnabled(c))) {
      throw new ApiProblem(403, 'classification_off', 'Email classification is not turned on for your teams.');
    }
    const { caller } = c.var;
    const id = newId();
    await c.var.services.database.db.insert(classificationOutcomes).values({
      id,
      accountId: caller.accountId,
      userId: caller.id,
      emailBody: body.emailBody,
      userEmail: caller.email,
      classificationFromModel: body.classificationFromModel,
      actualClassification: body.actualClassification,
      cognitoSub: caller.cognitoSub,
      microsoftSub: caller.microsoftSub,
    });
    return c.json({ _id: id }, 201);
  });

  return routes;
}
