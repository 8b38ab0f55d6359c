/**
 * The email classifier (server/classifier) measured the way the product trains it: on the seed
 * corpus's training split plus the demo account's blocks of its classification teams (labelled by
 * team name), then scored on the seed corpus's held-out split (every fifth email, never trained
 * on). Also times classifying one email, in-process (server-side cleaning, words, prediction) and
 * through `POST /api/classify` with `app.request()` on an in-memory PGlite holding the demo
 * account (feature rule, version query, cleaning, model, JSON).
 */
import { eq } from 'drizzle-orm';
import type { BenchRow, BenchTable } from '../report';
import { median, percentile, round3, settle } from '../stats';
import type { EvalSection } from './section';
import { createApp } from '../../server/app';
import { createTokenVerifier } from '../../server/auth/verifier';
import { openDatabase } from '../../server/db/database';
import { users } from '../../server/db/schema';
import { createLogger } from '../../server/logger';
import { seedDemo } from '../../server/seed';
import { DEMO_BLOCKS, DEMO_TEAMS, DEMO_USERS } from '../../server/seed/demo-data';
import { addModels, predict, type NaiveBayesModel } from '../../server/classifier/naive-bayes';
import { SEED_CORPUS, SEED_HELD_OUT, SEED_TRAINING } from '../../server/classifier/seed-corpus';
import { blocksModel, seedModel } from '../../server/classifier/service';
import { classifierWords, cleanEmailText } from '../../server/classifier/words';
import { makeTestIssuer } from '../../tests/server/support/tokens';

const TARGETS = { accuracy: 0.95, p95Ms: 20 } as const;

/** A typical inbound email: greeting, a few paragraphs, a signature and a quoted earlier message. */
const TYPICAL_EMAIL = [
  'Hello,',
  '',
  'I hope this is the right place to ask. My husband and I moved from 2214 Alder Creek Road to an apartment downtown in August,',
  'and I am not sure our voter registration followed us. We both received mail ballots at the old address last year. Do we need',
  'to register again, or can you update the address for us? Also, where would our new polling place be for the November election,',
  'and is there still early voting at the library? My husband works nights, so a drop box that is open late would help a lot.',
  '',
  'Thank you for your help,',
  'Maria Gonzalez',
  '(555) 014-2231',
  '',
  '-----Original Message-----',
  'From: Elections Division <elections@aldercounty.example>',
  'Sent: Monday, October 6, 2026 9:12 AM',
  'To: Maria Gonzalez <maria.g@example.com>',
  'Subject: RE: Voting question',
  '',
  '> Thank you for contacting the Elections Division. Your message has been received and a staff member will reply within two business days.',
].join('\n');

/** The demo account's classification teams (server/seed.ts turns the feature on for both). */
const DEMO_CLASSIFICATION_TEAMS = [DEMO_TEAMS.elections, DEMO_TEAMS.recorder];

function demoBlocksModel(): NaiveBayesModel {
  const teamName = new Map<string, string>(DEMO_CLASSIFICATION_TEAMS.map((team) => [team.id, team.name]));
  return blocksModel(
    DEMO_BLOCKS.flatMap((block) => {
      const name = teamName.get(DEMO_TEAMS[block.team].id);
      return name ? [{ name: block.name, body: block.body, teamName: name }] : [];
    }),
  );
}

function accuracy(model: NaiveBayesModel) {
  let right = 0;
  const wrong: string[] = [];
  for (const email of SEED_HELD_OUT) {
    const { prediction } = predict(model, classifierWords(cleanEmailText(email.text)));
    if (prediction === email.label) right += 1;
    else wrong.push(`${email.label} read as ${prediction}: "${email.text.slice(0, 60)}"`);
  }
  return { accuracy: Number((right / SEED_HELD_OUT.length).toFixed(4)), right, wrong };
}

function timeRow(engine: string, samples: number[], baseline?: number): BenchRow {
  const med = median(samples);
  return {
    engine,
    n: samples.length,
    median_ms: round3(med),
    p95_ms: round3(percentile(samples, 0.95)),
    ratio: baseline === undefined ? '1.00' : (med / baseline).toFixed(2),
  };
}

function timeInProcess(model: NaiveBayesModel, texts: string[], rounds: number): number[] {
  const samples: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    for (const text of texts) {
      const started = performance.now();
      predict(model, classifierWords(cleanEmailText(text)));
      samples.push(performance.now() - started);
    }
  }
  return samples;
}

