// Variables in block bodies and subject lines: their syntax, filling, the missing-value rule, names.
import { describe, expect, it } from 'vitest';
import { fillBlock, formatToday, type VariableValues } from '../../../src/domain/block-variables';
import { CURSOR_MARKER, removeCursorMarker, takeCursorMarker } from '../../../src/domain/cursor-marker';
import { personEmail, personFirstName, personFullName } from '../../../src/domain/display-names';
import { parseVariables } from '../../../src/domain/variable-parsing';
import { renderVariables } from '../../../src/domain/variable-substitution';
import { formatVariable, listVariables, variableLabel, type BlockVariable } from '../../../src/domain/variable-syntax';

/** 2026-11-23 15:00 UTC: the same day in Chicago and Berlin. */
const NOON_ISH = new Date(Date.UTC(2026, 10, 23, 15, 0, 0));

function makeValues(overrides: Partial<VariableValues> = {}): VariableValues {
  return {
    sender: { name: 'Maria Lopez', email: 'maria.lopez@example.com' },
    me: { name: 'Dana Whitfield', email: 'dana@aldercounty.example' },
    today: { date: NOON_ISH, locale: 'en-US', timeZone: 'America/Chicago' },
    answers: {},
    ...overrides,
  };
}

const body = (bodyHtml: string, values: VariableValues = makeValues()) => fillBlock({ bodyHtml }, values).bodyHtml;
const subject = (text: string, values: VariableValues = makeValues()) => fillBlock({ bodyHtml: '', subject: text }, values).subject;
const nobody = makeValues({ sender: {}, me: {}, today: undefined });

/** Open minus close tags per name: filling must not change the balance of a body. */
function tagBalance(html: string): Record<string, number> {
  const balance: Record<string, number> = {};
  for (const [, closing, name] of html.matchAll(/<(\/?)([a-z]+)/gi)) {
    const key = name!.toLowerCase();
    balance[key] = (balance[key] ?? 0) + (closing ? -1 : 1);
    if (balance[key] === 0) delete balance[key];
  }
  return balance;
}

describe('listVariables: the editor menu', () => {
  it('offers every variable with the labels users see, and the stored syntax', () => {
    expect(listVariables()).toEqual([
      { kind: 'sender.firstName', label: "Sender's first name", syntax: '{{sender.firstName}}' },
      { kind: 'sender.name', label: "Sender's full name", syntax: '{{sender.name}}' },
      { kind: 'sender.email', label: "Sender's email", syntax: '{{sender.email}}' },
      { kind: 'me.name', label: 'My name', syntax: '{{me.name}}' },
      { kind: 'me.email', label: 'My email', syntax: '{{me.email}}' },
      { kind: 'today', label: "Today's date", syntax: '{{today}}' },
      { kind: 'cursor', label: 'Cursor position', syntax: '{{cursor}}' },
      { kind: 'ask', label: 'Ask for a value…', syntax: '{{ask:}}' },
    ]);
  });

  it('labels chips, prompts by their label', () => {
    expect(variableLabel({ kind: 'me.email' })).toBe('My email');
    expect(variableLabel({ kind: 'ask', label: 'Case number' })).toBe('Ask: Case number');
  });
});

