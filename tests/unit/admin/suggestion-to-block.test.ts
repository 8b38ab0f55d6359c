// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { blockFormOfSuggestion } from '../../../src/admin/suggestions/suggestion-to-block';
import type { AdminSuggestion } from '../../../src/api/contract/admin';

const suggestion = (body: string, supportedContexts: AdminSuggestion['supportedContexts'] = ['gmail']): AdminSuggestion => ({
  _id: '64b0000000000000000000e1',
  name: 'Drop box hours',
  body,
  supportedContexts,
  suggestedBy: { _id: '64b0000000000000000000f1', email: 'dana@alder.example' },
  createdAt: '2026-11-23T04:00:00.000Z',
  status: 'open',
  decidedAt: null,
  decidedBy: null,
  note: null,
  blockId: null,
  language: 'en',
});

describe('a suggestion as the start of a block', () => {
  it('turns plain text into escaped paragraphs and line breaks', () => {
    const form = blockFormOfSuggestion(suggestion('Open until 8 p.m.\r\nBring ID.\n\n\n<script>alert(1)</script> & more'));
    expect(form.body).toBe('<p>Open until 8 p.m.<br>Bring ID.</p><p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; more</p>');
    expect(form).toMatchObject({ name: 'Drop box hours', categories: '' });
  });

  it("starts a suggestion in another language as the block's version in it, the English fields left to write", () => {
    const form = blockFormOfSuggestion({ ...suggestion('Abiertos hasta las 8 p.m.'), name: 'Horario de los buzones', language: 'es' });
    expect(form).toMatchObject({ name: '', body: '' });
    expect(form.variants).toEqual([{ language: 'es', name: 'Horario de los buzones', body: '<p>Abiertos hasta las 8 p.m.</p>', subjectLine: '', attachments: [], examples: '', needsUpdate: false }]);
  });

  it('starts in every place, text fields included, whatever places the suggestion names', () => {
    for (const places of [['outlook', 'gmail'], ['gmail'], []] as Array<AdminSuggestion['supportedContexts']>) {
      expect(blockFormOfSuggestion(suggestion('x', places)).supportedContexts).toEqual(['outlook', 'gmail', 'text_input']);
    }
  });
});
