/**
 * The task pane in real Chromium (Playwright), timed by the performance marks the app emits
 * (src/ui/perf-marks.ts) and by probes in the page (bench/ui-probes.ts), each against a
 * baseline measured in the same run, in the same browser, from the same kind of event:
 *   1. first blocks painted from the cache, 1,000 blocks: `cannery:start` to `cannery:blocks-painted`
 *      on reloads of the playground; baseline: the same reloads with the cache removed (server);
 *   2. search keystroke to rendered results, 2,000 blocks: keydown `timeStamp` to the
 *      `cannery:search-rendered` mark of that query; baseline: a page of ours (ui-probes.ts) doing
 *      a plain `includes` filter over the same prepared text and rendering as many rows;
 *   3. click on a search result to its text in the compose body; baseline: the same click on the
 *      same button inserting the same HTML with `execCommand('insertHTML')` and nothing else;
 *   4. the task pane's initial JavaScript, gzip (scripts/task-pane-js.ts), against its budget.
 * The web app is built into a private folder (while bench/ui-server.ts loads its data), so the run
 * measures the tree as it is and a build of `dist/web` meanwhile cannot pull files from under it.
 * Tables and JSON (top-level key `ui`): bench/ui-report.ts. `BENCH_SKIP_UI=1` skips the suite.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../tests/e2e/support/chromium';
import { BLOCK_CACHE_KEY } from '../src/api/blocks';
import { htmlToText } from '../src/domain/html-to-text';
import { PERF_MARKS } from '../src/ui/perf-marks';
import { measureTaskPaneJs } from '../scripts/task-pane-js';
import type { BenchSuite } from './report';
import { progress } from './stats';
import { UI_USERS, uiBlocksOf, type UiUser } from './ui-data';
import { READY_FD, READY_FD_ENV, readReadyPort } from './ui-handshake';
import {
  SEARCH_BASELINE_HTML,
  installProbes,
  installSearchBaseline,
  type BaselineBlock,
  type FirstPaintSample,
  type ProbeOptions,
  type ProbeWindow,
} from './ui-probes';
import {
  firstPaintReport,
  initialJsReport,
  insertionReport,
  searchReport,
  type FirstPaintRun,
  type InsertionRun,
  type KeystrokeSample,
  type SearchRun,
} from './ui-report';

const ROOT = resolve(import.meta.dirname, '..');
/** Measured reloads per arm, after `WARM_UP_RELOADS` per arm that let Chromium cache compiled code. */
const RELOADS = 15;
const WARM_UP_RELOADS = 1;
/** Typed a character at a time; queries in the corpus's vocabulary, so most keystrokes find blocks. */
const QUERIES = ['voter registration', 'marriage license fee', 'ballot drop box', 'recording fees', 'birth certificate', 'poll worker', 'notary'];
/** Between the result of a keystroke and the next one: a fast typist's rhythm, and time for work the app defers. */
const KEY_GAP_MS = 60;
/** Search results Cannery renders at once (`PAGE` in src/screens/blocks/home.tsx); the baseline renders as many. */
const RESULTS_PAGE = 50;
/** Blocks clicked per arm; the search that lists them. */
const CLICKS = 10;
const CLICK_QUERY = 'fee';
/** The playground polls its mail item every 500 ms (hosts/playground/adapter.ts): let it see each body change outside the timings. */
const ITEM_POLL_SETTLE_MS = 600;

/** The playground's compose body (hosts/playground/mail-simulator.tsx). */
const COMPOSE_BODY = '[role="textbox"][aria-label="Message body"]';
const PROBE_OPTIONS: ProbeOptions = {
  dropCacheFlag: 'cannery-bench:drop-block-cache',
  // Web hosts keep their storage under the `cannery:` prefix (src/platform/web-storage.ts).
  cacheKey: `cannery:${BLOCK_CACHE_KEY}`,
  startMark: PERF_MARKS.start,
  paintedMark: PERF_MARKS.blocksPainted,
};

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** When the suite started, for the elapsed seconds on its progress lines (the suite should stay near 2 minutes). */
let suiteStart = performance.now();
const step = (message: string) => progress(`ui: ${message} [${Math.round((performance.now() - suiteStart) / 1000)} s]`);

