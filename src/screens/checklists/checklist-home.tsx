/**
 * The list of checklists (rules §2 "Checklist home", §5 checklist search, §6, §8): search in three
 * tiers, the team selector, the selected team's checklists by category then uncategorised, each a
 * link to its screen. Decisions where the spec is silent, the same as Home's so both screens read
 * alike: the team selector hides while searching, and search looks through every team of the user.
 */
import { useMemo, useState } from 'react';
import { Body1, Button, Divider, MessageBar, MessageBarBody, SearchBox, Spinner, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import { Mail20Regular, Settings20Regular } from '@fluentui/react-icons';
import type { Checklist } from '../../api/contract/checklist';
import { groupByCategory } from '../../domain/category-groups';
import { searchChecklists } from '../../domain/checklist-search';
import { Collapsible } from '../../ui/collapsible';
import { Page } from '../../ui/page';
import { TeamSelector } from '../../ui/team-selector';
import { ChecklistLinks } from './checklist-links';
import { useChecklistHomeData } from './use-checklist-home-data';
import { READ_VIEW_MESSAGES, useReadViewGate } from './use-read-view-gate';

export const CHECKLIST_HOME_MESSAGES = {
  empty: 'No checklists found for this team.',
  loadFailed: 'Error occurred loading this view. Please try again or contact our team if the issue persists.',
  // Our own message: rules §6 makes checklists need phone-flow access, but the route is open to any signed-in user.
  noAccess: 'Checklists are not enabled for your account.',
} as const;

const useStyles = makeStyles({
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS },
  groups: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  empty: { color: tokens.colorNeutralForeground3 },
});

export function ChecklistHomeScreen() {
  const gate = useReadViewGate();
  const data = useChecklistHomeData();
  const [query, setQuery] = useState('');
  const searching = query.trim() !== '';
  return (
    <Page title="Checklists" actions={<HeaderLinks />}>
      {gate === 'checking' ? (
        <Spinner size="small" label="Loading checklists..." />
      ) : gate !== 'open' ? (
        <Notice intent="info" text={READ_VIEW_MESSAGES[gate]} />
      ) : data.account?.hasPhoneFlowAccess === false ? (
        <Notice intent="info" text={CHECKLIST_HOME_MESSAGES.noAccess} />
      ) : data.status === 'failed' ? (
        <Notice intent="error" text={CHECKLIST_HOME_MESSAGES.loadFailed} />
      ) : (
        <>
          <Body1>Please select a checklist:</Body1>
          <SearchBox placeholder="Search name or tasks" aria-label="Search checklists" value={query} onChange={(_event, value) => setQuery(value.value)} />
          {!searching && <TeamSelector teams={data.teams} selected={data.selectedTeam} onSelect={data.selectTeam} />}
          {data.status === 'loading' ? (
            <Spinner size="small" label="Loading checklists..." />
          ) : searching ? (
            <SearchResults checklists={data.all} query={query} />
          ) : (
            <GroupedChecklists checklists={data.shown} />
          )}
        </>
      )}
    </Page>
  );
}

/**
 * Like Home's header: icon links named by their tooltips. The way back to Home is named "Home",
 * as the spec's Home links of other screens are: one name for one place (WCAG 3.2.4).
 */
function HeaderLinks() {
  const styles = useStyles();
  return (
    <div className={styles.actions}>
      <Tooltip content="Home" relationship="label">
        <Button as="a" href="#/home" appearance="subtle" icon={<Mail20Regular />} />
      </Tooltip>
      <Tooltip content="User settings" relationship="label">
        <Button as="a" href="#/user-settings" appearance="subtle" icon={<Settings20Regular />} />
      </Tooltip>
    </div>
  );
}

function Notice(props: { intent: 'info' | 'error'; text: string }) {
  return (
    <MessageBar intent={props.intent}>
      <MessageBarBody>{props.text}</MessageBarBody>
    </MessageBar>
  );
}

function GroupedChecklists(props: { checklists: readonly Checklist[] }) {
  const styles = useStyles();
  const grouped = useMemo(() => groupByCategory(props.checklists), [props.checklists]);
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = (category: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(category)) next.add(category);
      return next;
    });
  if (props.checklists.length === 0) return <Body1 className={styles.empty}>{CHECKLIST_HOME_MESSAGES.empty}</Body1>;
  return (
    <div className={styles.groups}>
      {grouped.categories.map((group) => (
        <Collapsible key={group.category} title={group.category} count={group.items.length} open={open.has(group.category)} onToggle={() => toggle(group.category)}>
          <ChecklistLinks label={group.category} checklists={group.items} />
        </Collapsible>
      ))}
      {grouped.categories.length > 0 && grouped.uncategorized.length > 0 && <Divider />}
      {grouped.uncategorized.length > 0 && <ChecklistLinks label="Other checklists" checklists={grouped.uncategorized} />}
    </div>
  );
}

function SearchResults(props: { checklists: readonly Checklist[]; query: string }) {
  const styles = useStyles();
  const hits = useMemo(() => searchChecklists(props.checklists, props.query), [props.checklists, props.query]);
  if (hits.length === 0) return <Body1 className={styles.empty}>{`No checklists match "${props.query.trim()}".`}</Body1>;
  return <ChecklistLinks label="Search results" checklists={hits.map((hit) => hit.checklist)} />;
}