describe('fillBlock: every variable', () => {
  it.each([
    ['{{sender.firstName}}', 'Maria'],
    ['{{sender.name}}', 'Maria Lopez'],
    ['{{sender.email}}', 'maria.lopez@example.com'],
    ['{{me.name}}', 'Dana Whitfield'],
    ['{{me.email}}', 'dana@aldercounty.example'],
    ['{{today}}', 'November 23, 2026'],
  ])('%s in a body and a subject', (variable, value) => {
    expect(body(`<p>[${variable}]</p>`)).toBe(`<p>[${value}]</p>`);
    expect(subject(`Re: ${variable}`)).toBe(`Re: ${value}`);
  });

  it('fills a whole block, with the prompt answers, and reports nothing missing', () => {
    const filled = fillBlock(
      { subject: 'Case {{ask:Case number}} for {{sender.name}}', bodyHtml: '<p>Dear {{sender.firstName}},</p><p>Your case {{ask:case number}} is open. {{cursor}}</p><p>{{me.name}}<br>{{me.email}}<br>{{today}}</p>' },
      makeValues({ answers: { 'Case number': '2026-0042' } }),
    );
    expect(filled).toEqual({
      subject: 'Case 2026-0042 for Maria Lopez',
      bodyHtml: `<p>Dear Maria,</p><p>Your case 2026-0042 is open. ${CURSOR_MARKER}</p><p>Dana Whitfield<br>dana@aldercounty.example<br>November 23, 2026</p>`,
      cursor: CURSOR_MARKER,
      missing: [],
    });
  });

  it('reads names in any case and with spaces, non-breaking ones too', () => {
    expect(body('{{ Sender.FirstName }} {{SENDER . EMAIL}} {{&nbsp;today&nbsp;}} {{\tme.Name }}')).toBe('Maria maria.lopez@example.com November 23, 2026 Dana Whitfield');
    expect(subject('{{ Sender.FirstName }}')).toBe('Maria');
  });

  it('uses the same value for every occurrence', () => {
    expect(body('{{sender.firstName}}, {{sender.firstName}}!')).toBe('Maria, Maria!');
  });
});

describe('text without variables', () => {
  it.each([
    ['plain', 'Thank you for writing. Your ballot was received.'],
    ['html with entities and odd markup', '<p class="x">Tom &amp; Jerry&nbsp;&lt;3 a < b</p><!-- {{x}} --><br/><img src="a.png" alt=\'{{x}}\'>'],
    ['braces that are not variables', '<p>{{ order_id }} {{}} {{ask:}} {{ask}} {single} }} {{unclosed</p>'],
    ['broken markup', '<p><b>unclosed <i title="x>y">{{nothing}}</p></i><' + '</ bogus>{{ nope }}<!-- open'],
    ['empty', ''],
  ])('comes back byte for byte: %s', (_, text) => {
    const filled = fillBlock({ bodyHtml: text, subject: text }, makeValues());
    expect(filled.bodyHtml).toBe(text);
    expect(filled.subject).toBe(text);
    expect(filled.cursor).toBeNull();
    expect(filled.missing).toEqual([]);
  });
});

describe('variables outside text', () => {
  it('are not read in an attribute, a comment, a script or a style', () => {
    const html = '<a title="{{sender.name}}" href="mailto:{{me.email}}">x</a><!-- {{today}} --><script>var a = "{{today}}";</script><style>p::after{content:"{{today}}"}</style><p title=\'{{today}}\' data-x={{today}}>y</p>';
    expect(fillBlock({ bodyHtml: html }, makeValues())).toEqual({ bodyHtml: html, subject: '', cursor: null, missing: [] });
    expect(parseVariables(html)).toEqual({ variables: [], prompts: [], unknown: [] });
  });

  it('reads text after a quote that is no attribute value', () => {
    expect(body(`<p class=x don't>{{sender.firstName}}</p>`)).toBe(`<p class=x don't>Maria</p>`);
  });
});

describe('unknown names', () => {
  it('are left as typed and listed once, entities decoded', () => {
    const html = '<p>{{ order_id }} and {{ order_id }} and {{Fees &amp; costs}} and {{ask:}}</p>';
    expect(body(html)).toBe(html);
    expect(parseVariables({ bodyHtml: html }).unknown).toEqual(['{{ order_id }}', '{{Fees & costs}}', '{{ask:}}']);
  });
});

