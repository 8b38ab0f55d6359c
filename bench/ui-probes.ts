/**
 * Code the UI benchmark (bench/ui.ts) runs inside the page. Each exported function is handed to
 * Playwright, which sends its source text to the browser: it may use nothing from this module's
 * scope, only its argument and the page's globals (types are fine, they are erased).
 *
 * The probes time from what the browser stamped on the user's event (`event.timeStamp`, recorded
 * by a capture listener on `window`, before the app sees the event) to a performance mark or a
 * DOM mutation, in the page's own clock, so the driver's round trips never count.
 */

/** What `installProbes` puts on `window.__canneryBench`. */
export interface PageProbes {
  /** Resolves with the first mark named `name` with `startTime >= since` (and `detail.query === query` when given). */
  mark(name: string, options?: { since?: number; query?: string; timeoutMs?: number }): Promise<{ startTime: number; detail: unknown }>;
  /** `timeStamp` of the latest keydown. */
  lastKeydown(): number;
  /**
   * Arms the next click: its `timeStamp` is recorded, and `insertionTime()` gives the time from it
   * until the text of the element matching `bodySelector` has grown (the block's text is in). With
   * `floorHtml`, the click never reaches the app: the probe inserts that HTML itself with
   * `execCommand('insertHTML')`, at the end of the body, as the app's last strategy does.
   */
  armInsertion(bodySelector: string, floorHtml: string | null, timeoutMs?: number): void;
  /** Milliseconds from the armed click to the inserted text. */
  insertionTime(): Promise<number>;
}

/** What a document reports, unasked, once its first blocks are painted: see `ProbeOptions.startMark`. */
export interface FirstPaintSample {
  /** `paintedMark` minus `startMark`. */
  ms: number;
  /** Where the painted blocks came from (the mark's `detail.source`). */
  source: string | undefined;
  /** When `GET /user-info` had answered, after `startMark`; NaN when it had not yet. */
  userInfoMs: number;
}

export interface ProbeWindow {
  __canneryBench: PageProbes;
  /** Exposed by the driver (`BrowserContext.exposeBinding`) to receive each document's `FirstPaintSample`. */
  __canneryBenchFirstPaint?: (sample: FirstPaintSample) => void;
}

export interface ProbeOptions {
  /** The `sessionStorage` flag that, when '1', removes `cacheKey` from `localStorage` before the page's scripts run. */
  dropCacheFlag: string;
  cacheKey: string;
  /**
   * When both marks have been made in a document, it calls `window.__canneryBenchFirstPaint` (if the
   * driver exposed it) with the time between them. Nothing of the driver's then runs in the page
   * while it starts: an evaluation there would compete with the app for the main thread.
   */
  startMark: string;
  paintedMark: string;
}

/**
 * Installs the probes at the start of every document of a browser context (`addInitScript`), before
 * the page's own scripts, so no mark or event is missed.
 */
