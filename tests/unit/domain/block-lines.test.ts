// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { caretFollowsText, needsLineBreakBefore, startsWithBlockElement } from '../../../src/domain/block-lines';
import { CURSOR_MARKER } from '../../../src/domain/cursor-marker';

describe('startsWithBlockElement', () => {
  it.each([
    '<p>Vote centers are open.</p>',
    '<ul><li>One</li></ul><p>After</p>',
    '<ol><li>One</li></ol>',
    '<div>Hi</div>',
    '<H2>Title</H2>',
    '<blockquote>Quoted</blockquote>',
    '<table><tr><td>1</td></tr></table>',
    '<pre>code</pre>',
    '<hr>',
    '\n  <p>After whitespace</p>',
    '<!-- a note --><p>After a comment</p>',
    `${CURSOR_MARKER}<p>After the cursor</p>`,
  ])('is true for %j', (html) => {
    expect(startsWithBlockElement(html)).toBe(true);
  });

  it.each([
    'Thank you for writing.',
    'see you at the <strong>vote center</strong>.',
    '<strong>Bold</strong><p>then a paragraph</p>',
    '<a href="https://example.com">link</a>',
    '<span><p>a paragraph inside an inline element</p></span>',
    '<br><p>a line break first</p>',
    '&nbsp;<p>an entity first</p>',
    '<paragraph>not HTML</paragraph>',
    '<pictures>not a p</pictures>',
    '',
    '   ',
    '<!-- unterminated',
    '< p>not a tag</p>',
  ])('is false for %j', (html) => {
    expect(startsWithBlockElement(html)).toBe(false);
  });

  it('reads only the start of a long block', () => {
    const long = `<p>${'word '.repeat(200_000)}</p>`;
    const started = performance.now();
    for (let i = 0; i < 1000; i++) startsWithBlockElement(long);
    expect(performance.now() - started).toBeLessThan(200);
  });
});

describe('caretFollowsText', () => {
  it.each([
    ['Hello Jordan,', true],
    ['Dear all,\nHello Jordan,', true],
    ['Hello there', true],
    ['Hello Jordan,\r\nx', true],
    ['', false],
    ['Hello Jordan,\n', false],
    ['Hello Jordan,\r\n', false],
    ['Hello Jordan,\n   ', false],
    ['Hello Jordan,\n\u00a0\u200b\ufeff\t', false],
  ])('%j -> %s', (before, expected) => {
    expect(caretFollowsText(before)).toBe(expected);
  });
});

describe('needsLineBreakBefore', () => {
  it('asks for a break only for a block element after text on the line', () => {
    expect(needsLineBreakBefore('<p>Vote</p>', true)).toBe(true);
    expect(needsLineBreakBefore('<ul><li>Vote</li></ul>', true)).toBe(true);
    expect(needsLineBreakBefore('<p>Vote</p>', false)).toBe(false);
    expect(needsLineBreakBefore('see you <b>there</b>', true)).toBe(false);
  });
});
