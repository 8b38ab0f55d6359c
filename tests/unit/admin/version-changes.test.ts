// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { versionChanges } from '../../../src/admin/block-editor/version-changes';

const base = {
  name: 'Vote Centers',
  body: '<p>Vote centers open at <b>7 am</b>.</p>',
  categories: ['Hours'],
  supportedContexts: ['outlook' as const],
  cc: [],
  subjectLine: null,
  attachments: [],
  examples: [] as string[],
  shortcut: null as string | null,
  showFrom: null as string | null,
  showUntil: null as string | null,
};

describe('what a version changed', () => {
  it('lists changed fields as before and after, and the body word by word', () => {
    const changes = versionChanges(base, { ...base, name: 'Vote Center Hours', body: '<p>Vote centers open at <b>8 am</b>.</p>', supportedContexts: ['outlook', 'gmail'] });
    expect(changes.fields).toEqual([
      { label: 'Name', before: 'Vote Centers', after: 'Vote Center Hours' },
      { label: 'Used in', before: 'Outlook', after: 'Outlook, Gmail' },
    ]);
    const runs = changes.body ?? [];
    expect(runs.filter((run) => run.change === 'removed').map((run) => run.text.trim())).toEqual(['7']);
    expect(runs.filter((run) => run.change === 'added').map((run) => run.text.trim())).toEqual(['8']);
    expect(runs.map((run) => (run.change === 'removed' ? '' : run.text)).join('')).toBe('Vote centers open at 8 am.');
  });

  it('says nothing of an unchanged body, and shows a first version as all added', () => {
    expect(versionChanges(base, { ...base, shortcut: ';vote' }).fields).toEqual([{ label: 'Shortcut', before: '(none)', after: ';vote' }]);
    expect(versionChanges(base, { ...base, cc: ['a@alder.gov'] })).toEqual({ fields: [{ label: 'Cc', before: '(none)', after: 'a@alder.gov' }], body: null });
    const first = versionChanges(null, base);
    expect(first.body).toEqual([{ text: 'Vote centers open at 7 am.', change: 'added' }]);
    expect(first.fields.map((field) => field.label)).toEqual(['Name', 'Subject line', 'Shortcut', 'Categories', 'Used in', 'Cc', 'Attachments', 'Questions people ask', 'Show from', 'Show until']);
  });

  it('shows the example questions before and after, one after another', () => {
    expect(versionChanges(base, { ...base, examples: ['my ballot never came', 'where is my ballot'] }).fields).toEqual([
      { label: 'Questions people ask', before: '(none)', after: 'my ballot never came / where is my ballot' },
    ]);
  });
});

describe('what a version changed in a variant', () => {
  const spanish = { language: 'es', name: 'Centros de votación', body: '<p>Abren a las <b>7</b>.</p>', subjectLine: null, attachments: [], examples: [], needsUpdate: false };

  it('names each changed text of a variant by its language, and a variant added or removed against "(none)"', () => {
    expect(versionChanges({ ...base, variants: [spanish] }, { ...base, variants: [{ ...spanish, body: '<p>Abren a las <b>8</b>.</p>' }] })).toEqual({
      fields: [{ label: 'Spanish text', before: 'Abren a las 7.', after: 'Abren a las 8.' }],
      body: null,
    });
    expect(versionChanges({ ...base, variants: [] }, { ...base, variants: [spanish] }).fields).toEqual([
      { label: 'Spanish name', before: '(none)', after: 'Centros de votación' },
      { label: 'Spanish text', before: '(none)', after: 'Abren a las 7.' },
    ]);
    expect(versionChanges({ ...base, variants: [spanish] }, { ...base, variants: [] }).fields.map((field) => [field.label, field.after])).toEqual([
      ['Spanish name', '(none)'],
      ['Spanish text', '(none)'],
    ]);
  });

  it('says nothing of a variant whose only change is its needs-update mark', () => {
    expect(versionChanges({ ...base, variants: [spanish] }, { ...base, variants: [{ ...spanish, examples: [], needsUpdate: true }] })).toEqual({ fields: [], body: null });
  });
});
