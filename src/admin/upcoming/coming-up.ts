/** What starts, ends or is published in the coming weeks, in date order (the Coming up page). */
import type { AdminBlock, AdminChecklist } from '../../api/contract/admin';
import type { AdminDraft } from '../../api/contract/drafts';

export interface ComingUp {
  kind: 'starts' | 'ends' | 'scheduled';
  /** A day (YYYY-MM-DD) for starts and ends, an ISO time for a scheduled change. */
  at: string;
  name: string;
  href: string;
  checklist: boolean;
}

const dayOf = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

export function comingUp(input: { blocks: readonly AdminBlock[]; checklists: readonly AdminChecklist[]; drafts: readonly AdminDraft[]; today: Date; weeks: number }): ComingUp[] {
  const today = dayOf(input.today);
  const last = new Date(input.today);
  last.setDate(last.getDate() + input.weeks * 7);
  const until = dayOf(last);
  const within = (day: string | null): day is string => day !== null && day >= today && day <= until;
  const rows: ComingUp[] = [];
  const records = [
    ...input.blocks.filter((block) => !block.deleted).map((block) => ({ record: block, href: `#/blocks/${block._id}`, checklist: false })),
    ...input.checklists.filter((checklist) => !checklist.deleted).map((checklist) => ({ record: checklist, href: `#/checklists/${checklist._id}`, checklist: true })),
  ];
  for (const { record, href, checklist } of records) {
    if (within(record.showFrom) && record.showFrom > today) rows.push({ kind: 'starts', at: record.showFrom, name: record.name, href, checklist });
    if (within(record.showUntil)) rows.push({ kind: 'ends', at: record.showUntil, name: record.name, href, checklist });
  }
  for (const draft of input.drafts) {
    if (draft.state !== 'scheduled' || !draft.publishAt || draft.publishAt.slice(0, 10) > until) continue;
    rows.push({ kind: 'scheduled', at: draft.publishAt, name: draft.content.name, href: draft.block ? `#/blocks/${draft.block}` : '#/changes', checklist: false });
  }
  // Days sort before times of the same day: "2026-12-05" < "2026-12-05T...".
  return rows.sort((a, b) => a.at.localeCompare(b.at) || a.name.localeCompare(b.name));
}
