import { adminChecklistInput, type AdminChecklist, type AdminChecklistInput } from '../../api/contract/admin';
import { fieldSentence } from '../../domain/form-validation';
import { categoriesIn } from '../common/categories';
import { showDatesProblem } from '../../api/contract/wording';
import { NEW_STEWARDSHIP, stewardshipFormOf, stewardshipInputOf, type StewardshipValues } from '../stewardship/stewardship-fields';

/** One task as the admin edits it; `key` stays with the task when it moves, for React and for focus. */
export interface TaskDraft {
  key: number;
  name: string;
}

/** What the checklist form holds while the admin types. */
export interface ChecklistFormValues extends StewardshipValues {
  name: string;
  tasks: TaskDraft[];
  /** Ids of the team's blocks the checklist recommends, in order. */
  blocks: string[];
  /** Comma-separated. */
  categories: string;
  /** The first and last days staff see it (YYYY-MM-DD); empty for no limit. */
  showFrom: string;
  showUntil: string;
}

export type ChecklistFormField = 'name' | 'tasks' | 'blocks' | 'categories' | 'showFrom' | 'showUntil';

/** Problems with the form: per field, and per task by its key. */
export interface ChecklistFormErrors {
  fields: Partial<Record<ChecklistFormField, string>>;
  tasks: Record<number, string>;
}

let nextKey = 1;
/** A new, empty task with a key no other task has. */
export const newTask = (name = ''): TaskDraft => ({ key: nextKey++, name });

export const emptyChecklistForm = (): ChecklistFormValues => ({ name: '', tasks: [newTask()], blocks: [], categories: '', showFrom: '', showUntil: '', ...NEW_STEWARDSHIP });

export function formOfChecklist(checklist: AdminChecklist): ChecklistFormValues {
  return {
    name: checklist.name,
    tasks: checklist.tasks.map((task) => newTask(task.name)),
    blocks: [...checklist.blocks],
    categories: checklist.categories.join(', '),
    showFrom: checklist.showFrom ?? '',
    showUntil: checklist.showUntil ?? '',
    ...stewardshipFormOf(checklist),
  };
}

/** `list` with the item at `from` moved to `to` (both within the list); the same list otherwise. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const copy = [...list];
  const [item] = copy.splice(from, 1);
  copy.splice(to, 0, item as T);
  return copy;
}

/**
 * The checklist to send, or what needs attention, in the contract's words. Empty task rows are
 * left out (an admin who added one too many need not delete it), so only a checklist with no task
 * at all is refused for that.
 */
export function checklistInputOf(values: ChecklistFormValues): { input: AdminChecklistInput } | { errors: ChecklistFormErrors } {
  const kept = values.tasks.filter((task) => task.name.trim() !== '');
  const candidate = {
    name: values.name,
    tasks: kept.map((task) => ({ name: task.name })),
    blocks: values.blocks,
    categories: categoriesIn(values.categories),
    showFrom: values.showFrom || null,
    showUntil: values.showUntil || null,
    ...stewardshipInputOf(values),
  };
  const parsed = adminChecklistInput.safeParse(candidate);
  const order = showDatesProblem(candidate.showFrom, candidate.showUntil);
  if (parsed.success && !order) return { input: candidate };
  const errors: ChecklistFormErrors = { fields: order ? { showUntil: order } : {}, tasks: {} };
  if (parsed.success) return { errors };
  for (const issue of parsed.error.issues) {
    const [field, index] = issue.path as [ChecklistFormField, number | undefined];
    if (field === 'tasks' && typeof index === 'number') {
      const task = kept[index];
      if (task && !errors.tasks[task.key]) errors.tasks[task.key] = fieldSentence(`Task ${values.tasks.indexOf(task) + 1}`, issue.message);
      errors.fields.tasks ??= 'Some tasks need attention.';
      continue;
    }
    if (errors.fields[field]) continue;
    const subject = typeof index === 'number' ? `${field === 'categories' ? 'Category' : 'Item'} ${index + 1}` : FIELD_LABELS[field];
    errors.fields[field] = fieldSentence(subject, issue.message);
  }
  return { errors };
}

const FIELD_LABELS: Record<ChecklistFormField, string> = { name: 'Name', tasks: 'Tasks', blocks: 'Recommended blocks', categories: 'Categories', showFrom: 'Show from', showUntil: 'Show until' };
