// @vitest-environment node
/**
 * The block sanitiser, run where it runs in the product: in Chromium.
 *
 * DOMPurify is only as safe as the DOM under it. In happy-dom (this project's unit DOM) it keeps
 * event handlers and drops allowed tags without an error (capricorn86/happy-dom#2182; DOMPurify's
 * maintainers do not support happy-dom), so passing here would prove nothing. The module is
 * bundled and loaded into the Chromium of the end-to-end suite; its output is parsed there, and
 * also rendered into a live page whose `window.__xss` trap records any payload that runs.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { build, type Rollup } from 'vite';
import { chromium, type Browser, type Page } from '@playwright/test';
import { Window } from 'happy-dom';
import { CHROMIUM_ARGS, findChromium } from '../../e2e/support/chromium';
import { legitimateBodies, xssVectors } from '../../fixtures/xss-vectors';
import * as sanitizeModule from '../../../src/sanitize/sanitize-html';

const { sanitizeBlockHtml, sanitizeStyle } = sanitizeModule;

const MODULE = fileURLToPath(new URL('../../../src/sanitize/sanitize-html.ts', import.meta.url));

/** What the page reports about one sanitised body, parsed by Chromium's own parser. */
interface Parsed {
  html: string;
  /** The sanitiser applied to its own output. */
  again: string;
  text: string;
  elements: { tag: string; attributes: [string, string][] }[];
}

interface SanitizerGlobals {
  Sanitizer: typeof sanitizeModule;
  __xssCalls: string[];
}

let browser: Browser;
let page: Page;

async function bundle(): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    build: { write: false, minify: false, lib: { entry: MODULE, formats: ['iife'], name: 'Sanitizer' } },
  });
  return ((Array.isArray(result) ? result[0] : result) as Rollup.RollupOutput).output[0].code;
}

/** A blank page with the sanitiser loaded and a trap that records every `__xss` call. */
async function openPage(code: string): Promise<Page> {
  const opened = await browser.newPage();
  await opened.setContent('<!doctype html><title>trap</title><body></body>');
  await opened.evaluate(() => {
    const calls: string[] = [];
    Object.assign(window, { __xssCalls: calls, __xss: (name: string) => calls.push(name) });
  });
  await opened.addScriptTag({ content: code });
  return opened;
}

function parseInPage(bodies: string[]): Promise<Parsed[]> {
  return page.evaluate((all) => {
    const { Sanitizer } = window as unknown as SanitizerGlobals;
    return all.map((body) => {
      const html = Sanitizer.sanitizeBlockHtml(body);
      const doc = new DOMParser().parseFromString(html, 'text/html');
      const elements = [...doc.body.querySelectorAll('*')].map((element) => ({
        tag: element.localName,
        attributes: [...element.attributes].map((attribute): [string, string] => [attribute.name, attribute.value]),
      }));
      return { html, again: Sanitizer.sanitizeBlockHtml(html), text: doc.body.textContent ?? '', elements };
    });
  }, bodies);
}

/** Puts `bodies` into the live page, gives handlers time to fire, and returns the trap's calls. */
async function render(target: Page, bodies: string[], sanitise: boolean): Promise<string[]> {
  await target.evaluate(
    ({ all, clean }) => {
      const { Sanitizer } = window as unknown as SanitizerGlobals;
      const host = document.createElement('div');
      host.innerHTML = all.map((body) => (clean ? Sanitizer.sanitizeBlockHtml(body) : body)).join('');
      document.body.append(host);
    },
    { all: bodies, clean: sanitise },
  );
  await target.waitForTimeout(500);
  return target.evaluate(() => (window as unknown as SanitizerGlobals).__xssCalls);
}

const plainText = (html: string) =>
  page.evaluate((body) => (window as unknown as SanitizerGlobals).Sanitizer.blockHtmlToPlainText(body), html);

