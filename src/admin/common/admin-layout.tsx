import type { ReactNode } from 'react';
import { Body1, Dropdown, Field, Link, MessageBar, MessageBarBody, Option, Spinner, Subtitle1, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { usePath } from '../../state/location';
import { useAdminAccess, type AdminAccess } from './admin-access';
import { AdminLogoutButton } from './admin-logout';
import { useAdminTeams } from './admin-teams';

/**
 * Whose page it is: a team's library (`team`, the default), the people of the user's teams or the
 * whole account (`people`), or the account admin's alone (`account`: Teams, Settings, Synonyms, Mailboxes).
 */
export type AdminArea = 'team' | 'people' | 'account';

/** Phones and narrow windows (320 px and up): the header wraps instead of running off the screen. */
export const NARROW = '@media (max-width: 640px)';

const useStyles = makeStyles({
  shell: { minHeight: '100vh', display: 'flex', flexDirection: 'column', backgroundColor: tokens.colorNeutralBackground2 },
  bar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalXL}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    [NARROW]: { padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`, columnGap: tokens.spacingHorizontalM },
  },
  brand: { margin: 0, [NARROW]: { marginInlineEnd: 'auto' } },
  // In a narrow window the pages take a row of their own under the name, team and logout.
  nav: {
    display: 'flex',
    flexWrap: 'wrap',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalXS,
    marginInlineEnd: 'auto',
    marginInlineStart: tokens.spacingHorizontalXL,
    [NARROW]: { order: 1, flexBasis: '100%', marginInlineStart: 0 },
  },
  current: { fontWeight: tokens.fontWeightSemibold, textDecoration: 'underline' },
  team: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 },
  teamPicker: { [NARROW]: { minWidth: '0', maxWidth: '160px' } },
  main: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: `${tokens.spacingVerticalXL} ${tokens.spacingHorizontalXL}`,
    [NARROW]: { padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalM}` },
    width: '100%',
    maxWidth: '1200px',
    marginInline: 'auto',
    boxSizing: 'border-box',
  },
  heading: { margin: 0 },
  headingRow: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
});

/**
 * The admin app's frame, for a desktop window down to a phone's 320 px: the product's name, the team being worked on (a
 * picker when the user administers several), logout, then the page. A user who administers no
 * team is told so; the account admin is pointed to People, Teams and Settings instead.
 */