function buildWeb(outDir: string): void {
  const built = spawnSync(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'vite.office.config.ts', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`Building the web app for the UI benchmark failed:\n${built.stderr}`);
}

/**
 * Starts bench/ui-server.ts; `port` resolves once it answers (bench/ui-handshake.ts: a descriptor of
 * its own). Its stdout goes to our stderr, so its log lines reach neither the handshake nor
 * `--json`. The child is there at once, to be killed whatever happens.
 */
function startServer(webRoot: string): { child: ChildProcess; port: Promise<number> } {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'bench/ui-server.ts'), webRoot], {
    cwd: ROOT,
    env: { ...process.env, [READY_FD_ENV]: String(READY_FD) },
    stdio: ['ignore', 2, 'inherit', 'pipe'],
  });
  const ready = child.stdio[READY_FD];
  const port = ready instanceof Readable ? readReadyPort(ready) : Promise.reject(new Error('The UI benchmark server has no ready channel.'));
  // Awaited later, or never when the build fails first: not an unhandled rejection then.
  port.catch(() => undefined);
  return { child, port };
}

async function openContext(browser: Browser, base: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 } });
  // tsx compiles with esbuild's keepNames, which wraps inner functions in `__name(...)`; the
  // functions we send to the page carry those calls, so the page needs the (identity) helper.
  await context.addInitScript({ content: 'globalThis.__name = globalThis.__name || ((fn) => fn);' });
  await context.addInitScript(installProbes, PROBE_OPTIONS);
  return context;
}

/** The playground's task pane, beside the simulated email. */
const pane = (page: Page) => page.getByRole('complementary', { name: 'Cannery task pane' });

/**
 * Signs in with the pane's login form and continues to Home, as tests/e2e/support/sign-in.ts does
 * (not imported: it brings the SSO stand-in and its OpenID provider into every bench run).
 */
async function signIn(context: BrowserContext, user: UiUser): Promise<Page> {
  const page = await context.newPage();
  await page.goto('/#/login');
  await pane(page).getByRole('textbox', { name: 'Email', exact: true }).fill(user.email);
  await pane(page).getByLabel('Password', { exact: true }).fill(user.password);
  await pane(page).getByRole('button', { name: 'Log in' }).click();
  await pane(page).getByRole('link', { name: 'Continue to Home' }).click();
  await page.evaluate(
    async ({ painted }) => (window as unknown as ProbeWindow).__canneryBench.mark(painted, { timeoutMs: 30_000 }),
    { painted: PERF_MARKS.blocksPainted },
  );
  return page;
}

// --- 1. first blocks painted -----------------------------------------------------------------

async function measureFirstPaint(browser: Browser, base: string): Promise<FirstPaintRun> {
  const context = await openContext(browser, base);
  // Each reloaded document reports its sample itself, so the driver evaluates nothing in the page
  // while it starts (Playwright's evaluation would compete with the app for the main thread).
  let reported: ((sample: FirstPaintSample) => void) | null = null;
  await context.exposeBinding('__canneryBenchFirstPaint', (_source, sample: FirstPaintSample) => reported?.(sample));
  try {
    const page = await signIn(context, UI_USERS.thousand);
    await page.waitForFunction((key) => localStorage.getItem(key) !== null, PROBE_OPTIONS.cacheKey);
    const result: FirstPaintRun = { blocks: UI_USERS.thousand.blocks, cache: [], server: [], userInfo: [], otherSource: { cache: 0, server: 0 } };
    const total = 2 * (WARM_UP_RELOADS + RELOADS);
    step(`first paint, ${total} reloads alternating cache and no cache, ${UI_USERS.thousand.blocks} blocks`);
    for (let i = 0; i < total; i += 1) {
      const arm = i % 2 === 0 ? 'cache' : 'server';
      await page.evaluate(([flag, value]) => sessionStorage.setItem(flag, value), [PROBE_OPTIONS.dropCacheFlag, arm === 'server' ? '1' : ''] as const);
      // The server's answer also comes when the cache was painted: wait for it, so the next reload
      // does not meet a server still busy with this one.
      const answered = page.waitForResponse((response) => new URL(response.url()).pathname.endsWith('/autoresponses'));
      const sampled = new Promise<FirstPaintSample>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('A reload reported no first paint within 30 s.')), 30_000);
        reported = (sample) => {
          clearTimeout(timer);
          resolve(sample);
        };
      });
      await page.reload();
      const sample = await sampled;
      reported = null;
      await (await answered).finished();
      await sleep(150);
      if (i < 2 * WARM_UP_RELOADS) continue;
      if (sample.source !== arm) {
        result.otherSource[arm] += 1;
        continue;
      }
      result[arm].push(sample.ms);
      if (arm === 'cache') result.userInfo.push(sample.userInfoMs);
    }
    return result;
  } finally {
    await context.close();
  }
}