const ELEMENTS_REMOVED = /<(?:script|style|iframe|frame|frameset|object|embed|applet|form|input|button|textarea|select|option|meta|base|link|svg|math|template|noscript|audio|video|source)\b/i;
const HREF_ALLOWED = /^(?:https?|mailto|tel|cid):/i;
const SRC_ALLOWED = /^(?:https?:|cid:|data:image\/(?:png|gif|jpeg|webp);base64,)/i;
/** Attributes that load, run or clobber; none is on the allow-list. */
const ATTRIBUTES_REMOVED = new Set(['srcdoc', 'srcset', 'action', 'formaction', 'xlink:href', 'data', 'id', 'name', 'class']);

/** Every structural promise of the sanitiser that does not depend on the input. */
function expectSafe(parsed: Parsed): void {
  expect(parsed.html).not.toMatch(/<script/i);
  expect(parsed.html).not.toMatch(/[\s/"']on[a-z]+\s*=/i);
  expect(parsed.html).not.toMatch(/javascript:|vbscript:|data:text/i);
  expect(parsed.html).not.toMatch(ELEMENTS_REMOVED);
  for (const { tag, attributes } of parsed.elements) {
    for (const [name, value] of attributes) {
      expect(name, `<${tag} ${name}>`).not.toMatch(/^on|^data-|^aria-/i);
      expect(ATTRIBUTES_REMOVED.has(name), `<${tag} ${name}>`).toBe(false);
      if (name === 'href') expect(value).toMatch(HREF_ALLOWED);
      if (name === 'src') expect(value).toMatch(SRC_ALLOWED);
      if (name === 'style') expect(value).not.toMatch(/expression|script:|binding|behaviou?r|@import|url\((?!https?:|cid:)/i);
    }
    if (tag === 'a' && attributes.some(([name]) => name === 'href')) {
      expect(Object.fromEntries(attributes)).toMatchObject({ target: '_blank', rel: 'noopener noreferrer' });
    }
  }
  // Stable: sanitising again changes nothing (a parser round trip did not create new markup).
  expect(parsed.again).toBe(parsed.html);
}

describe('sanitizeBlockHtml in Chromium', () => {
  let code: string;
  const byName = new Map<string, Parsed>();
  let legit: Record<keyof typeof legitimateBodies, Parsed>;

  beforeAll(async () => {
    code = await bundle();
    browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
    page = await openPage(code);
    const parsed = await parseInPage(xssVectors.map((vector) => vector.html));
    xssVectors.forEach((vector, i) => byName.set(vector.name, parsed[i]!));
    const names = Object.keys(legitimateBodies) as (keyof typeof legitimateBodies)[];
    const parsedLegit = await parseInPage(names.map((name) => legitimateBodies[name]));
    legit = Object.fromEntries(names.map((name, i) => [name, parsedLegit[i]!])) as typeof legit;
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('has at least 35 vectors with unique names', () => {
    expect(xssVectors.length).toBeGreaterThanOrEqual(35);
    expect(new Set(xssVectors.map((vector) => vector.name)).size).toBe(xssVectors.length);
  });

  it.each(xssVectors)('defuses $name and keeps its text', ({ name, keptText }) => {
    const parsed = byName.get(name)!;
    expectSafe(parsed);
    expect(parsed.text).toContain(keptText);
  });

  it('runs no payload when the sanitised vectors are rendered', async () => {
    expect(await render(page, xssVectors.map((vector) => vector.html), true)).toEqual([]);
  });

  it('has a trap that catches payloads that do run (the unsanitised control)', async () => {
    const control = await openPage(code);
    const chosen = ['img-onerror', 'details-ontoggle'];
    const html = xssVectors.filter((vector) => chosen.includes(vector.name)).map((vector) => vector.html);
    expect(await render(control, html, false)).toEqual(expect.arrayContaining(chosen));
    await control.close();
  });

  it('drops the values of form controls and the content of scripts and styles, keeps other text', () => {
    expect(byName.get('form-action')!.html).toBe('<p>Keep form</p>');
    expect(byName.get('select-autofocus')!.text).not.toContain('One');
    expect(byName.get('details-ontoggle')!.html).toBe('Keep details');
    expect(byName.get('style-import')!.text).not.toContain('import');
    expect(byName.get('inline-style-expression')!.html).toBe('<p style="color: red">Keep inline</p>');
    expect(byName.get('dom-clobbering')!.html).toBe('<img><a>Keep clobber</a>');
  });

  it('keeps a table with its layout attributes', () => {
    const { elements } = legit.table;
    expect(elements.map((element) => element.tag)).toEqual(['table', 'thead', 'tr', 'th', 'th', 'tbody', 'tr', 'td', 'td']);
    expect(Object.fromEntries(elements[0]!.attributes)).toEqual({ border: '1', cellpadding: '4', cellspacing: '0' });
    expect(Object.fromEntries(elements[7]!.attributes)).toEqual({ style: 'color: #333' });
    expect(Object.fromEntries(elements[8]!.attributes)).toEqual({ colspan: '1', valign: 'top' });
    expect(legit.table.html).toBe(legitimateBodies.table);
  });

  it('keeps https, mailto and tel links and opens them in a new tab', () => {
    expect(legit.httpsLink.html).toBe(
      '<p>See <a href="https://example.org/vote?ward=3&amp;lang=en" title="Polling places" target="_blank" rel="noopener noreferrer">where to vote</a>.</p>',
    );
    const links = legit.mailtoLink.elements.filter((element) => element.tag === 'a').map((a) => Object.fromEntries(a.attributes));
    expect(links).toEqual([
      { href: 'mailto:help@example.org?subject=Ballot', target: '_blank', rel: 'noopener noreferrer' },
      { href: 'tel:+15550100', target: '_blank', rel: 'noopener noreferrer' },
    ]);
  });

  it('keeps an inline png image and plain formatting unchanged', () => {
    expect(legit.inlineImage.html).toBe(legitimateBodies.inlineImage);
    expect(legit.formatting.html).toBe(legitimateBodies.formatting);
  });

  it('normalises what a browser would read the same way, and drops what it cannot allow', async () => {
    const sanitize = (html: string) =>
      page.evaluate((body) => (window as unknown as SanitizerGlobals).Sanitizer.sanitizeBlockHtml(body), html);
    expect(await sanitize('<img src="DATA:image/PNG;base64,iVBO\nRw0=">')).toBe('<img src="data:image/png;base64,iVBORw0=">');
    expect(await sanitize('<a href=" https://a.example/\n">a</a>')).toBe(
      '<a href="https://a.example/" target="_blank" rel="noopener noreferrer">a</a>',
    );
    expect(await sanitize('<a href="#top">a</a><a href="/path">b</a><a href="//evil.example">c</a>')).toBe('<a>a</a><a>b</a><a>c</a>');
    expect(await sanitize('<img src="x.png"><img src="data:image/gif;base64,R0lG" width="2" data-x="1" class="c">')).toBe(
      '<img><img src="data:image/gif;base64,R0lG" width="2">',
    );
    expect(await sanitize('<a href="https://a.example/" target="_self" rel="opener">a</a><a target="_top">b</a>')).toBe(
      '<a href="https://a.example/" target="_blank" rel="noopener noreferrer">a</a><a>b</a>',
    );
  });

  describe('blockHtmlToPlainText', () => {
    it('puts paragraphs apart, <br> lines together, and decodes entities', async () => {
      expect(await plainText('<p>Hello&nbsp;there,</p><p>Line one<br>Line two</p>\n\n<p>Fish &amp; chips &lt;3</p>')).toBe(
        'Hello there,\n\nLine one\nLine two\n\nFish & chips <3',
      );
    });

    it('reads editor lines (a div each, <div><br></div> for a blank one) as the mail shows them', async () => {
      expect(await plainText('<div>A</div><div><br></div><div>B<br></div><div>C\n   continued</div>')).toBe('A\n\nB\nC continued');
    });

    it('puts list items on their own lines, bulleted, numbered and nested', async () => {
      const html = '<p>Bring:</p><ul><li>ID</li><li><p>Proof of address</p><ol><li>a bill</li><li>a lease</li></ol></li></ul>';
      expect(await plainText(html)).toBe('Bring:\n\n- ID\n- Proof of address\n  1. a bill\n  2. a lease');
      expect(await plainText('<ul><li></li></ul><p>After</p>')).toBe('After');
    });

    it('writes a link address after its text unless the text already says it', async () => {
      const html = '<p>See <a href="https://x.org/a?b=1&amp;c=2">our site</a>, <a href="https://x.org/">x.org</a> or <a href="mailto:h@x.org">h@x.org</a>.</p>';
      expect(await plainText(html)).toBe('See our site (https://x.org/a?b=1&c=2), x.org or h@x.org.');
    });

    it('keeps a space at either edge of inline content, none at the edges of a paragraph', async () => {
      expect(await plainText('<strong>link</strong> ')).toBe('link ');
      expect(await plainText(' <strong>link</strong>')).toBe(' link');
      expect(await plainText('see the link&nbsp;')).toBe('see the link ');
      expect(await plainText('<p>link </p>')).toBe('link');
      expect(await plainText('<p> link</p>\n')).toBe('link');
      expect(await plainText(' ')).toBe('');
      expect(await plainText('Thanks,<br>Dana\n')).toBe('Thanks,\nDana');
      expect(await plainText('<p>Thanks,</p><p>Dana </p>')).toBe('Thanks,\n\nDana');
    });

    it('keeps the spacing of <pre>', async () => {
      expect(await plainText('<p>Code:</p><pre>  if (a) {\n    b();\n  }</pre>')).toBe('Code:\n\n  if (a) {\n    b();\n  }');
    });

    it('leaks nothing of a hostile body', async () => {
      const texts = await page.evaluate(
        (all) => all.map((body) => (window as unknown as SanitizerGlobals).Sanitizer.blockHtmlToPlainText(body)),
        xssVectors.map((vector) => vector.html),
      );
      xssVectors.forEach(({ name, keptText }, i) => {
        expect(texts[i], name).not.toMatch(/__xss|onerror|<\w/i);
        expect(texts[i], name).toContain(keptText);
      });
    });
  });
});

describe('sanitizeStyle', () => {
  it('keeps ordinary declarations', () => {
    expect(sanitizeStyle('color: red; font-family: "Segoe UI", sans-serif;  margin:0 ; position: relative')).toBe(
      'color: red; font-family: "Segoe UI", sans-serif; margin:0; position: relative',
    );
    expect(sanitizeStyle('background: url("https://a.example/x;y.png") no-repeat; background-position: center')).toBe(
      'background: url("https://a.example/x;y.png") no-repeat; background-position: center',
    );
  });

  it('drops each dangerous declaration however it is written', () => {
    const keep = 'color: red';
    for (const bad of [
      'width: expression(alert(1))',
      'width: EXPRESSION (alert(1))',
      'width: expr\\65 ssion(alert(1))',
      'width: expr/* */ession(alert(1))',
      'background: url(javascript:alert(1))',
      'background: url( "jav\\61script:alert(1)" )',
      'background: URL(vbscript:x)',
      'background: url(data:text/html,x)',
      'background: url(/relative.png)',
      'background: \\75 rl(data:image/png;base64,AAAA)',
      '-moz-binding: url(https://a.example/x.xml#b)',
      'behavior: url(https://a.example/x.htc)',
      '@import "https://a.example/x.css"',
      'position: fixed',
      'POSITION : Absolute',
    ]) {
      expect(sanitizeStyle(`${keep}; ${bad}`), bad).toBe(keep);
    }
  });
});

describe('where no working DOM exists', () => {
  it('refuses to run without a window', () => {
    expect(() => sanitizeBlockHtml('<p>x</p>')).toThrow('sanitizeBlockHtml needs a DOM (window.document); none is available here.');
  });

  it('refuses a DOM in which DOMPurify cannot work rather than return unsafe HTML', async () => {
    const broken = new Window();
    // What happy-dom#2182 does: nodeName read through Node.prototype is empty for elements.
    Object.defineProperty(broken.Node.prototype, 'nodeName', { get: () => '', configurable: true });
    vi.stubGlobal('window', broken);
    try {
      expect(() => sanitizeBlockHtml('<p>x</p>')).toThrow('The block sanitiser failed its self-check in this DOM');
    } finally {
      vi.unstubAllGlobals();
      await broken.happyDOM.close();
    }
  });
});