/** `POST /api/classify` as the demo admin of Elections and Recorder, `count` times per text. */
async function timeHttp(texts: string[], count: number): Promise<number[]> {
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    await database.migrate();
    await seedDemo(database.db);
    const issuer = await makeTestIssuer('cognito');
    const morgan = DEMO_USERS.find((user) => user.teams.includes(DEMO_TEAMS.recorder.id))!;
    await database.db.update(users).set({ cognitoSub: 'bench-morgan' }).where(eq(users.id, morgan.id));
    const token = await issuer.idToken('bench-morgan');
    const app = createApp({
      services: {
        database,
        logger: createLogger('silent'),
        verifyIdToken: createTokenVerifier([issuer.trusted]),
        allowedOrigins: [],
        clientConfig: { userPool: { poolId: 'bench', clientId: 'bench', endpoint: null }, sso: null },
      },
      rateLimit: { limit: 1_000_000, windowMs: 60_000 },
    });
    const call = async (text: string) => {
      const response = await app.request('/api/classify', {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ text }),
      });
      if (response.status !== 200) throw new Error(`POST /api/classify answered ${response.status}: ${await response.text()}`);
      await response.json();
    };
    for (const text of texts.slice(0, 20)) await call(text); // the first builds the account's model
    await settle(500);
    const samples: number[] = [];
    for (let round = 0; round < count; round += 1) {
      for (const text of texts) {
        const started = performance.now();
        await call(text);
        samples.push(performance.now() - started);
      }
    }
    return samples;
  } finally {
    await database.close();
  }
}

export async function evaluateClassifier(): Promise<EvalSection> {
  const seedOnly = seedModel();
  const product = addModels(seedOnly, demoBlocksModel());
  const scored = accuracy(product);
  const seedScored = accuracy(seedOnly);

  const heldOutTexts = SEED_HELD_OUT.map((email) => email.text);
  timeInProcess(product, [...heldOutTexts, TYPICAL_EMAIL], 20); // warm-up
  await settle(500);
  const short = timeInProcess(product, heldOutTexts, 20);
  const typical = timeInProcess(product, [TYPICAL_EMAIL], 1000);
  const http = await timeHttp([TYPICAL_EMAIL, ...heldOutTexts.slice(0, 9)], 30);

  const typicalP95 = percentile(typical, 0.95);
  const httpP95 = percentile(http, 0.95);
  const met = {
    accuracy: scored.accuracy >= TARGETS.accuracy,
    p95InProcess: typicalP95 <= TARGETS.p95Ms,
    p95Http: httpP95 <= TARGETS.p95Ms,
  };
  const baseline = median(typical);
  const table: BenchTable = {
    title: `Email classifier (naive Bayes): ${SEED_HELD_OUT.length} held-out emails of ${SEED_CORPUS.length}, trained on ${SEED_TRAINING.length} + demo blocks`,
    rows: [
      timeRow(`in-process, typical email (${TYPICAL_EMAIL.length} chars)`, typical),
      timeRow('in-process, held-out emails (short)', short, baseline),
      timeRow('POST /api/classify (app.request, PGlite)', http, baseline),
    ],
    notes: [
      `held-out accuracy ${scored.accuracy} (${scored.right}/${SEED_HELD_OUT.length}); seed corpus alone ${seedScored.accuracy}`,
      `targets: accuracy >= ${TARGETS.accuracy}, p95 <= ${TARGETS.p95Ms} ms; met: accuracy ${met.accuracy}, p95 in-process ${met.p95InProcess}, p95 HTTP ${met.p95Http}`,
      `misclassified: ${scored.wrong.join(' | ') || 'none'}`,
    ],
  };
  return {
    results: {
      model: 'multinomial naive Bayes, Porter stems, Laplace smoothing',
      corpus: { emails: SEED_CORPUS.length, training: SEED_TRAINING.length, heldOut: SEED_HELD_OUT.length, demoBlocks: product.docs[0] + product.docs[1] - SEED_TRAINING.length },
      n: SEED_HELD_OUT.length,
      accuracy: scored.accuracy,
      seedOnlyAccuracy: seedScored.accuracy,
      misclassified: scored.wrong,
      classifyMs: {
        inProcessTypical: { n: typical.length, median: round3(median(typical)), p95: round3(typicalP95) },
        inProcessShort: { n: short.length, median: round3(median(short)), p95: round3(percentile(short, 0.95)) },
        http: { n: http.length, median: round3(median(http)), p95: round3(httpP95) },
      },
      targets: TARGETS,
      met: met.accuracy && met.p95InProcess && met.p95Http,
      metByTarget: met,
    },
    table,
  };
}
