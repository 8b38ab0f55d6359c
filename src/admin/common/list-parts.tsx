/**
 * The pieces the admin list pages share: their styles, the search field and the choice filters
 * above a list, the notice of the last action, a failed load, and a record's name that links to
 * its editor unless the record is deleted.
 */
import type { ReactNode } from 'react';
import { Button, Caption1, Dropdown, Field, Input, Link, MessageBar, MessageBarBody, Option, makeStyles, tokens } from '@fluentui/react-components';

export const useListStyles = makeStyles({
  filters: { display: 'flex', gap: tokens.spacingHorizontalL, alignItems: 'flex-end', flexWrap: 'wrap' },
  search: { minWidth: '280px', flexGrow: 1 },
  table: { backgroundColor: tokens.colorNeutralBackground1 },
  // A table keeps columns wide enough for its words; in a narrow window (320 px, 400% zoom) it
  // scrolls sideways in a box of its own, which the keyboard can reach, and the page does not.
  scroller: { overflowX: 'auto', maxWidth: '100%' },
  wideTable: { minWidth: '40rem' },
  deleted: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', flexWrap: 'wrap' },
});

/** A day as the lists show it ("Mar 4, 2026"). */
export const listDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** What a page says about the last action. */
export interface Notice {
  intent: 'success' | 'warning' | 'error';
  text: string;
}

/** The notice of the last action: an alert when it failed, a status otherwise. */
export function NoticeBar(props: { notice: Notice | null }) {
  const { notice } = props;
  if (!notice) return null;
  return (
    <div role={notice.intent === 'error' ? 'alert' : 'status'}>
      <MessageBar intent={notice.intent}>
        <MessageBarBody>{notice.text}</MessageBarBody>
      </MessageBar>
    </div>
  );
}

const RELOAD = 'Please reload the page, and if the problem persists contact our team.';

/** "The blocks could not be loaded." with what to do about it. */
export function LoadFailed(props: { what: string; advice?: string }) {
  return (
    <MessageBar intent="error">
      <MessageBarBody>
        {props.what} could not be loaded. {props.advice ?? RELOAD}
      </MessageBarBody>
    </MessageBar>
  );
}

/** A record's name: a link to its editor, or plain with "(deleted)" once deleted. */
export function RecordName(props: { name: string; href: string; deleted: boolean }) {
  if (!props.deleted) return <Link href={props.href}>{props.name}</Link>;
  return (
    <span>
      {props.name} <Caption1>(deleted)</Caption1>
    </span>
  );
}

/** The row's Restore button, shown only on a deleted record's row. */
export function RestoreButton(props: { name: string; deleted: boolean; onRestore: () => void }) {
  if (!props.deleted) return null;
  return (
    <Button size="small" onClick={props.onRestore} aria-label={`Restore ${props.name}`}>
      Restore
    </Button>
  );
}

/** The search field of a list's filters. */
export function SearchFilter(props: { placeholder: string; value: string; onChange: (value: string) => void; className?: string }) {
  const styles = useListStyles();
  return (
    <Field label="Search" className={props.className ?? styles.search}>
      <Input type="search" placeholder={props.placeholder} value={props.value} onChange={(_event, data) => props.onChange(data.value)} />
    </Field>
  );
}

/** A filter that keeps one choice of a list, or none ("All teams", "Everyone"). */
export function ChoiceFilter<T extends string>(props: {
  label: string;
  /** What the filter says when nothing is chosen. */
  all: string;
  choices: ReadonlyArray<{ value: T; label: string }>;
  value: T | null;
  onChange: (value: T | null) => void;
  className?: string;
}): ReactNode {
  const chosen = props.choices.find((choice) => choice.value === props.value);
  return (
    <Field label={props.label} className={props.className}>
      <Dropdown
        value={props.value === null ? props.all : (chosen?.label ?? '')}
        selectedOptions={[props.value ?? '']}
        onOptionSelect={(_event, data) => props.onChange(props.choices.find((choice) => choice.value === data.optionValue)?.value ?? null)}
      >
        <Option value="">{props.all}</Option>
        {props.choices.map((choice) => (
          <Option key={choice.value} value={choice.value}>
            {choice.label}
          </Option>
        ))}
      </Dropdown>
    </Field>
  );
}
