// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { BLOCK_CSV_COLUMNS, describeImportError, type ExportedBlock } from '../../../src/api/contract/admin-transfer';
import { blocksCsv, parseBlocksCsv, readCell, transferCell } from '../../../server/library/block-csv';
import { makeSpanishDropBoxes } from '../../fixtures/factories';

/** A block of an export; override any field. */
function makeExportedBlock(overrides: Partial<ExportedBlock> = {}): ExportedBlock {
  return {
    _id: '0123456789abcdef01234567',
    name: 'Ballot drop boxes',
    body: '<p>Drop boxes are open until 8 p.m.</p>',
    categories: ['Mail Ballots'],
    supportedContexts: ['outlook', 'gmail'],
    cc: ['elections@alder.test'],
    subjectLine: 'Ballot drop boxes',
    attachments: [{ name: 'Map.pdf', url: 'https://files.alder.test/map.pdf' }],
    examples: [],
    shortcut: ';boxes',
    showFrom: null,
    showUntil: null,
    variants: [],
    ...overrides,
  };
}

/** What the import reads back for a block, as `adminBlockInput` receives it. */
/** A block as a file reads back: an empty subject line is none, and dates left empty are left out. */
const asRead = ({ showFrom, showUntil, ...block }: ExportedBlock) => ({
  ...block,
  subjectLine: block.subjectLine === '' ? null : block.subjectLine,
  ...(showFrom ? { showFrom } : {}),
  ...(showUntil ? { showUntil } : {}),
});

describe('the formula guard of a block file', () => {
  it.each([
    ['=SUM(1)', `"'=SUM(1)"`],
    ['+1', `"'+1"`],
    ['-2 days', `"'-2 days"`],
    ['@home', `"'@home"`],
    ['\tTabbed', `"'\tTabbed"`],
    ["'=already", `"''=already"`],
    ["''-twice", `"'''-twice"`],
    ["'plain", `"'plain"`],
    ['plain = fine', '"plain = fine"'],
    ['say "hi"', '"say ""hi"""'],
  ])('writes %j as %s and reads it back exactly', (value, cell) => {
    expect(transferCell(value)).toBe(cell);
    const unquoted = cell.slice(1, -1).replace(/""/g, '"');
    expect(readCell(unquoted)).toBe(value);
  });
});

