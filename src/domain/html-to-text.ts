/**
 * Plain text of a block body without a DOM.
 *
 * Search and recommendations read block bodies as text (rules §5: "HTML tags are stripped from the
 * body"), and the domain runs where there is no DOM (extension service worker, server, tests), so
 * this is a small tag stripper plus an entity decoder. It is not a sanitiser: bodies shown or
 * inserted go through DOMPurify elsewhere; this only decides which words a body contains.
 */

/** Markup whose content is not text the reader sees: comments, scripts, styles, the head, declarations. */
const HIDDEN = /<!--[\s\S]*?-->|<(script|style|head|title|template)\b[^>]*>[\s\S]*?<\/\1\s*>|<[!?][^>]*>/gi;
const MAY_HAVE_HIDDEN = /<(?:!|\?|script|style|head|title|template)/i;
/** The rest of a start or end tag after its name; quoted attribute values may contain ">". */
const TAG_REST = String.raw`(?:\b|\/)[^>"']*(?:(?:"[^"]*"|'[^']*')[^>"']*)*>`;
const ENTITY = /&(#[xX][0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-zA-Z][a-zA-Z0-9]{1,31});/g;

/**
 * Tags that start a new line when rendered. Between them words must not run together
 * ("<p>Vote</p><p>Early</p>" reads "Vote Early"), while inline tags must not split a word
 * ("<b>Vot</b>er" reads "Voter").
 */
const BLOCK_TAGS = [
  'address', 'article', 'aside', 'blockquote', 'br', 'caption', 'dd', 'div', 'dl', 'dt', 'fieldset',
  'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'li',
  'main', 'nav', 'ol', 'p', 'pre', 'section', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'ul',
];

const BLOCK_TAG = new RegExp(String.raw`<\/?(?:${[...BLOCK_TAGS].join('|')})${TAG_REST}`, 'gi');
const ANY_TAG = new RegExp(String.raw`<\/?[a-zA-Z][a-zA-Z0-9:-]*${TAG_REST}`, 'g');

/** The named entities that occur in mail and editor HTML; rarer ones are left as written. */
const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', ensp: '\u2002', emsp: '\u2003',
  thinsp: '\u2009', shy: '', zwnj: '\u200c', zwj: '\u200d', ndash: '\u2013', mdash: '\u2014',
  lsquo: '\u2018', rsquo: '\u2019', sbquo: '\u201a', ldquo: '\u201c', rdquo: '\u201d', bdquo: '\u201e',
  hellip: '\u2026', bull: '\u2022', middot: '\u00b7', prime: '\u2032', copy: '\u00a9', reg: '\u00ae',
  trade: '\u2122', deg: '\u00b0', plusmn: '\u00b1', times: '\u00d7', divide: '\u00f7', frac12: '\u00bd',
  frac14: '\u00bc', frac34: '\u00be', sect: '\u00a7', para: '\u00b6', cent: '\u00a2', pound: '\u00a3',
  euro: '\u20ac', yen: '\u00a5', laquo: '\u00ab', raquo: '\u00bb', iexcl: '\u00a1', iquest: '\u00bf',
  ordm: '\u00ba', ordf: '\u00aa', aacute: '\u00e1', Aacute: '\u00c1', eacute: '\u00e9', Eacute: '\u00c9',
  iacute: '\u00ed', Iacute: '\u00cd', oacute: '\u00f3', Oacute: '\u00d3', uacute: '\u00fa',
  Uacute: '\u00da', ntilde: '\u00f1', Ntilde: '\u00d1', uuml: '\u00fc', Uuml: '\u00dc', ouml: '\u00f6',
  Ouml: '\u00d6', auml: '\u00e4', Auml: '\u00c4', euml: '\u00eb', iuml: '\u00ef', ccedil: '\u00e7',
  Ccedil: '\u00c7', agrave: '\u00e0', egrave: '\u00e8', ograve: '\u00f2', acirc: '\u00e2',
  ecirc: '\u00ea', ocirc: '\u00f4', szlig: '\u00df',
};

function decodeCodePoint(codePoint: number): string {
  // What browsers do with impossible references: the replacement character, never a lone surrogate.
  if (codePoint === 0 || codePoint > 0x10ffff || (codePoint >= 0xd800 && codePoint <= 0xdfff)) return '\ufffd';
  return String.fromCodePoint(codePoint);
}

/** Decodes `&name;`, `&#123;` and `&#x7B;` references; unknown names are kept verbatim. */
export function decodeHtmlEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(ENTITY, (whole, ref: string) => {
    if (ref.startsWith('#')) {
      const hex = ref[1] === 'x' || ref[1] === 'X';
      return decodeCodePoint(Number.parseInt(ref.slice(hex ? 2 : 1), hex ? 16 : 10));
    }
    return NAMED_ENTITIES[ref] ?? whole;
  });
}

/**
 * The text a reader sees in `html`: invisible elements and comments dropped, block-level tags
 * turned into line breaks, inline tags removed, entities decoded. A `<` that does not open a tag
 * ("a < b") stays text. Whitespace is not collapsed; callers that compare text fold it.
 */
export function htmlToText(html: string): string {
  if (!html.includes('<')) return decodeHtmlEntities(html);
  // Plain string replacements rather than one pass with a callback: several times faster, and an
  // index build strips megabytes of bodies.
  const visible = MAY_HAVE_HIDDEN.test(html) ? html.replace(HIDDEN, ' ') : html;
  return decodeHtmlEntities(visible.replace(BLOCK_TAG, '\n').replace(ANY_TAG, ''));
}
