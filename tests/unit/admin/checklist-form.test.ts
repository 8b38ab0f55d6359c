// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { AdminChecklist } from '../../../src/api/contract/admin';
import { categoriesIn, toggledCategory } from '../../../src/admin/common/categories';
import { checklistInputOf, emptyChecklistForm, formOfChecklist, moved, newTask, type ChecklistFormValues } from '../../../src/admin/checklists/checklist-form';

const BLOCK = 'a'.repeat(24);

const values = (overrides: Partial<ChecklistFormValues> = {}): ChecklistFormValues => ({
  owner: '',
  reviewEveryDays: 365,
  name: 'Lost mail ballot',
  tasks: [newTask('Confirm the address'), newTask('Send a replacement')],
  blocks: [BLOCK],
  categories: 'Mail Ballots, Phones',
  showFrom: '',
  showUntil: '',
  ...overrides,
});

describe('the checklist form', () => {
  it('sends the tasks in order, the blocks and the categories split, trimmed and without repeats', () => {
    expect(checklistInputOf(values({ categories: ' Mail Ballots ,Phones,, Mail Ballots' }))).toEqual({
      input: { name: 'Lost mail ballot', tasks: [{ name: 'Confirm the address' }, { name: 'Send a replacement' }], blocks: [BLOCK], categories: ['Mail Ballots', 'Phones'], showFrom: null, showUntil: null, reviewEveryDays: 365 },
    });
  });

  it('leaves out empty task rows, but needs one task at least', () => {
    const form = values({ tasks: [newTask(''), newTask('Call back'), newTask('   ')] });
    expect(checklistInputOf(form)).toMatchObject({ input: { tasks: [{ name: 'Call back' }] } });
    expect(checklistInputOf(values({ tasks: [newTask(' ')] }))).toEqual({ errors: { fields: { tasks: 'Add at least one task.' }, tasks: {} } });
  });

  it('names the field, and the task by its key, that needs attention', () => {
    const bad = newTask('Ring\u0007');
    const result = checklistInputOf(values({ name: ' ', tasks: [newTask('Fine'), bad], categories: 'x'.repeat(101) }));
    expect('errors' in result).toBe(true);
    if (!('errors' in result)) return;
    expect(result.errors.fields.name).toBe('Name is required.');
    expect(result.errors.fields.tasks).toBe('Some tasks need attention.');
    expect(result.errors.tasks).toEqual({ [bad.key]: 'Task 2 must not contain control characters.' });
    expect(result.errors.fields.categories).toBe('Category 1 must be at most 100 characters.');
  });

  it('sends the owner chosen, nobody, or none for a new checklist (its creator owns it)', () => {
    const input = (owner: string) => {
      const result = checklistInputOf(values({ owner, reviewEveryDays: 90 }));
      return 'input' in result ? { owner: result.input.owner, reviewEveryDays: result.input.reviewEveryDays } : null;
    };
    expect(input(BLOCK)).toEqual({ owner: BLOCK, reviewEveryDays: 90 });
    expect(input('none')).toEqual({ owner: null, reviewEveryDays: 90 });
    expect(input('')).toEqual({ owner: undefined, reviewEveryDays: 90 });
  });

  it('refuses a block listed twice', () => {
    expect(checklistInputOf(values({ blocks: [BLOCK, BLOCK] }))).toMatchObject({ errors: { fields: { blocks: 'A block is recommended twice.' } } });
  });

  it('opens a saved checklist as it is, and starts a new one with one empty task', () => {
    const saved: AdminChecklist = {
      _id: 'b'.repeat(24),
      account: 'c'.repeat(24),
      team: 'd'.repeat(24),
      name: 'Deed copy',
      tasks: [{ name: 'Ask for the parcel number' }],
      blocks: [BLOCK],
      categories: ['Recorder', 'Copies'],
      showFrom: null,
      showUntil: null,
      window: 'shown',
      version: 3,
      deleted: false,
      deletedAt: null,
      createdAt: '2026-11-01T00:00:00.000Z',
      updatedAt: '2026-11-02T00:00:00.000Z',
      owner: null,
      reviewEveryDays: 365,
      reviewedAt: '2026-11-02T10:00:00.000Z',
      reviewDue: false,
      archived: false,
      archivedAt: null,
    };
    const form = formOfChecklist(saved);
    expect(form).toMatchObject({ name: 'Deed copy', blocks: [BLOCK], categories: 'Recorder, Copies' });
    expect(form.tasks.map((task) => task.name)).toEqual(['Ask for the parcel number']);
    const empty = emptyChecklistForm();
    expect(empty.tasks).toHaveLength(1);
    expect(empty.tasks[0]!.name).toBe('');
    // Every task gets its own key, so a moved task keeps its field.
    expect(new Set([...form.tasks, ...empty.tasks, newTask()].map((task) => task.key)).size).toBe(3);
  });
});

describe('moving an item', () => {
  it('moves within the list and leaves the original alone', () => {
    const list = ['a', 'b', 'c'];
    expect(moved(list, 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moved(list, 0, 1)).toEqual(['b', 'a', 'c']);
    expect(list).toEqual(['a', 'b', 'c']);
  });

  it('keeps the order for a move out of the list', () => {
    expect(moved(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moved(['a', 'b'], 1, 2)).toEqual(['a', 'b']);
  });
});

describe('categories typed as text', () => {
  it('splits, trims and keeps each once', () => {
    expect(categoriesIn(' Mail Ballots,, Phones ,Mail Ballots')).toEqual(['Mail Ballots', 'Phones']);
    expect(categoriesIn('')).toEqual([]);
  });

  it('adds an offered category at the end, or takes it out', () => {
    expect(toggledCategory('Mail Ballots', 'Phones')).toBe('Mail Ballots, Phones');
    expect(toggledCategory('Mail Ballots, Phones', 'Mail Ballots')).toBe('Phones');
    expect(toggledCategory('', 'Phones')).toBe('Phones');
  });
});
