/**
 * The one sanitiser of block bodies: everything the app previews or inserts goes through
 * `sanitizeBlockHtml`, or `blockHtmlToPlainText` for fields that cannot hold HTML. An allow-list:
 * - elements: ALLOWED_TAGS; any other is unwrapped and its text kept, except FORBID_CONTENTS
 *   (scripts, styles, frames, plugins, svg, math, template, noscript, value-holding form controls,
 *   audio and video), which go with their content;
 * - attributes: ALLOWED_ATTR only (no `on*`, srcdoc, srcset, action, id, name, class, data-*, aria-*);
 * - href: http, https, mailto, tel, cid, and every link opens in a new tab with rel="noopener
 *   noreferrer"; img src: http, https, cid and base64 png, gif, jpeg or webp data; URLs judged as a
 *   browser reads them (entities, tabs, newlines, control characters, case);
 * - style: kept, minus each declaration holding script, bindings, imports, a `url(` other than
 *   http, https or cid, or fixed, absolute or sticky positioning (CSS escapes and comments undone).
 * DOMPurify parses, with two hooks (`checkAttribute`, `openLinksInNewTab`); the instance is made
 * from `window` on first use and checked against a known body. Why: docs/decisions/html-sanitising.md.
 */
import DOMPurify, { type Config, type DOMPurify as Purifier } from 'dompurify';
import { decodeHtmlEntities, htmlToText } from '../domain/html-to-text';

const ALLOWED_TAGS = [
  'p', 'br', 'div', 'span', 'b', 'strong', 'i', 'em', 'u', 's', 'strike', 'sub', 'sup', 'blockquote',
  'pre', 'code', 'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'a', 'img', 'table',
  'thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'caption', 'colgroup', 'col', 'font', 'center', 'small',
  'big',
  // Harmless block containers of pasted newsletters: unwrapped, their texts would run together.
  'dl', 'dt', 'dd', 'section', 'article', 'header', 'footer', 'aside', 'figure', 'figcaption', 'address',
];

const ALLOWED_ATTR = [
  'href', 'title', 'alt', 'src', 'width', 'height', 'style', 'align', 'valign', 'colspan', 'rowspan',
  'border', 'cellpadding', 'cellspacing', 'bgcolor', 'color', 'face', 'size', 'dir', 'lang',
];

/** Removed elements whose content is not mail text, or is markup in disguise (mXSS). */
const FORBID_CONTENTS = [
  'script', 'style', 'template', 'noscript', 'noembed', 'noframes', 'xmp', 'plaintext', 'title', 'head',
  'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'audio', 'video', 'select', 'option',
  'textarea', 'svg', 'math', 'annotation-xml', 'foreignobject', 'desc', 'mi', 'mn', 'mo', 'ms', 'mtext',
];

/**
 * DOMPurify tests every allowed attribute that is not URI-safe (width, face, color...) against this,
 * so besides the schemes it must accept values that are not URLs; it is DOMPurify's default with
 * only our schemes. href and src get the stricter per-attribute check of the hook below.
 */