describe('a block file in CSV', () => {
  it('starts with a byte order mark and the header, and ends every record with CRLF', () => {
    const csv = blocksCsv([makeExportedBlock()]);
    expect(csv.startsWith(`\uFEFF${BLOCK_CSV_COLUMNS.map((column) => `"${column}"`).join(',')}\r\n`)).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(csv).toContain('"outlook\ngmail"');
    expect(csv).toContain('"Map.pdf <https://files.alder.test/map.pdf>"');
  });

  it('reads back exactly the blocks it was made of, whatever their text', () => {
    const blocks = [
      makeExportedBlock(),
      makeExportedBlock({ name: '=SUM(A1:A9)', subjectLine: null, cc: [], attachments: [], categories: [] }),
      makeExportedBlock({ name: "'-quoted", body: 'Line one\r\nline "two"\nline, three\r\n', categories: ['Fees; payments', '+ extras', '"Quoted"'] }),
      makeExportedBlock({
        name: 'שלום 👋 مرحبا',
        subjectLine: '@mention',
        attachments: [
          { name: 'Map <north>', url: 'https://files.alder.test/a.pdf?x=1&y="2"' },
          { name: '-minus.pdf', url: 'https://files.alder.test/b.pdf' },
        ],
        supportedContexts: ['text_input'],
        showFrom: '2026-10-01',
        showUntil: '2026-11-03',
      }),
    ];
    const rows = parseBlocksCsv(blocksCsv(blocks));
    expect(rows.map((row) => row.errors)).toEqual(blocks.map(() => []));
    expect(rows.map((row) => row.row)).toEqual([1, 2, 3, 4]);
    expect(rows.map((row) => row.input)).toEqual(blocks.map(asRead));
  });

  it('reads generated text back exactly', () => {
    const alphabet = ['a', 'Z', ' ', ',', ';', '"', "'", '=', '+', '-', '@', '\t', '\r\n', '\n', '<', '>', 'é', '😀'];
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    const text = (length: number) => Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
    const blocks = Array.from({ length: 50 }, (_, index) => makeExportedBlock({ name: `${text(8)}${index}`.replace(/[\r\n\t]/g, ' '), body: text(40) }));
    const rows = parseBlocksCsv(blocksCsv(blocks));
    expect(rows.map((row) => [row.input?.name, row.input?.body])).toEqual(blocks.map((block) => [block.name, block.body]));
  });

  it('takes the columns in any order, _id left out, blank lines skipped with their numbers kept', () => {
    const csv = 'name,body,supportedContexts,categories,cc,subjectLine,attachments\nFirst,<p>1</p>,outlook,,,,\n\nThird,<p>3</p>,"gmail\n\noutlook\n",A,,,\n';
    const rows = parseBlocksCsv(csv);
    expect(rows.map((row) => row.row)).toEqual([1, 3]);
    expect(rows[1]!.input).toMatchObject({ name: 'Third', supportedContexts: ['gmail', 'outlook'], categories: ['A'], subjectLine: null, _id: '' });
  });

  it('reads a file a spreadsheet saved with semicolons or tabs', () => {
    for (const separator of [';', '\t']) {
      const csv = `${BLOCK_CSV_COLUMNS.join(separator)}\r\n${['', 'en', 'Fees', '"<p>1, 2; 3</p>"', '', 'outlook', '', '', '', '', '', '', ''].join(separator)}\r\n`;
      const [row] = parseBlocksCsv(csv);
      expect(row).toMatchObject({ errors: [], input: { name: 'Fees', body: '<p>1, 2; 3</p>', supportedContexts: ['outlook'] } });
    }
  });

  it('refuses a file that is not one of blocks, and names a row that cannot be read', () => {
    expect(() => parseBlocksCsv('')).toThrow('It is empty');
    expect(() => parseBlocksCsv('name,body,colour\n')).toThrow('Unknown column "colour"');
    expect(() => parseBlocksCsv(`${BLOCK_CSV_COLUMNS.join(',')},name\n`)).toThrow('The column name is there twice.');
    expect(() => parseBlocksCsv('name,categories\n')).toThrow('Missing column body: every block needs a name and a body.');
    expect(() => parseBlocksCsv('subjectLine\n')).toThrow('Missing columns name, body');
    expect(() => parseBlocksCsv(`${BLOCK_CSV_COLUMNS.join(',')}\n,,a,"b,,outlook,,,\n`)).toThrow('Row 1: a quoted cell is not closed.');
    const [short, odd] = parseBlocksCsv(`${BLOCK_CSV_COLUMNS.join(',')}\n,,a,b\n,,a,b,,outlook,,,Guide https://x.test/g.pdf,,,,\n`);
    expect(short).toEqual({ row: 1, input: null, errors: [{ row: 1, field: '', message: `has 4 cells; the header has ${BLOCK_CSV_COLUMNS.length}` }] });
    expect(odd!.errors).toEqual([{ row: 2, field: 'attachments.0', message: 'must be written as name <https://address>' }]);
  });

  it('takes a spreadsheet of names and bodies only: the other fields are left to their defaults', () => {
    const rows = parseBlocksCsv('Name,Body\r\nDrop Box Hours,Drop boxes are open until 8 p.m.\r\n');
    expect(rows).toEqual([{ row: 1, errors: [], input: { _id: '', name: 'Drop Box Hours', body: 'Drop boxes are open until 8 p.m.', categories: [], cc: [], subjectLine: null, attachments: [], examples: [] } }]);
    expect(rows[0]!.input).not.toHaveProperty('supportedContexts');
  });

  it('reads places as the app labels them, leaves an empty cell to the default, and names a wrong place by row and column', () => {
    const [labelled, empty, wrong] = parseBlocksCsv('name,body,supportedContexts\nA,a,"Outlook\nText fields"\nB,b,\nC,c,"gmail\nOutlok"\n');
    expect(labelled!.input).toMatchObject({ supportedContexts: ['outlook', 'text_input'] });
    expect(empty!.input).not.toHaveProperty('supportedContexts');
    expect(wrong!.errors).toEqual([{ row: 3, field: 'supportedContexts.1', message: 'must be outlook, gmail or text_input (one per line), not "Outlok"' }]);
  });
});