// --- 2. search keystroke to results ----------------------------------------------------------

async function typeQuery(page: Page, query: string): Promise<KeystrokeSample[]> {
  const box = page.getByRole('searchbox', { name: 'Search name or content' });
  await box.click();
  const samples: KeystrokeSample[] = [];
  for (let length = 1; length <= query.length; length += 1) {
    await page.keyboard.type(query[length - 1]!);
    const sample = await page.evaluate(
      async ({ rendered, text }) => {
        const probes = (window as unknown as ProbeWindow).__canneryBench;
        const keydown = probes.lastKeydown();
        const mark = await probes.mark(rendered, { since: keydown, query: text });
        return { ms: mark.startTime - keydown, rows: document.querySelectorAll('[aria-label="Search results"] > li').length };
      },
      { rendered: PERF_MARKS.searchRendered, text: query.slice(0, length) },
    );
    samples.push({ ...sample, first: length === 1 });
    await sleep(KEY_GAP_MS);
  }
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
  await sleep(300);
  return samples;
}

async function openSearchBaseline(context: BrowserContext, base: string, user: UiUser): Promise<Page> {
  await context.route(`${base}/__bench/search-baseline`, (route) => route.fulfill({ contentType: 'text/html', body: SEARCH_BASELINE_HTML }));
  const page = await context.newPage();
  await page.goto('/__bench/search-baseline');
  // Prepared once, as Cannery's index is: the same blocks, names and bodies lower-cased, tags stripped.
  const fold = (text: string) => text.toLowerCase().replace(/\s+/g, ' ');
  const blocks: BaselineBlock[] = uiBlocksOf(user).map((block) => ({ name: block.name, nameText: fold(block.name), bodyText: fold(htmlToText(block.body)) }));
  await page.evaluate(installSearchBaseline, { blocks, pageSize: RESULTS_PAGE, markName: PERF_MARKS.searchRendered });
  return page;
}

// --- 3. click to text in the compose body ------------------------------------------------------

async function timeClick(page: Page, button: Locator, floorHtml: string | null, settleMs = ITEM_POLL_SETTLE_MS): Promise<{ ms: number; html: string }> {
  await page.evaluate((selector) => document.querySelector(selector)?.replaceChildren(), COMPOSE_BODY);
  await sleep(settleMs);
  await page.evaluate(({ selector, html }) => (window as unknown as ProbeWindow).__canneryBench.armInsertion(selector, html), { selector: COMPOSE_BODY, html: floorHtml });
  await button.click();
  const ms = await page.evaluate(() => (window as unknown as ProbeWindow).__canneryBench.insertionTime());
  const html = await page.evaluate((selector) => document.querySelector(selector)?.innerHTML ?? '', COMPOSE_BODY);
  return { ms, html };
}