const ALLOWED_URI_REGEXP = /^(?:(?:https?|mailto|tel|cid):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

const CONFIG: Config = {
  ALLOWED_TAGS,
  ALLOWED_ATTR,
  FORBID_CONTENTS,
  ALLOWED_URI_REGEXP,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  KEEP_CONTENT: true,
};

const HREF_SCHEME = /^(?:https?|mailto|tel|cid):/i;
const SRC_URL = /^(?:https?|cid):/i;
const DATA_IMAGE = /^data:image\/(png|gif|jpeg|webp);base64,([a-z0-9+/]+=*)$/i;

/** The URL a browser would resolve: tabs and newlines go anywhere, controls and spaces at the ends. */
function browserUrl(value: string): string {
  // eslint-disable-next-line no-control-regex -- the URL parser strips C0 controls, so must we
  return value.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
}

/** The allowed form of a link's href, or null. */
function safeHref(value: string): string | null {
  const url = browserUrl(value);
  return HREF_SCHEME.test(url) ? url : null;
}

/** The allowed form of an img src, or null. Base64 may be wrapped over lines, as mail does. */
function safeImageSrc(value: string): string | null {
  const url = browserUrl(value);
  if (SRC_URL.test(url)) return url;
  const image = DATA_IMAGE.exec(url.replace(/[\t\n\f\r ]/g, ''));
  // Lower-case prefix: DOMPurify's own data: check that follows is case-sensitive.
  return image ? `data:image/${image[1]!.toLowerCase()};base64,${image[2]!}` : null;
}

/** A CSS text with escapes (`\65`, `\e`) decoded and comments removed: what the CSS parser sees. */
function decodeCss(css: string): string {
  return css
    .replace(/\\([0-9a-f]{1,6})[ \t\n\r\f]?|\\(.)/gi, (_, hex?: string, char?: string) =>
      hex ? String.fromCodePoint(Math.min(Number.parseInt(hex, 16) || 0xfffd, 0x10ffff)) : (char ?? ''))
    .replace(/\/\*[\s\S]*?(?:\*\/|$)/g, '');
}

const DANGEROUS_CSS = /expression\s*\(|javascript:|vbscript:|-moz-binding|behaviou?r\s*:|@import|^\s*position\s*:\s*(?:fixed|absolute|sticky)/i;

function isSafeDeclaration(declaration: string): boolean {
  const css = decodeCss(declaration);
  if (DANGEROUS_CSS.test(css)) return false;
  for (const [, target] of css.matchAll(/url\s*\(\s*['"]?\s*([^'")\s]*)/gi)) {
    if (!SRC_URL.test(target!)) return false;
  }
  return true;
}

/** Splits a style attribute at the semicolons that end declarations (not those in strings or url()). */
function declarations(style: string): string[] {
  const parts: string[] = [];
  let start = 0;
  let quote = '';
  let depth = 0;
  for (let i = 0; i < style.length; i++) {
    const c = style[i];
    if (c === '\\') i++;
    else if (quote) quote = c === quote ? '' : quote;
    else if (c === '"' || c === "'") quote = c;
    else if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (c === ';' && depth === 0) {
      parts.push(style.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(style.slice(start));
  return parts.map((part) => part.trim()).filter(Boolean);
}

/** The style attribute without its dangerous declarations. */
export function sanitizeStyle(style: string): string {
  return declarations(style).filter(isSafeDeclaration).join('; ');
}

/**
 * Per-attribute rules DOMPurify's config cannot express: it has one URL pattern for every
 * attribute (and lets any data: URL through on img), and does not look inside style.
 */
function checkAttribute(_node: Element, event: { attrName: string; attrValue: string; keepAttr: boolean }): void {
  let value: string | null = event.attrValue;
  if (event.attrName === 'href') value = safeHref(value);
  else if (event.attrName === 'src') value = safeImageSrc(value);
  else if (event.attrName === 'style') value = sanitizeStyle(value) || null;
  else return;
  if (value === null) event.keepAttr = false;
  else event.attrValue = value;
}

/** Runs after attributes are checked, so it also reaches links that had no target at all. */
function openLinksInNewTab(node: Element): void {
  if (node.localName !== 'a' || !node.hasAttribute('href')) return;
  node.setAttribute('target', '_blank');
  node.setAttribute('rel', 'noopener noreferrer');
}

/**
 * A body the configured instance must turn into exactly PROBE_CLEAN. DOMPurify trusts the DOM it
 * is given; in one that misreports node names (happy-dom: capricorn86/happy-dom#2182) it keeps
 * attributes it should drop and drops allowed tags without an error, so it is checked once before
 * first use. The attribute to drop is a data attribute (refused like an event handler: neither is
 * allowed), not a handler: Chromium reports a handler in the parsed probe as a CSP violation
 * (script-src-attr) of the page, although nothing runs.
 */
const PROBE = '<p title="t">ok</p><img src="x" data-probe="x()"><a href="https://a.example/">a</a>';
const PROBE_CLEAN = '<p title="t">ok</p><img><a href="https://a.example/" target="_blank" rel="noopener noreferrer">a</a>';

let purifier: Purifier | undefined;

/** The configured DOMPurify instance, made on first use: importing this module needs no DOM. */
function getPurifier(): Purifier {
  if (purifier) return purifier;
  const win = globalThis.window as (Window & typeof globalThis) | undefined;
  if (!win?.document) throw new Error('sanitizeBlockHtml needs a DOM (window.document); none is available here.');
  const instance = DOMPurify(win);
  // An unsupported DOMPurify returns its input unchanged: refuse rather than pass HTML through.
  if (!instance.isSupported) throw new Error('DOMPurify does not support this window; block HTML cannot be sanitised.');
  instance.addHook('uponSanitizeAttribute', checkAttribute);
  instance.addHook('afterSanitizeAttributes', openLinksInNewTab);
  if (instance.sanitize(PROBE, CONFIG) !== PROBE_CLEAN) {
    throw new Error('The block sanitiser failed its self-check in this DOM (DOMPurify needs a browser DOM); nothing was sanitised.');
  }
  purifier = instance;
  return instance;
}

/** `html` with everything but the email-safe allow-list above removed. */
export function sanitizeBlockHtml(html: string): string {
  return getPurifier().sanitize(html, CONFIG);
}

// Plain text -------------------------------------------------------------------------------------

/** The attributes of a tag in serialised HTML, where a text "<" is always written "&lt;". */
const ATTRIBUTES = String.raw`((?:[^>"']|"[^"]*"|'[^']*')*)`;
const TAG = String.raw`<(\/?)([a-zA-Z][\w-]*)${ATTRIBUTES}>`;
/** Marks written into the sanitised HTML for `layoutLines`; control characters are removed first. */
const LINE_BREAK = '\u0001';
const PARAGRAPH = '\u0002';
const ITEM = '\u0003'; // ITEM + "- " + ITEM: the label of the list item that starts here
const NBSP = '\u00a0';

/** Lower-case, without scheme and final slash: "https://a.org/" and "a.org" say the same. */
function bare(address: string): string {
  return address.trim().replace(/^(?:https?:\/\/|mailto:|tel:)/i, '').replace(/\/$/, '').toLowerCase();
}

/** A link's text, then its address in parentheses when the text does not already say it. */
function withLinkAddresses(html: string): string {
  const link = new RegExp(String.raw`<a\b${ATTRIBUTES}>([\s\S]*?)<\/a>`, 'g');
  return html.replace(link, (whole, attributes: string, inner: string) => {
    const href = /\shref="([^"]*)"/.exec(attributes)?.[1];
    if (!href || /^cid:/i.test(href)) return whole;
    const text = bare(htmlToText(inner).replace(/\s+/g, ' '));
    if (text === bare(decodeHtmlEntities(href))) return whole;
    // Still entity-encoded: htmlToText decodes it once, with the rest.
    const shown = href.replace(/^(?:mailto|tel):/i, '').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    return text ? `${whole} (${shown})` : shown;
  });
}

/**
 * Sanitised HTML with its layout made explicit for `layoutLines`: source whitespace collapsed as
 * CSS does (kept inside <pre>), <br> and paragraph edges marked (a <p> inside a list item is not
 * a paragraph of the text), and list items labelled "- " or "1. ", indented by nesting.
 */
function markLayout(html: string): string {
  const lists: number[] = []; // per open list: 0 if bulleted, else the next number
  let openItems = 0;
  let openPres = 0;
  const tag = (whole: string, closing: string, tagName: string): string => {
    const name = tagName.toLowerCase();
    if (name === 'br') return LINE_BREAK;
    if (name === 'pre') openPres += closing ? -1 : 1;
    if (name === 'p') return openItems > 0 ? whole : PARAGRAPH + whole;
    if (name === 'ul' || name === 'ol') {
      if (closing) lists.pop();
      else lists.push(name === 'ol' ? 1 : 0);
    }
    if (name !== 'li') return whole;
    openItems = Math.max(0, openItems + (closing ? -1 : 1));
    if (closing) return whole;
    const n = lists[lists.length - 1] ?? 0;
    if (n > 0) lists[lists.length - 1] = n + 1;
    const indent = NBSP.repeat(2 * Math.max(0, lists.length - 1));
    return `${whole}${ITEM}${indent}${n > 0 ? `${n}.` : '-'} ${ITEM}`;
  };
  const text = (chars: string): string =>
    openPres > 0 ? chars.replace(/\r?\n/g, LINE_BREAK).replace(/ /g, NBSP) : chars.replace(/[ \t\n\r\f]+/g, ' ');
  return html
    // eslint-disable-next-line no-control-regex -- never mail text, and our marks are controls
    .replace(/[\u0000-\u0008\u000b\u000e-\u001f]/g, '')
    .replace(new RegExp(`${TAG}|[^<]+|<`, 'g'), (whole, closing?: string, name?: string) =>
      name === undefined ? text(whole) : tag(whole, closing ?? '', name));
}

/**
 * Lines as the mail shows them: a block edge ends a line that has text, a <br> always ends one,
 * a paragraph edge leaves a blank line; at most one blank line in a row, none at the ends.
 */
function layoutLines(text: string): string {
  const lines: string[] = [];
  let line = '';
  let label = '';
  const endLine = (always: boolean) => {
    const trimmed = line.replace(/ {2,}/g, ' ').replace(/^ | $/g, '');
    if (trimmed) lines.push(label + trimmed);
    else if (always) lines.push('');
    if (trimmed) label = '';
    line = '';
  };
  // eslint-disable-next-line no-control-regex -- the marks of markLayout
  for (const token of text.split(/([\n\u0001\u0002]|\u0003[^\u0003]*\u0003)/)) {
    if (token === LINE_BREAK) endLine(true);
    else if (token === '\n') endLine(false);
    else if (token === PARAGRAPH) {
      endLine(false);
      lines.push('');
      label = ''; // of an item that had no text
    } else if (token.startsWith(ITEM)) {
      endLine(false);
      label = token.slice(1, -1);
    } else line += token;
  }
  endLine(false);
  return lines
    .map((each) => each.replaceAll(NBSP, ' ').replace(/ +$/, ''))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/^\n+|\n+$/g, '');
}

/**
 * The plain text of the sanitised body, for fields that cannot hold HTML (textarea, input):
 * lines as the mail shows them, list items on their own lines with "- " or "1. ", a link's
 * address after its text, entities decoded, nothing of removed elements (scripts, styles), and a
 * space at either edge of inline content kept.
 */
export function blockHtmlToPlainText(html: string): string {
  const clean = sanitizeBlockHtml(html);
  const text = layoutLines(htmlToText(markLayout(withLinkAddresses(clean))));
  // A space at the very edge of inline content, next to its first or last character on the same
  // line, is part of the block ("see the link " goes before "world"): kept, as one space. Read from
  // the text with the source's whitespace as it is: a newline at its edge is layout, not a space.
  const edges = htmlToText(clean);
  const lead = /^[ \t\u00a0]+\S/.test(edges) && !text.startsWith(' ') ? ' ' : '';
  const trail = /\S[ \t\u00a0]+$/.test(edges) ? ' ' : '';
  return text ? `${lead}${text}${trail}` : text;
}