export function installProbes(options: ProbeOptions): void {
  if (sessionStorage.getItem(options.dropCacheFlag) === '1') localStorage.removeItem(options.cacheKey);

  const marks: PerformanceMark[] = [];
  const waiters = new Set<() => void>();
  let reported = false;
  const reportFirstPaint = () => {
    const report = (window as unknown as ProbeWindow).__canneryBenchFirstPaint;
    const started = marks.find((entry) => entry.name === options.startMark);
    const painted = marks.find((entry) => entry.name === options.paintedMark);
    if (reported || !report || !started || !painted) return;
    reported = true;
    const userInfo = performance.getEntriesByType('resource').find((entry) => entry.name.includes('/api/user-info')) as PerformanceResourceTiming | undefined;
    report({
      ms: painted.startTime - started.startTime,
      source: (painted.detail as { source?: string } | null)?.source,
      userInfoMs: userInfo ? userInfo.responseEnd - started.startTime : Number.NaN,
    });
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) marks.push(entry as PerformanceMark);
    reportFirstPaint();
    for (const waiter of [...waiters]) waiter();
  }).observe({ type: 'mark', buffered: true });

  let keydown = Number.NaN;
  addEventListener('keydown', (event) => (keydown = event.timeStamp), true);

  let onClick: ((event: MouseEvent) => void) | null = null;
  addEventListener('click', (event) => onClick?.(event), true);
  let insertion: Promise<number> | null = null;

  const probes: PageProbes = {
    mark(name, { since = 0, query, timeoutMs = 15_000 } = {}) {
      return new Promise((resolve, reject) => {
        const matches = (entry: PerformanceMark) =>
          entry.name === name && entry.startTime >= since && (query === undefined || (entry.detail as { query?: unknown } | null)?.query === query);
        const check = () => {
          const found = marks.find(matches);
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve({ startTime: found.startTime, detail: found.detail as unknown });
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`No performance mark "${name}"${query === undefined ? '' : ` for the query "${query}"`} within ${timeoutMs} ms.`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },

    lastKeydown: () => keydown,

    armInsertion(bodySelector, floorHtml, timeoutMs = 10_000) {
      const body = document.querySelector<HTMLElement>(bodySelector);
      if (!body) throw new Error(`No element matches ${bodySelector}.`);
      insertion = new Promise((resolve, reject) => {
        const before = body.textContent?.length ?? 0;
        let clickedAt = Number.NaN;
        const observer = new MutationObserver(() => {
          if (Number.isNaN(clickedAt) || (body.textContent?.length ?? 0) <= before) return;
          const elapsed = performance.now() - clickedAt;
          finish();
          resolve(elapsed);
        });
        const timer = setTimeout(() => {
          finish();
          reject(new Error(`No text reached ${bodySelector} within ${timeoutMs} ms of arming the click.`));
        }, timeoutMs);
        function finish(): void {
          observer.disconnect();
          clearTimeout(timer);
          onClick = null;
        }
        observer.observe(body, { childList: true, subtree: true, characterData: true });
        onClick = (event) => {
          clickedAt = event.timeStamp;
          onClick = null;
          if (floorHtml === null) return;
          // The floor: the same HTML into the same body from the same click, by the browser alone.
          event.stopImmediatePropagation();
          event.preventDefault();
          body.focus({ preventScroll: true });
          const range = document.createRange();
          range.selectNodeContents(body);
          range.collapse(false);
          const selection = getSelection();
          selection?.removeAllRanges();
          selection?.addRange(range);
          document.execCommand('insertHTML', false, floorHtml);
        };
      });
    },

    insertionTime: () => insertion ?? Promise.reject(new Error('No click was armed.')),
  };
  (window as unknown as ProbeWindow).__canneryBench = probes;
}

/** A searchable block of the baseline page, prepared once in the driver as Cannery's index prepares its text. */
export interface BaselineBlock {
  name: string;
  /** Lower-cased name, whitespace collapsed. */
  nameText: string;
  /** Lower-cased body with the HTML stripped, whitespace collapsed. */
  bodyText: string;
}

/**
 * The search baseline: a search box and, on every input, a straightforward filter (`includes` of
 * the lower-cased query in the name, then in the body) rendered as plain buttons, at most `pageSize`
 * of them and a "Show more" button as Cannery's results show, then the same after-paint mark as
 * `markAfterPaint` in src/ui/perf-marks.ts.
 */
export function installSearchBaseline(options: { blocks: BaselineBlock[]; pageSize: number; markName: string }): void {
  const { blocks, pageSize, markName } = options;
  const input = document.querySelector('input')!;
  const results = document.getElementById('results')!;
  input.addEventListener('input', () => {
    const query = input.value;
    const needle = query.trim().toLowerCase().replace(/\s+/g, ' ');
    const rows: Node[] = [];
    if (needle !== '') {
      const byName = blocks.filter((block) => block.nameText.includes(needle));
      const byBody = blocks.filter((block) => !block.nameText.includes(needle) && block.bodyText.includes(needle));
      const hits = byName.concat(byBody);
      for (const block of hits.slice(0, pageSize)) {
        const button = document.createElement('button');
        button.textContent = block.name;
        const item = document.createElement('li');
        item.append(button);
        rows.push(item);
      }
      if (hits.length > pageSize) {
        const more = document.createElement('button');
        more.textContent = `Show more results (${hits.length - pageSize} more)`;
        rows.push(more);
      }
      if (hits.length === 0) rows.push(document.createTextNode(`No blocks match "${query.trim()}".`));
    }
    results.replaceChildren(...rows);
    requestAnimationFrame(() => setTimeout(() => performance.mark(markName, { detail: { query } }), 0));
  });
}

/** The baseline page's document: a search box and a list, in a column as wide as the playground's task pane. */
export const SEARCH_BASELINE_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Search baseline</title>
<style>body{font-family:Segoe UI,system-ui,sans-serif;margin:0}main{width:380px;margin:16px auto}ul{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:2px}button{text-align:start;width:100%}</style>
</head><body><main><input type="search" aria-label="Search name or content" placeholder="Search name or content"><ul id="results" aria-label="Search results"></ul></main></body></html>`;
