// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../../src/domain/escape-html';

describe('escapeHtml', () => {
  it('turns the five characters that can end text or an attribute into references, and nothing else', () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;');
    expect(escapeHtml('Teléfono: 555 · ok\n')).toBe('Teléfono: 555 · ok\n');
  });

  it('escapes an already escaped text again, so what is shown is what was typed', () => {
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
  });
});