async function measureInsertion(page: Page, blocks: number): Promise<InsertionRun> {
  await page.getByRole('tab', { name: 'Compose' }).click();
  const box = pane(page).getByRole('searchbox', { name: 'Search name or content' });
  await box.fill(CLICK_QUERY);
  await page.evaluate(
    async ({ rendered, text }) => (window as unknown as ProbeWindow).__canneryBench.mark(rendered, { query: text }),
    { rendered: PERF_MARKS.searchRendered, text: CLICK_QUERY },
  );
  // The name button of each result row (src/screens/blocks/block-list.tsx).
  const buttons = pane(page).getByRole('list', { name: 'Search results' }).locator('[data-block-button]');
  step(`insertion, ${CLICKS} blocks: a first click each through the app for the HTML, then app and floor alternating`);
  const htmls: string[] = [];
  for (let i = 0; i < CLICKS; i += 1) htmls.push((await timeClick(page, buttons.nth(i), null, 0)).html);
  const result: InsertionRun = { blocks, app: [], floor: [] };
  for (let i = 0; i < CLICKS; i += 1) {
    const order = i % 2 === 0 ? (['app', 'floor'] as const) : (['floor', 'app'] as const);
    for (const arm of order) result[arm].push((await timeClick(page, buttons.nth(i), arm === 'floor' ? htmls[i]! : null)).ms);
  }
  return result;
}

// --- the suite ---------------------------------------------------------------------------------

async function measureSearchAndInsertion(browser: Browser, base: string): Promise<{ search: SearchRun; insertion: InsertionRun }> {
  const user = UI_USERS.twoThousand;
  const context = await openContext(browser, base);
  try {
    const app = await signIn(context, user);
    const baseline = await openSearchBaseline(context, base, user);
    const keystrokes = QUERIES.join('').length;
    step(`search, ${QUERIES.length} queries (${keystrokes} keystrokes) per page, ${user.blocks} blocks, Cannery and baseline alternating per query`);
    // One query unmeasured on each page first: the first search compiles the search code.
    await typeQuery(app, 'warm up');
    await typeQuery(baseline, 'warm up');
    const search: SearchRun = { blocks: user.blocks, queries: QUERIES, pageSize: RESULTS_PAGE, cannery: [], baseline: [] };
    for (const [i, query] of QUERIES.entries()) {
      const order = i % 2 === 0 ? (['cannery', 'baseline'] as const) : (['baseline', 'cannery'] as const);
      for (const arm of order) {
        const page = arm === 'cannery' ? app : baseline;
        await page.bringToFront();
        search[arm].push(...(await typeQuery(page, query)));
      }
    }
    await baseline.close();
    await app.bringToFront();
    const insertion = await measureInsertion(app, user.blocks);
    return { search, insertion };
  } finally {
    await context.close();
  }
}

export const uiSuite: BenchSuite = {
  name: 'ui',
  async run() {
    if (process.env.BENCH_SKIP_UI) {
      progress('ui: skipped (BENCH_SKIP_UI)');
      return { results: {}, tables: [] };
    }
    suiteStart = performance.now();
    const webRoot = mkdtempSync(join(tmpdir(), 'cannery-bench-web-'));
    // The server loads its data while the app builds: it reads the folder per request, and no page is opened before both are done.
    step('starting the server with 2,000 blocks, building the web app into a private folder');
    const server = startServer(webRoot);
    let browser: Browser | null = null;
    try {
      buildWeb(webRoot);
      const initialJs = initialJsReport(measureTaskPaneJs(webRoot));
      const base = `http://localhost:${await server.port}`;
      browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
      const firstPaint = firstPaintReport(await measureFirstPaint(browser, base));
      const { search, insertion } = await measureSearchAndInsertion(browser, base);
      const searchResult = searchReport(search);
      const insertionResult = insertionReport(insertion);
      step('done');
      return {
        results: {
          ui: {
            browser: `Chromium ${browser.version()}`,
            first_paint: firstPaint.results,
            search: searchResult.results,
            insert: insertionResult.results,
            initial_js: initialJs.results,
          },
        },
        tables: [firstPaint.table, searchResult.table, insertionResult.table, initialJs.table],
      };
    } finally {
      await browser?.close();
      server.child.kill('SIGTERM');
      rmSync(webRoot, { recursive: true, force: true });
    }
  },
};