export function AdminLayout(props: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
  area?: AdminArea;
  /** A team page its editors use too (Blocks, a block, Changes); others are its admins' only. */
  editors?: boolean;
}) {
  const styles = useStyles();
  const { teams, list, team, choose } = useAdminTeams();
  const access = useAdminAccess();
  const area = props.area ?? 'team';
  const allowed = area === 'team' ? team !== null : area === 'people' ? access.managesPeople : access.accountAdmin;
  const editorOnly = area === 'team' && team?.role === 'editor' && !props.editors;

  let content: ReactNode;
  if (teams.isPending || (area !== 'team' && !access.ready && !access.failed)) content = <Spinner label="Loading your teams..." />;
  else if (teams.isError || (area !== 'team' && access.failed))
    content = (
      <MessageBar intent="error">
        <MessageBarBody>Your teams could not be loaded. Please reload the page, and if the problem persists contact our team.</MessageBarBody>
      </MessageBar>
    );
  else if (editorOnly)
    content = (
      <>
        <Title2 as="h1" className={styles.heading}>
          Only admins of {team.name} can open this page
        </Title2>
        <Body1>
          As an editor of {team.name} you change its <Link href="#/home">blocks</Link>; see what waits for approval in <Link href="#/changes">Changes</Link>.
        </Body1>
      </>
    );
  else if (!allowed && area === 'account')
    content = (
      <>
        <Title2 as="h1" className={styles.heading}>
          Only the account admin can open this page
        </Title2>
        <Body1>{props.title} belongs to your account's admin. Ask them for the change you need.</Body1>
      </>
    );
  else if (!allowed && access.accountAdmin)
    content = (
      <>
        <Title2 as="h1" className={styles.heading}>
          You are not an admin of any team
        </Title2>
        <Body1>
          This page is where team admins write and organise their team's blocks. As your account's admin you can make yourself an admin of a team in{' '}
          <Link href="#/people">People</Link>, and manage the account's <Link href="#/teams">Teams</Link> and <Link href="#/settings">Settings</Link>.
        </Body1>
      </>
    );
  else if (!allowed)
    content = (
      <>
        <Title2 as="h1" className={styles.heading}>
          You are not an admin of any team
        </Title2>
        <Body1>
          This page is where team admins write and organise their team's blocks. Ask an admin of your team to make you one, or use
          Cannery in Outlook, Gmail or the playground to answer email with your team's blocks.
        </Body1>
      </>
    );
  else
    content = (
      <>
        <div className={styles.headingRow}>
          <Title2 as="h1" className={styles.heading}>
            {props.title}
          </Title2>
          {props.actions}
        </div>
        {props.children}
      </>
    );

  return (
    <div className={styles.shell}>
      <header className={styles.bar}>
        <Subtitle1 as="p" className={styles.brand}>
          Cannery Admin
        </Subtitle1>
        <AdminNav access={access} editor={team?.role === 'editor'} />
        {area === 'team' && list.length > 1 && team && (
          <Field label="Team" orientation="horizontal" className={styles.team}>
            <Dropdown className={styles.teamPicker} value={team.name} selectedOptions={[team._id]} onOptionSelect={(_event, data) => choose(data.optionValue ?? null)}>
              {list.map((option) => (
                <Option key={option._id} value={option._id}>
                  {option.name}
                </Option>
              ))}
            </Dropdown>
          </Field>
        )}
        {area === 'team' && list.length === 1 && team && <Body1>{team.name}</Body1>}
        <AdminLogoutButton />
      </header>
      <main className={styles.main}>{content}</main>
    </div>
  );
}

/** The admin app's pages, the current one marked for sight and for screen readers. */
const PAGES: ReadonlyArray<{ path: string; label: string; also?: RegExp; shown?: (access: AdminAccess) => boolean; editors?: boolean }> = [
  { path: 'home', label: 'Blocks', also: /^blocks\//, editors: true },
  { path: 'checklists', label: 'Checklists', also: /^checklists\// },
  { path: 'languages', label: 'Languages', editors: true },
  { path: 'changes', label: 'Changes', editors: true },
  { path: 'upcoming', label: 'Coming up' },
  { path: 'suggestions', label: 'Suggestions', also: /^suggestions\// },
  { path: 'reviews', label: 'Needs review' },
  { path: 'cleanup', label: 'Clean up' },
  { path: 'usage', label: 'Usage' },
  { path: 'activity', label: 'Activity' },
  { path: 'people', label: 'People', shown: (access) => access.managesPeople },
  { path: 'teams', label: 'Teams', shown: (access) => access.accountAdmin },
  { path: 'settings', label: 'Settings', shown: (access) => access.accountAdmin },
  { path: 'synonyms', label: 'Synonyms', shown: (access) => access.accountAdmin },
  { path: 'mailboxes', label: 'Mailboxes', shown: (access) => access.accountAdmin },
  { path: 'audit', label: 'Audit log', shown: (access) => access.accountAdmin },
];

function AdminNav(props: { access: AdminAccess; editor: boolean }) {
  const styles = useStyles();
  const path = usePath();
  return (
    <nav aria-label="Admin" className={styles.nav}>
      {PAGES.filter((page) => (page.shown?.(props.access) ?? true) && (!props.editor || page.editors)).map((page) => {
        const current = path === page.path || (page.also?.test(path) ?? false);
        return (
          <Link key={page.path} href={`#/${page.path}`} className={current ? styles.current : undefined} aria-current={current ? 'page' : undefined}>
            {page.label}
          </Link>
        );
      })}
    </nav>
  );
}
