// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { fitText, lineText, multilineText, textProblem } from '../../../src/api/contract/text';
import { recordedChecklistBody } from '../../../src/tracking/checklist-records';
import { buildSentRecord } from '../../../src/tracking/sent-record';
import { recordedChecklistCreate } from '../../../src/api/contract/checklist';
import { sentAutoResponse } from '../../../src/api/contract/usage';
import { makeBlock, makeChecklist, makeUser } from '../../fixtures/factories';

const HOSTILE = `Poll\u0000ing\u0007 \ud800hours\t\r\n\u202eevil\u2066`;

describe('the text rule', () => {
  it.each([
    ['NUL', 'a\u0000b', 'must not contain control characters'],
    ['escape', '\u001b[31m', 'must not contain control characters'],
    ['DEL', 'a\u007f', 'must not contain control characters'],
    ['lone high surrogate', 'a\ud800', 'must not contain unpaired surrogate characters'],
    ['lone low surrogate', '\udc00a', 'must not contain unpaired surrogate characters'],
  ])('refuses %s in any field', (_kind, value, message) => {
    expect(textProblem(value, 'line')).toBe(message);
    expect(textProblem(value, 'multiline')).toBe(message);
  });

  it('keeps line breaks, tabs and direction controls in multi-line text only', () => {
    for (const value of ['two\nlines', 'a\ttab', 'crlf\r\n', 'شكرا \u202bمرحبا\u202c', '\u2067isolated\u2069']) {
      expect(textProblem(value, 'multiline')).toBeUndefined();
      expect(textProblem(value, 'line')).toBe('must be one line without tabs or direction controls');
    }
  });

  it('takes ordinary text in every script, emoji included', () => {
    for (const value of ['Ballot tracking', 'Señora Nuñez', '選挙', 'Vote 🗳️ today', '\u200fRTL mark', '']) {
      expect(textProblem(value, 'line')).toBeUndefined();
    }
  });

  it('states its limits in the schema, with the field refused by length or by character', () => {
    expect(lineText(10).safeParse('x'.repeat(11)).error?.issues[0]?.message).toBe('must be at most 10 characters');
    expect(multilineText(10).safeParse('a\nb').success).toBe(true);
    expect(lineText(10).safeParse('a\nb').error?.issues[0]?.message).toBe('must be one line without tabs or direction controls');
    expect(lineText(10).safeParse(42).success).toBe(false);
  });
});

describe('text copied from stored data', () => {
  it('is made to keep the rule, in one line or many, without cutting a character in two', () => {
    expect(fitText(HOSTILE, 'line', 100)).toBe('Polling \uFFFDhours  evil');
    expect(fitText(HOSTILE, 'multiline', 100)).toBe('Polling \uFFFDhours\t\r\n\u202eevil\u2066');
    expect(fitText('ab🗳️', 'line', 3)).toBe('ab');
    for (const kind of ['line', 'multiline'] as const) expect(textProblem(fitText(HOSTILE, kind, 100), kind)).toBeUndefined();
  });

  it('gives a sent record the API takes, whatever the block holds', () => {
    const block = makeBlock({ name: `Hours\t${HOSTILE}`, body: `<p>${HOSTILE}</p>`, subjectLine: HOSTILE, categories: [HOSTILE, '\u0000'], cc: ['clerk@alder.test\u0000'] });
    const record = buildSentRecord({ block, user: makeUser(), context: 'outlook', uiSource: 'search', at: new Date('2026-11-02T15:00:00Z') });
    const parsed = sentAutoResponse.safeParse(record);
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(record.autoResponseName).toBe('Hours Polling \uFFFDhours  evil');
    expect(record.categories).toEqual(['Polling \uFFFDhours  evil']);
  });

  it('gives a recorded checklist the API takes, an empty task name reading "Task"', () => {
    const checklist = makeChecklist({ name: HOSTILE, tasks: [{ name: '\u0000' }, { name: `Call\tback` }], categories: [HOSTILE] });
    const body = recordedChecklistBody(checklist, makeUser(), new Date('2026-11-02T15:00:00Z'));
    expect(recordedChecklistCreate.safeParse(body).error?.issues ?? []).toEqual([]);
    expect(body.tasks.map((task) => task.name)).toEqual(['Task', 'Call back']);
  });
});