describe('a block file in CSV with languages', () => {
  const spanish = {
    ...makeSpanishDropBoxes({ body: '<p>Los buzones están abiertos hasta las 8 p.m.</p>', subjectLine: 'Buzones', attachments: [{ name: 'Mapa.pdf', url: 'https://files.alder.test/mapa.pdf' }], examples: [] as string[] }),
    needsUpdate: false,
  } as { language: string; name: string; body: string; subjectLine: string; attachments: Array<{ name: string; url: string }>; examples: string[]; needsUpdate: boolean };
  const french = { language: 'fr', name: '=Boîtes', body: 'Les boîtes, "ouvertes"\r\njusqu’à 20 h', subjectLine: null, attachments: [], examples: [], needsUpdate: true };

  it('writes a record per variant after its block: the block’s _id, the language and the text, the other cells empty', () => {
    const csv = blocksCsv([makeExportedBlock({ variants: [spanish] })]);
    const [, english, variant] = csv.slice(1).split('\r\n');
    expect(english!.startsWith('"0123456789abcdef01234567","en","Ballot drop boxes"')).toBe(true);
    const cells = BLOCK_CSV_COLUMNS.map((column) => {
      const text: Partial<Record<string, string>> = {
        _id: '0123456789abcdef01234567',
        language: 'es',
        name: 'Buzones de boletas',
        body: '<p>Los buzones están abiertos hasta las 8 p.m.</p>',
        subjectLine: 'Buzones',
        attachments: 'Mapa.pdf <https://files.alder.test/mapa.pdf>',
      };
      return `"${text[column] ?? ''}"`;
    });
    expect(variant).toBe(cells.join(','));
  });

  it('reads back each block with its variants, one block per English record, the variants’ rows kept', () => {
    const blocks = [
      makeExportedBlock({ variants: [spanish, french] }),
      makeExportedBlock({ _id: 'abcdefabcdefabcdefabcdef', name: 'No variants', shortcut: ';none' }),
      makeExportedBlock({ _id: '111111111111111111111111', name: 'Spanish only', shortcut: ';es', variants: [{ ...spanish, subjectLine: null, attachments: [] }] }),
    ];
    const rows = parseBlocksCsv(blocksCsv(blocks));
    expect(rows.map((row) => [row.row, row.variantRows, row.errors])).toEqual([
      [1, [2, 3], []],
      [4, [], []],
      [5, [6], []],
    ]);
    // needsUpdate is not in the file: the server keeps it (server/library/block-transfer.ts).
    const readVariants = (block: ExportedBlock) => block.variants.map(({ needsUpdate: _server, ...variant }) => variant);
    expect(rows.map((row) => row.input)).toEqual(blocks.map((block) => ({ ...asRead(block), variants: readVariants(block) })));
  });

  it('leaves the variants out of a file without the language column, as files from before it are', () => {
    const header = BLOCK_CSV_COLUMNS.filter((column) => column !== 'language');
    const rows = parseBlocksCsv(`${header.join(',')}\r\n0123456789abcdef01234567,Drop boxes,<p>Open</p>,,outlook,,,,,,,\r\n,Fees,<p>$5</p>,,,,,,,,,\r\n`);
    expect(rows.map((row) => [row.row, row.errors, row.input?.name])).toEqual([
      [1, [], 'Drop boxes'],
      [2, [], 'Fees'],
    ]);
    expect(rows[0]!.input).not.toHaveProperty('variants');
    expect(rows[0]).not.toHaveProperty('variantRows');
  });

  it('takes a spreadsheet’s variant rows under their English row, the language by code or name in any case', () => {
    const csv = [
      'Name,Body,Language,Subjectline',
      'Drop boxes,<p>Open until 8.</p>,,Drop boxes',
      'Buzones,<p>Abiertos hasta las 8.</p>,Spanish,',
      'Boîtes,<p>Ouvertes jusqu’à 20 h.</p>, FR ,Boîtes',
      'Fees,<p>$5 a page.</p>,EN,',
      'Tarifas,<p>$5 por página.</p>,es,',
    ].join('\r\n');
    const rows = parseBlocksCsv(csv);
    expect(rows.map((row) => [row.row, row.variantRows, row.errors])).toEqual([
      [1, [2, 3], []],
      [4, [5], []],
    ]);
    expect(rows[0]!.input!.variants).toEqual([
      { language: 'es', name: 'Buzones', body: '<p>Abiertos hasta las 8.</p>', subjectLine: null, attachments: [], examples: [] },
      { language: 'fr', name: 'Boîtes', body: '<p>Ouvertes jusqu’à 20 h.</p>', subjectLine: 'Boîtes', attachments: [], examples: [] },
    ]);
    expect(rows[1]!.input).toMatchObject({ name: 'Fees', variants: [{ language: 'es', name: 'Tarifas' }] });
  });

  it('puts a variant row with an _id with the English row of that _id, wherever the spreadsheet sorted it', () => {
    const first = '0123456789abcdef01234567';
    const second = 'abcdefabcdefabcdefabcdef';
    const csv = ['_id,language,name,body', `${second},de,Gebühren,<p>5 $</p>`, `${first},en,Drop boxes,<p>Open</p>`, `${second},en,Fees,<p>$5</p>`, `${first},es,Buzones,<p>Abiertos</p>`].join('\n');
    const rows = parseBlocksCsv(csv);
    expect(rows.map((row) => [row.row, row.input?.name, row.variantRows, (row.input?.variants as Array<{ language: string }>).map((variant) => variant.language)])).toEqual([
      [2, 'Drop boxes', [4], ['es']],
      [3, 'Fees', [1], ['de']],
    ]);
  });

  it('names each wrong variant row by its row and language: an unknown language, a second row in one language, no block, a block’s own column', () => {
    const id = '0123456789abcdef01234567';
    const csv = [
      '_id,language,name,body,categories,attachments',
      ',es,Huérfano,<p>Sin bloque</p>,,',
      `${id},en,Drop boxes,<p>Open</p>,Mail Ballots,`,
      `${id},klingon,Buzones,<p>Abiertos</p>,,`,
      ',es,Buzones,<p>Abiertos</p>,,Mapa https://x.test/m.pdf',
      `${id},ES,Buzones otra vez,<p>Abiertos</p>,,`,
      ',fr,Boîtes,<p>Ouvertes</p>,Mail Ballots,',
      'ffffffffffffffffffffffff,de,Kästen,<p>Offen</p>,,',
    ].join('\n');
    const rows = parseBlocksCsv(csv);
    expect(rows.flatMap((row) => row.errors)).toEqual([
      { row: 1, language: 'es', field: 'language', message: "This row's block is unknown: put it after its block's English row (language en), or give the block's _id." },
      { row: 4, language: 'es', field: 'attachments.0', message: 'must be written as name <https://address>' },
      { row: 5, language: 'es', field: 'language', message: 'The block of row 2 already has a Spanish row: row 4.' },
      { row: 6, language: 'fr', field: 'categories', message: "must be empty in a French row: the block's English row gives it" },
      { row: 3, field: 'language', message: 'must be one of en (English), es (Spanish), fr (French), de (German), it (Italian), pt (Portuguese), not "klingon"' },
      { row: 7, language: 'de', field: '_id', message: 'No English row (language en) of the file has this _id: give a variant the _id of its block.' },
    ]);
    expect(describeImportError(rows[1]!.errors[2]!)).toBe('Row 6 (fr) · categories: The value must be empty in a French row: the block\'s English row gives it.');
  });
});