describe('the missing-value rule', () => {
  it.each([
    ['Dear {{sender.firstName}},', 'Dear,'],
    ['Hi {{sender.firstName}}!', 'Hi!'],
    ['Hello {{sender.firstName}} and welcome', 'Hello and welcome'],
    ['Thanks {{sender.firstName}}', 'Thanks'],
    ['{{sender.firstName}} your ballot arrived', 'your ballot arrived'],
    ['{{sender.firstName}}', ''],
    ['Dear {{sender.firstName}} {{sender.email}}, hello', 'Dear, hello'],
    ['{{sender.firstName}} {{sender.email}} hello', 'hello'],
    ['Ref:{{sender.email}} next', 'Ref: next'],
    ['({{sender.email}})', '()'],
    ['Dear  {{sender.firstName}},', 'Dear ,'],
  ])('%j becomes %j in a subject and a body', (text, expected) => {
    expect(subject(text, nobody)).toBe(expected);
    expect(body(`<p>${text}</p>`, nobody)).toBe(`<p>${expected}</p>`);
  });

  it('takes the non-breaking space an editor writes before a chip, and a source line break', () => {
    expect(body('<p>Dear&nbsp;{{sender.firstName}},</p>', nobody)).toBe('<p>Dear,</p>');
    expect(body('<p>Dear&#160;{{sender.firstName}},</p>', nobody)).toBe('<p>Dear,</p>');
    expect(body('<p>Dear\u00a0{{sender.firstName}},</p>', nobody)).toBe('<p>Dear,</p>');
    expect(body('<p>Dear\n{{sender.firstName}},</p>', nobody)).toBe('<p>Dear,</p>');
    expect(body('<p>{{sender.firstName}}&nbsp;hello</p>', nobody)).toBe('<p>hello</p>');
  });

  it('looks through inline tags for the space, and treats a line or paragraph start as the start', () => {
    expect(body('<p>Dear <b>{{sender.firstName}}</b>,</p>', nobody)).toBe('<p>Dear<b></b>,</p>');
    expect(body('<p>Hello</p><p>{{sender.firstName}} thanks</p>', nobody)).toBe('<p>Hello</p><p>thanks</p>');
    expect(body('Hello<br>{{sender.firstName}} thanks', nobody)).toBe('Hello<br>thanks');
    expect(subject('Line\n{{sender.firstName}} next', nobody)).toBe('Line\nnext');
  });

  it('reports each missing variable once, in order, subject first', () => {
    const filled = fillBlock({ subject: '{{today}} {{ask:Case}}', bodyHtml: '{{sender.firstName}} {{sender.name}} {{sender.email}} {{me.name}} {{me.email}} {{sender.firstName}} {{cursor}}' }, nobody);
    expect(filled.missing).toEqual([
      { kind: 'today' },
      { kind: 'ask', label: 'Case' },
      { kind: 'sender.firstName' },
      { kind: 'sender.name' },
      { kind: 'sender.email' },
      { kind: 'me.name' },
      { kind: 'me.email' },
    ]);
    expect(filled.subject).toBe('');
    expect(filled.bodyHtml).toBe(CURSOR_MARKER);
    expect(filled.bodyHtml).not.toMatch(/[{}]/);
  });

  it('counts a value of only spaces as missing', () => {
    expect(body('Dear {{me.name}},', makeValues({ me: { name: ' \n\t ' } }))).toBe('Dear,');
  });
});

