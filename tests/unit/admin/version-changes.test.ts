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

describe('what a version changed in other languages', () => {
  const spanish = { language: 'es', name: 'Centros de votación', body: '<p>Los centros abren a las 7.</p>', subjectLine: null, attachments: [], examples: [], needsUpdate: false };

  it('says a version was added or removed, by its name', () => {
    expect(versionChanges({ ...base, variants: [] }, { ...base, variants: [spanish] }).fields).toEqual([{ label: 'Spanish version', before: '(none)', after: 'Added: Centros de votación' }]);
    expect(versionChanges({ ...base, variants: [spanish] }, { ...base, variants: [] }).fields).toEqual([{ label: 'Spanish version', before: 'Centros de votación', after: 'Removed' }]);
  });

  it('lists what changed in a version, its content as text cut short, and its "needs update" mark', () => {
    const long = `<p>${'Los centros abren a las 8. '.repeat(10)}</p>`;
    const changes = versionChanges({ ...base, variants: [spanish] }, { ...base, variants: [{ ...spanish, body: long, subjectLine: 'Horario', examples: [], needsUpdate: true }] });
    expect(changes.fields.map((field) => field.label)).toEqual(['Spanish subject line', 'Spanish content', 'Spanish state']);
    expect(changes.fields[0]).toEqual({ label: 'Spanish subject line', before: '(none)', after: 'Horario' });
    expect(changes.fields[1]?.before).toBe('Los centros abren a las 7.');
    expect(changes.fields[1]?.after).toMatch(/^Los centros abren a las 8\. .{80,}…$/);
    expect(changes.fields[1]?.after).toHaveLength(120);
    expect(changes.fields[2]).toEqual({ label: 'Spanish state', before: 'Up to date', after: 'Needs update' });
    expect(changes.body).toBeNull();
  });
});