describe('escaping values', () => {
  const hostile = makeValues({ sender: { name: '<script>alert(1)</script> "Bob" & <b>Co</b>', email: 'x@example.com' } });

  it('HTML-escapes values in a body, so a sender cannot inject markup', () => {
    const html = body('<p>{{me.name}}</p>', makeValues({ me: { name: 'Tom <img src=x onerror=alert(1)> & Jerry' } }));
    expect(html).toBe('<p>Tom &lt;img src=x onerror=alert(1)&gt; &amp; Jerry</p>');
    expect(body('{{sender.name}}', makeValues({ sender: { name: `Tom "Cat" & O'Malley` } }))).toBe('Tom Cat &amp; O&#39;Malley');
    expect(body('{{ask:Note}}', makeValues({ answers: { Note: `<a href="javascript:x">'hi'</a>` } }))).toBe('&lt;a href=&quot;javascript:x&quot;&gt;&#39;hi&#39;&lt;/a&gt;');
    expect(body('{{sender.name}}', hostile)).not.toContain('<');
  });

  it('keeps a subject plain text, on one line, without control characters', () => {
    expect(subject('Re: {{ask:Topic}}', makeValues({ answers: { Topic: 'Fees & <costs>' } }))).toBe('Re: Fees & <costs>');
    expect(subject('{{ask:Topic}}', makeValues({ answers: { Topic: 'a\r\nBcc: evil@example.com\u0000' } }))).toBe('a Bcc: evil@example.com');
  });

  it("takes bidirectional overrides, isolates and marks, and C1 controls out of a sender's name, in the body and the subject", () => {
    // "Maria" then a right-to-left override: the reply would show "gro.elpmaxe" turned around, and more.
    const spoofing = makeValues({ sender: { name: 'Maria\u202E Lopez\u202C \u2066Ann\u2069\u200F\u061C\u0085\u009B\u0080', email: 'maria@example.com' } });
    expect(body('<p>Dear {{sender.firstName}}, {{sender.name}}</p>', spoofing)).toBe('<p>Dear Maria, Maria Lopez Ann</p>');
    expect(subject('Re: {{sender.name}} ({{sender.email}})', spoofing)).toBe('Re: Maria Lopez Ann (maria@example.com)');
    for (const value of [body('{{sender.name}}', spoofing), subject('{{sender.name}}', spoofing)]) {
      expect(value).not.toMatch(/[\u0080-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
    }
    expect(subject('{{ask:Topic}}', makeValues({ answers: { Topic: 'ballot\u202Efdp.exe' } }))).toBe('ballotfdp.exe');
  });

  it('puts values in once: a value that looks like a variable stays text', () => {
    const values = makeValues({ sender: { name: '{{me.email}} {{cursor}}', email: 'x@example.com' }, answers: { Q: '{{today}}' } });
    const filled = fillBlock({ subject: '{{sender.name}}', bodyHtml: '{{sender.name}} {{ask:Q}}' }, values);
    expect(filled).toEqual({ subject: '{{me.email}} {{cursor}}', bodyHtml: '{{me.email}} {{cursor}} {{today}}', cursor: null, missing: [] });
  });

  it('never lets a value pose as the cursor marker', () => {
    const filled = fillBlock({ bodyHtml: '{{ask:X}}' }, makeValues({ answers: { X: `a${CURSOR_MARKER}b` } }));
    expect(filled.bodyHtml).toBe('acursorb');
    expect(filled.cursor).toBeNull();
  });
});

describe('variables split by tags', () => {
  it.each([
    ['{{sender.<b>firstName</b>}}', 'Maria'],
    ['<b>{{sender.</b>firstName}}', '<b>Maria</b>'],
    ['{{sender.firstName}<i>}</i>', 'Maria<i></i>'],
    ['<span style="color:red">{{</span>sender.firstName}}', '<span style="color:red">Maria</span>'],
    ['{{<span>sender</span>.<span>first</span>Name}}', 'Maria'],
    ['{{<b>ask:Case</b> <i>number</i>}}', '2026-0042'],
    ['x {{sender.<b>firstName</b>}} y', 'x Maria y'],
  ])('%s → %s', (html, expected) => {
    const filled = body(html, makeValues({ answers: { 'Case number': '2026-0042' } }));
    expect(filled).toBe(expected);
    expect(tagBalance(filled)).toEqual(tagBalance(filled === expected ? html : ''));
  });

  it('keeps the tag balance of hostile splits, and removes a missing split variable cleanly', () => {
    for (const html of ['<b>{{sender.</b><i>firstName}}</i>', '{{<b><i>sender.firstName</b></i>}}', '<u>Dear {{<b>sender.</u>firstName</b>}},']) {
      const filled = body(html, nobody);
      expect(filled).not.toMatch(/[{}]/);
      expect(tagBalance(filled)).toEqual(tagBalance(html));
    }
    expect(body('<u>Dear {{<b>sender.</u>firstName</b>}},', nobody)).toBe('<u>Dear</u>,');
  });

  it('does not read a variable across a line or block edge', () => {
    for (const html of ['<p>{{sender.</p><p>firstName}}</p>', '{{sender.<br>firstName}}', '{{sender.<img src="x.png">firstName}}', '{{sender.<!-- c -->firstName}}']) {
      expect(body(html)).toBe(html);
    }
  });

  it('parses split variables like whole ones', () => {
    expect(parseVariables('{{sender.<b>firstName</b>}} {{<i>ask:</i>Case}}').variables).toEqual([{ kind: 'sender.firstName' }, { kind: 'ask', label: 'Case' }]);
  });
});

describe('prompts', () => {
  it('lists each label once in order of use, subject first, the first default winning', () => {
    const parsed = parseVariables({
      subject: 'Case {{ask:Case number}}',
      bodyHtml: '<p>{{sender.firstName}} {{ ask : case  NUMBER }} {{ask:Office|Recorder}} {{ask:Case number|2026-}} {{ask:office|Elections}} {{today}} {{sender.firstName}}</p>',
    });
    expect(parsed.variables).toEqual([
      { kind: 'ask', label: 'Case number', defaultValue: '2026-' },
      { kind: 'sender.firstName' },
      { kind: 'ask', label: 'Office', defaultValue: 'Recorder' },
      { kind: 'today' },
    ]);
    expect(parsed.prompts).toEqual([
      { kind: 'ask', label: 'Case number', defaultValue: '2026-' },
      { kind: 'ask', label: 'Office', defaultValue: 'Recorder' },
    ]);
    expect(parsed.unknown).toEqual([]);
  });

  it('takes the answer by label, case and spacing aside; an absent answer takes the default, a blank one is missing', () => {
    const block = { bodyHtml: '<p>Office: {{ask:Office|Recorder}}. Case {{ask:Case number}}.</p>' };
    expect(fillBlock(block, makeValues({ answers: { 'case  NUMBER': '42' } })).bodyHtml).toBe('<p>Office: Recorder. Case 42.</p>');
    expect(fillBlock(block, makeValues({ answers: { Office: 'Elections', 'Case number': '42' } })).bodyHtml).toBe('<p>Office: Elections. Case 42.</p>');
    const blank = fillBlock(block, makeValues({ answers: { Office: '  ' } }));
    expect(blank.bodyHtml).toBe('<p>Office:. Case.</p>');
    expect(blank.missing).toEqual([{ kind: 'ask', label: 'Office', defaultValue: 'Recorder' }, { kind: 'ask', label: 'Case number' }]);
  });

  it('fills every occurrence of a label with the same answer, or the first default any of them gives', () => {
    const block = { subject: 'Case {{ask:Case}}', bodyHtml: '<p>{{ask:case}} / {{ask:CASE|none}} / {{ask:Case|other}}</p>' };
    expect(fillBlock(block, makeValues())).toMatchObject({ subject: 'Case none', bodyHtml: '<p>none / none / none</p>', missing: [] });
    expect(fillBlock(block, makeValues({ answers: { case: '9' } }))).toMatchObject({ subject: 'Case 9', bodyHtml: '<p>9 / 9 / 9</p>' });
  });

  it('reads backslash escapes and entities in labels and defaults', () => {
    expect(parseVariables('{{ask:Either A\\|B|A\\}\\\\}} {{ask:Fees &amp; costs&nbsp;due|&lt;none&gt;}} {{ask:a \\{{b}}').variables).toEqual([
      { kind: 'ask', label: 'Either A|B', defaultValue: 'A}\\' },
      { kind: 'ask', label: 'Fees & costs due', defaultValue: '<none>' },
      { kind: 'ask', label: 'a {{b' },
    ]);
    expect(parseVariables('{{ask:Total | with tax}}', 'text').variables).toEqual([{ kind: 'ask', label: 'Total', defaultValue: 'with tax' }]);
  });

  it('writes variables so that they read back the same', () => {
    const variables: BlockVariable[] = [
      { kind: 'sender.firstName' },
      { kind: 'cursor' },
      { kind: 'ask', label: 'Case number' },
      { kind: 'ask', label: 'A | B {{x}} \\ }}', defaultValue: 'c|d}}' },
      { kind: 'ask', label: 'Name', defaultValue: '' },
    ];
    const written = variables.map(formatVariable);
    expect(written.slice(0, 3)).toEqual(['{{sender.firstName}}', '{{cursor}}', '{{ask:Case number}}']);
    expect(parseVariables(written.join(' '), 'text').variables).toEqual([...variables.slice(0, 4), { kind: 'ask', label: 'Name' }]);
  });
});

describe('escaping a variable', () => {
  it('writes \\{{…}} as the braces themselves, and leaves \\ before anything else', () => {
    expect(body('Type \\{{sender.firstName}} to greet, {{sender.firstName}}.')).toBe('Type {{sender.firstName}} to greet, Maria.');
    expect(body('C:\\{{folder}} and C:\\temp')).toBe('C:\\{{folder}} and C:\\temp');
    expect(parseVariables('\\{{today}}').variables).toEqual([]);
  });

  it('undoes an escape split from its braces by a tag', () => {
    expect(body('\\<b>{{today}}</b>')).toBe('<b>{{today}}</b>');
  });

  it('reads the last two of a run of braces, and starts again at an opening pair inside', () => {
    expect(body('{{{today}}}')).toBe('{November 23, 2026}');
    expect(body('{{ {{today}}')).toBe('{{ November 23, 2026');
  });
});

describe('the cursor', () => {
  it('becomes the marker once in a body; later ones and the subject one are removed', () => {
    const filled = fillBlock({ subject: 'Re: {{cursor}} ballot', bodyHtml: '<p>A {{cursor}} B {{cursor}} C</p><p>{{cursor}}</p>' }, makeValues());
    expect(filled.bodyHtml).toBe(`<p>A ${CURSOR_MARKER} B C</p><p></p>`);
    expect(filled.subject).toBe('Re: ballot');
    expect(filled.cursor).toBe(CURSOR_MARKER);
    expect(filled.missing).toEqual([]);
  });

  it('is private-use text that hosts find, take out for the caret, or remove', () => {
    expect(CURSOR_MARKER).toMatch(/^[\uE000-\uF8FF].*[\uE000-\uF8FF]$/);
    expect(takeCursorMarker(`Hello ${CURSOR_MARKER}, bye`)).toEqual({ text: 'Hello , bye', caret: 6 });
    expect(takeCursorMarker('Hello')).toEqual({ text: 'Hello', caret: null });
    expect(removeCursorMarker(`<p>${CURSOR_MARKER}x${CURSOR_MARKER}</p>`)).toBe('<p>x</p>');
  });
});

describe("today's date", () => {
  it.each([
    ['en-US', 'America/Chicago', NOON_ISH, 'November 23, 2026'],
    ['de-DE', 'Europe/Berlin', NOON_ISH, '23. November 2026'],
    // 03:00 UTC on the 23rd is still the 22nd in Los Angeles, and already the 23rd in Tokyo.
    ['en-US', 'America/Los_Angeles', new Date(Date.UTC(2026, 10, 23, 3, 0, 0)), 'November 22, 2026'],
    ['es-MX', 'Asia/Tokyo', new Date(Date.UTC(2026, 10, 22, 20, 0, 0)), '23 de noviembre de 2026'],
  ])('%s in %s', (locale, timeZone, date, expected) => {
    expect(body('{{today}}', makeValues({ today: { date, locale, timeZone } }))).toBe(expected);
  });

  it('is missing, not wrong, for an unknown time zone, a malformed locale or an invalid date', () => {
    expect(formatToday({ date: NOON_ISH, locale: 'en-US', timeZone: 'Mars/Olympus' })).toBe('');
    expect(formatToday({ date: NOON_ISH, locale: '!!', timeZone: 'UTC' })).toBe('');
    expect(formatToday({ date: new Date(Number.NaN), locale: 'en-US', timeZone: 'UTC' })).toBe('');
    expect(fillBlock({ bodyHtml: 'On {{today}}.' }, makeValues({ today: { date: NOON_ISH, locale: 'en-US', timeZone: 'Nowhere' } }))).toMatchObject({ bodyHtml: 'On.', missing: [{ kind: 'today' }] });
  });
});

describe("the sender's names", () => {
  it.each([
    [{ name: 'Maria Lopez' }, 'Maria', 'Maria Lopez'],
    [{ name: 'Lopez, Maria' }, 'Maria', 'Maria Lopez'],
    [{ name: '"Lopez, Maria"' }, 'Maria', 'Maria Lopez'],
    [{ name: "'Maria Lopez'" }, 'Maria', 'Maria Lopez'],
    [{ name: 'Lopez Garcia, Maria Elena' }, 'Maria', 'Maria Elena Lopez Garcia'],
    [{ name: 'Dr. Maria Lopez' }, 'Maria', 'Dr. Maria Lopez'],
    [{ name: 'Mrs Maria Lopez' }, 'Maria', 'Mrs Maria Lopez'],
    [{ name: 'Prof. Dr. Hans Weber' }, 'Hans', 'Prof. Dr. Hans Weber'],
    [{ name: 'Dr. Smith', email: 'maria.lopez@example.com' }, '', 'Dr. Smith'],
    [{ name: 'Maria Lopez, PhD' }, 'Maria', 'Maria Lopez'],
    [{ name: 'Lopez, Maria, Jr.' }, 'Maria', 'Maria Lopez'],
    [{ name: 'Maria Lopez (Recorder)' }, 'Maria', 'Maria Lopez'],
    [{ name: 'Maria Lopez <maria@example.com>' }, 'Maria', 'Maria Lopez'],
    [{ name: 'MARIA LOPEZ' }, 'Maria', 'Maria Lopez'],
    [{ name: 'maria lopez' }, 'Maria', 'Maria Lopez'],
    [{ name: 'JEAN-LUC PICARD' }, 'Jean-Luc', 'Jean-Luc Picard'],
    [{ name: "Siobhán O'Brien" }, 'Siobhán', "Siobhán O'Brien"],
    [{ name: 'DeShawn McKenzie' }, 'DeShawn', 'DeShawn McKenzie'],
    [{ name: 'J. Robert Smith' }, 'Robert', 'J. Robert Smith'],
    [{ name: 'J. Smith' }, '', 'J. Smith'],
    [{ name: 'Maria' }, 'Maria', 'Maria'],
    [{ name: '  Maria \n Lopez ' }, 'Maria', 'Maria Lopez'],
    [{ email: 'maria.lopez@example.com' }, 'Maria', 'Maria Lopez'],
    [{ email: 'maria_lopez84+ballots@example.com' }, 'Maria', 'Maria Lopez'],
    [{ name: 'maria.lopez@example.com', email: 'maria.lopez@example.com' }, 'Maria', 'Maria Lopez'],
    [{ name: '', email: 'mlopez@example.com' }, '', ''],
    [{ email: 'info.desk@example.com' }, '', ''],
    [{ email: 'no-reply@example.com' }, '', ''],
    [{ email: 'j.smith@example.com' }, '', ''],
    [{ name: 'Alder County Elections', email: 'elections@aldercounty.example' }, '', 'Alder County Elections'],
    [{ name: 'Support Team' }, '', 'Support Team'],
    [{ name: '12345' }, '', ''],
    [{ name: '---', email: 'not an address' }, '', ''],
    [{}, '', ''],
    [undefined, '', ''],
  ])('%j: first name %j, full name %j', (person, first, full) => {
    expect(personFirstName(person)).toBe(first);
    expect(personFullName(person)).toBe(full);
  });

  it('finds the address in the field or in the display name, and nothing that is not one', () => {
    expect(personEmail({ email: ' maria@example.com ' })).toBe('maria@example.com');
    expect(personEmail({ name: 'Maria <maria@example.com>' })).toBe('maria@example.com');
    expect(personEmail({ name: 'maria@example.com' })).toBe('maria@example.com');
    expect(personEmail({ email: 'maria at example' })).toBe('');
    expect(personEmail({ email: '<script>@x' })).toBe('');
  });

  it('takes no markup or script from a display name', () => {
    expect(personFullName({ name: '<script>alert(1)</script>', email: 'maria.lopez@example.com' })).toBe('Alert');
    expect(personFirstName({ name: '<script>', email: 'maria.lopez@example.com' })).toBe('Maria');
    expect(body('{{sender.name}}', makeValues({ sender: { name: '<b onmouseover=x>Bob</b> <i>' } }))).toBe('Bob');
  });

  it('greets a sender without a sensible first name without a gap', () => {
    const values = makeValues({ sender: { name: 'Alder County Elections', email: 'elections@aldercounty.example' } });
    const filled = fillBlock({ bodyHtml: '<p>Dear {{sender.firstName}},</p>' }, values);
    expect(filled).toMatchObject({ bodyHtml: '<p>Dear,</p>', missing: [{ kind: 'sender.firstName' }] });
  });
});

describe('renderVariables: showing variables rather than filling them', () => {
  it('puts what the caller renders in place of each variable, as given, and reads the rest as fillBlock does', () => {
    const shown = renderVariables('<p>Dear {{sender.<b>firstName</b>}}, {{ask:Case &amp; number|1}} \\{{today}} {{ order_id }}</p>', 'html', (variable) => `[${variableLabel(variable)}]`);
    expect(shown).toBe("<p>Dear [Sender's first name], [Ask: Case & number] {{today}} {{ order_id }}</p>");
    expect(renderVariables('Re: {{me.email}}', 'text', (variable) => `<${variable.kind}>`)).toBe('Re: <me.email>');
  });
});

describe('hostile input', () => {
  // Quadratic scanning would take minutes on these and fail by the test's time-out; a linear one
  // finishes at once. How fast it is belongs to the benchmarks, not to these assertions.
  it('fills a 1 MB body of unmatched braces, unchanged', () => {
    const shapes = ['{{'.repeat(500_000), '{{a '.repeat(250_000), `${'{{\\'.repeat(300_000)}`, '<b>{{</b>'.repeat(100_000), `{{${'x'.repeat(1_000_000)}`, '<'.repeat(1_000_000), '<a title="{{'.repeat(80_000), '{{ask:\\|'.repeat(120_000)];
    for (const html of shapes) {
      const filled = fillBlock({ bodyHtml: html, subject: html }, makeValues());
      expect(filled.bodyHtml).toBe(html);
    }
  });

  it('fills a 1 MB body with 50,000 variables', () => {
    const html = '<p>Dear <b>{{sender.firstName}}</b>, {{ask:Case}} {{cursor}}</p>'.repeat(20_000);
    const filled = fillBlock({ bodyHtml: html }, makeValues({ answers: { Case: '7' } })).bodyHtml;
    expect(filled.startsWith(`<p>Dear <b>Maria</b>, 7 ${CURSOR_MARKER}</p><p>Dear <b>Maria</b>, 7</p>`)).toBe(true);
    expect(parseVariables(html).prompts).toHaveLength(1);
  });

  it('derives names from huge hostile senders', () => {
    const senders = [
      { name: `${','.repeat(200_000)}x`, email: `maria${'1'.repeat(200_000)}a.lopez@example.com` },
      { name: `Maria ${'.'.repeat(200_000)}x ${'('.repeat(100_000)}`, email: `${'a.'.repeat(100_000)}@x` },
      { name: `${'<'.repeat(100_000)}${' ,'.repeat(100_000)}`, email: `${'+'.repeat(100_000)}@x` },
    ];
    for (const sender of senders) {
      const filled = fillBlock({ bodyHtml: '{{sender.firstName}} {{sender.name}} {{sender.email}}', subject: '{{sender.firstName}}' }, makeValues({ sender }));
      expect(filled.bodyHtml).not.toContain('{{');
      expect(filled.bodyHtml).not.toContain('<<');
    }
  });

  it('removes a run of missing variables without walking back over them', () => {
    const html = `<p>Hi ${'{{sender.firstName}}'.repeat(100_000)}!</p>`;
    expect(body(html, nobody)).toBe('<p>Hi!</p>');
  });
});
