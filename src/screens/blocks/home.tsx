/**
 * The blocks screen (rules §2 "Home screen"): recommendations for the open email, the user's
 * Favourites, Frequently Used, search, the team's blocks by category; one click puts a block into
 * the reply. A block picked from Favourites is recorded with `uiSource` `std_scrollable_list`: the
 * spec's values have none for favourites, and the group is one more group of Home's list of blocks,
 * not a ranking the app computed (`recommended`, `frequently_used`) or an unknown place.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ContextType, type KeyboardEvent, type ReactNode } from 'react';
import { Body1, Button, Divider, MessageBar, MessageBarBody, SearchBox, Spinner, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import { Settings20Regular, TaskListSquareLtr20Regular } from '@fluentui/react-icons';
import type { Block } from '../../api/contract/block';
import type { Team } from '../../api/contract/team';
import type { UiSource } from '../../api/contract/usage';
import { searchBlocks, type BlockSearchIndex } from '../../domain/block-search';
import { blockInLanguage } from '../../domain/block-variants';
import { DEFAULT_LANGUAGE } from '../../domain/languages';
import type { Recommendation } from '../../domain/recommend-blocks';
import { useHost } from '../../state/host-context';
import { navigate } from '../../state/location';
import { Page } from '../../ui/page';
import { BLOCK_NAME_TIMING, PERF_MARKS, markAfterPaint, markWhenPainted } from '../../ui/perf-marks';
import { SupportBox } from '../../ui/support-box';
import { VisuallyHidden } from '../../ui/visually-hidden';
import { TeamSelector } from '../../ui/team-selector';
import { useInsertBlock, type InsertStatus } from '../../insert/use-insert-block';
import { useTypedShortcut } from './use-typed-shortcut';
import { ExpandShortcutsPrompt } from './expand-shortcuts';
import { useStoredValue } from '../../state/use-stored-value';
import { VariablePromptDialog } from '../../insert/variable-prompt-dialog';
import { PreviewValuesContext } from '../../ui/variable-preview';
import { useMe, variableValues } from '../../insert/variable-values';
import { BlockList, moveBlockFocus } from './block-list';
import { ClassificationPanel } from './classification-panel';
import { Collapsible } from '../../ui/collapsible';
import { FavouritesContext, type FavouritesControl } from './favourites-context';
import { useHomeData } from './use-home-data';
import { useSupportEmail } from '../../user/support-email';

/** The Recommended group shows this many until expanded (rules §9). */
const RECOMMENDED_SHOWN = 3;
/** Search results and long lists render this many at a time; "Show more" adds as many again. */
const PAGE = 50;

const useStyles = makeStyles({
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS },
  groups: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  more: { alignSelf: 'flex-start' },
  status: { minHeight: '0' },
  empty: { color: tokens.colorNeutralForeground3 },
  footer: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, marginTop: 'auto', paddingTop: tokens.spacingVerticalL },
});

const asBoolean = (raw: unknown) => raw !== false;

export function HomeScreen() {
  const styles = useStyles();
  const host = useHost();
  const data = useHomeData();
  const supportEmail = useSupportEmail(data.account);
  const { status, insert, prompt } = useInsertBlock();
  const me = useMe();
  // Previews fill in what the open email and the user tell (the sender's name, ...).
  const previewValues = useMemo(() => variableValues(data.item, me), [data.item, me]);
  const [query, setQuery] = useState('');
  const recommendedVisible = useStoredValue('viewRecommendedBlocks', asBoolean, true);
  const searching = query.trim() !== '';

  // Stable, so the memoised rows of a long list skip the renders other answers cause; the open
  // email (read when the block is chosen, before the block changes a compose body) goes with the use.
  const itemRef = useRef(data.item);
  itemRef.current = data.item;
  const use = useCallback((block: Block, source: UiSource) => void insert(block, source, itemRef.current), [insert]);
  useTypedShortcut(data.blocks, use);
  const hasShortcuts = useMemo(() => data.blocks.blocks.some((block) => block.shortcut !== undefined), [data.blocks.blocks]);
  const busyId = status.kind === 'inserting' ? status.blockId : null;
  const to = recipientName(data.item);
  const showChecklists = data.account?.hasPhoneFlowAccess === true;
  useFirstBlocksMark(data.hostBlocks.length > 0, data.blocks.source);
  const { ids: favouriteIds, set: setFavourite } = data.favourites;
  const favourites = useMemo(() => ({ ids: favouriteIds, set: setFavourite }), [favouriteIds, setFavourite]);

  return (
    <ScreenContexts previewValues={previewValues} favourites={favourites}>
      <Page
        title="Blocks"
        actions={
          <div className={styles.actions}>
            {showChecklists && (
              <Tooltip content="Checklists" relationship="label">
                <Button appearance="subtle" icon={<TaskListSquareLtr20Regular />} onClick={() => navigate('checklist-home')} />
              </Tooltip>
            )}
            <Tooltip content="User settings" relationship="label">
              <Button as="a" href="#/user-settings" appearance="subtle" icon={<Settings20Regular />} />
            </Tooltip>
          </div>
        }
      >
        <ClassificationPanel user={data.user} account={data.account} item={data.item} />
        <Body1>{`Please select a block to auto-create an email reply${to ? ` to ${to}` : ''}`}</Body1>
        <HostLimitations limitations={host.limitations ?? []} />
        <ExpandShortcutsPrompt hasShortcuts={hasShortcuts} />
        <InsertStatusLine status={status} favouriteFailure={data.favourites.failure} />
        <VariablePromptDialog request={prompt} />
        <SearchBox
          placeholder="Search name or content"
          aria-label="Search name or content"
          data-block-search=""
          value={query}
          autoFocus={host.context === 'text_input'}
          onChange={(_event, value) => setQuery(value.value)}
          onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
            if (event.key === 'ArrowDown') moveBlockFocus(event);
          }}
        />
        {!searching && <TeamSelector teams={data.teams} selected={data.selectedTeam} onSelect={data.selectTeam} mailbox={data.teamMailbox} />}
        {data.blocks.loading && data.hostBlocks.length === 0 ? (
          <Spinner size="small" label="Loading blocks..." />
        ) : searching ? (
          <SearchResults index={data.searchIndex} query={query} language={data.language} onUse={use} busyId={busyId} teams={data.teams} />
        ) : (
          <div className={styles.groups}>
            {data.recommendations.length > 0 && (
              <Recommended
                recommendations={data.recommendations}
                open={recommendedVisible.value}
                onToggle={() => recommendedVisible.set(!recommendedVisible.value)}
                onUse={use}
                busyId={busyId}
              />
            )}
            <Favourites blocks={data.favourites.blocks} teams={data.teams} onUse={use} busyId={busyId} />
            <GroupedBlocks data={data} onUse={use} busyId={busyId} />
          </div>
        )}
        <div className={styles.footer}>
          <Button appearance="secondary" onClick={() => navigate('suggest-auto-response')}>
            Suggest New Block
          </Button>
          <SupportBox email={supportEmail} />
        </div>
      </Page>
    </ScreenContexts>
  );
}

/** What the screen's lists read: the values previews fill in, and the user's favourites. */
function ScreenContexts(props: { previewValues: ContextType<typeof PreviewValuesContext>; favourites: FavouritesControl; children: ReactNode }) {
  return (
    <PreviewValuesContext.Provider value={props.previewValues}>
      <FavouritesContext.Provider value={props.favourites}>{props.children}</FavouritesContext.Provider>
    </PreviewValuesContext.Provider>
  );
}

/**
 * Marks the first paint with blocks. Scheduled in the commit (a layout effect), so the mark lands
 * right after the paint that shows them, not a frame later as a passive effect, run after that
 * paint, would place it.
 */
function useFirstBlocksMark(shown: boolean, source: string): void {
  const marked = useRef(false);
  useLayoutEffect(() => {
    if (!shown || marked.current) return;
    marked.current = true;
    markWhenPainted(PERF_MARKS.blocksPainted, BLOCK_NAME_TIMING, { source });
  }, [shown, source]);
}

/** Who the reply goes to: the sender of the email being read, or the first recipient of the one being written. */
function recipientName(item: ReturnType<typeof useHomeData>['item']): string {
  if (item.mode === 'read') return item.sender?.displayName.trim() ?? '';
  if (item.mode === 'compose') return item.recipients[0]?.displayName.trim() ?? '';
  return '';
}

/** What this host cannot do in the client it runs in (an older Outlook), so nothing fails unexplained. */
function HostLimitations(props: { limitations: readonly string[] }) {
  if (props.limitations.length === 0) return null;
  return (
    <MessageBar intent="warning" aria-label="Limitations of this client">
      <MessageBarBody>{props.limitations.join(' ')}</MessageBarBody>
    </MessageBar>
  );
}

/** What the last insert did, and why a star or unstar was taken back: the screen's one live region. */
function InsertStatusLine(props: { status: InsertStatus; favouriteFailure: string | null }) {
  const { status } = props;
  return (
    <div role="status" aria-live="polite">
      {status.kind === 'failed' && (
        <MessageBar intent="error">
          <MessageBarBody>{status.message}</MessageBarBody>
        </MessageBar>
      )}
      {status.kind === 'done' && status.notice && (
        <MessageBar intent="info">
          <MessageBarBody>{status.notice}</MessageBarBody>
        </MessageBar>
      )}
      {status.kind === 'done' && !status.notice && <VisuallyHidden>{status.announced}</VisuallyHidden>}
      {props.favouriteFailure && (
        <MessageBar intent="error">
          <MessageBarBody>{props.favouriteFailure}</MessageBarBody>
        </MessageBar>
      )}
    </div>
  );
}

/** Why a block is recommended: the email's words it matched (see `Recommendation.matched`). */
function matchesHint(matched: readonly string[]): string {
  return matched.length > 0 ? `Matches: ${matched.join(', ')}` : '';
}

function Recommended(props: {
  recommendations: readonly Recommendation<Block>[];
  open: boolean;
  onToggle: () => void;
  onUse: (block: Block, source: UiSource) => void;
  busyId: string | null;
}) {
  const styles = useStyles();
  const [expanded, setExpanded] = useState(false);
  const { recommendations } = props;
  const blocks = useMemo(() => recommendations.map((recommendation) => recommendation.block), [recommendations]);
  const hintOf = useMemo(() => {
    const hints = new Map(recommendations.map((recommendation) => [recommendation.block, matchesHint(recommendation.matched)]));
    return (block: Block) => hints.get(block) ?? '';
  }, [recommendations]);
  const shown = expanded ? blocks : blocks.slice(0, RECOMMENDED_SHOWN);
  return (
    <Collapsible title="Recommended" open={props.open} onToggle={props.onToggle}>
      <BlockList label="Recommended" blocks={shown} source="recommended" onUse={props.onUse} busyId={props.busyId} hintOf={hintOf} />
      {blocks.length > RECOMMENDED_SHOWN && (
        <Button appearance="transparent" size="small" className={styles.more} onClick={() => setExpanded((value) => !value)}>
          {expanded ? 'Show less' : 'Show more'}
        </Button>
      )}
    </Collapsible>
  );
}

/** The user's starred blocks, right after Recommended; shown once there is one. */
function Favourites(props: { blocks: readonly Block[]; teams: readonly Team[]; onUse: (block: Block, source: UiSource) => void; busyId: string | null }) {
  const [open, setOpen] = useState(true);
  const { teams } = props;
  const teamNames = useMemo(() => new Map(teams.map((team) => [team._id, team.name])), [teams]);
  if (props.blocks.length === 0) return null;
  const hintOf = teams.length > 1 ? (block: Block) => teamNames.get(block.team) : undefined;
  return (
    <Collapsible title="Favourites" count={props.blocks.length} open={open} onToggle={() => setOpen((value) => !value)}>
      <BlockList label="Favourites" blocks={props.blocks} source="std_scrollable_list" onUse={props.onUse} busyId={props.busyId} hintOf={hintOf} favouritesGroup />
    </Collapsible>
  );
}

function GroupedBlocks(props: { data: ReturnType<typeof useHomeData>; onUse: (block: Block, source: UiSource) => void; busyId: string | null }) {
  const styles = useStyles();
  const { view } = props.data;
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(['Frequently Used']));
  const toggle = (name: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(name)) next.add(name);
      return next;
    });
  const [uncategorizedShown, setUncategorizedShown] = useState(PAGE);
  const nothing = view.visible.length === 0 && !props.data.blocks.loading;
  return (
    <>
      {view.frequentlyUsed.length > 0 && (
        <Collapsible title="Frequently Used" open={open.has('Frequently Used')} onToggle={() => toggle('Frequently Used')}>
          <BlockList label="Frequently Used" blocks={view.frequentlyUsed} source="frequently_used" onUse={props.onUse} busyId={props.busyId} />
        </Collapsible>
      )}
      {view.grouped.categories.map((group) => (
        <Collapsible key={`category:${group.category}`} title={group.category} count={group.blocks.length} open={open.has(`category:${group.category}`)} onToggle={() => toggle(`category:${group.category}`)}>
          <BlockList label={group.category} blocks={group.blocks} source="std_scrollable_list" onUse={props.onUse} busyId={props.busyId} />
        </Collapsible>
      ))}
      {view.grouped.categories.length > 0 && view.grouped.uncategorized.length > 0 && <Divider />}
      {view.grouped.uncategorized.length > 0 && (
        <>
          <BlockList label="Other blocks" blocks={view.grouped.uncategorized.slice(0, uncategorizedShown)} source="std_scrollable_list" onUse={props.onUse} busyId={props.busyId} />
          {view.grouped.uncategorized.length > uncategorizedShown && (
            <Button appearance="transparent" size="small" className={styles.more} onClick={() => setUncategorizedShown((count) => count + PAGE)}>
              Show more
            </Button>
          )}
        </>
      )}
      {nothing && <Body1 className={styles.empty}>{props.data.blocks.failed ? 'The blocks could not be loaded. Check your connection and reopen Cannery.' : 'This team has no blocks for this app yet.'}</Body1>}
    </>
  );
}

/**
 * Search runs over the blocks of all the user's teams: with more than one team, each result says
 * which team's it is (two teams may each have a "Office hours").
 */
function SearchResults(props: {
  index: () => BlockSearchIndex<Block>;
  query: string;
  /** The open email's language: each hit is shown as it reads in it. */
  language: string;
  onUse: (block: Block, source: UiSource) => void;
  busyId: string | null;
  teams: readonly Team[];
}) {
  const styles = useStyles();
  const { index, query, teams } = props;
  const teamNames = useMemo(() => new Map(teams.map((team) => [team._id, team.name])), [teams]);
  const hintOf = teams.length > 1 ? (block: Block) => teamNames.get(block.team) : undefined;
  const { language } = props;
  const hits = useMemo(() => searchBlocks(index(), query).map((hit) => (language === DEFAULT_LANGUAGE ? hit.block : blockInLanguage(hit.block, language))), [index, query, language]);
  const [shown, setShown] = useState(PAGE);
  useEffect(() => markAfterPaint(PERF_MARKS.searchRendered, { query: props.query }), [hits, props.query]);
  if (hits.length === 0) return <Body1 className={styles.empty}>{`No blocks match "${props.query.trim()}".`}</Body1>;
  return (
    <>
      <BlockList label="Search results" blocks={hits.slice(0, shown)} source="search" onUse={props.onUse} busyId={props.busyId} hintOf={hintOf} />
      {hits.length > shown && (
        <Button appearance="transparent" size="small" className={styles.more} onClick={() => setShown((count) => count + PAGE)}>
          {`Show more results (${hits.length - shown} more)`}
        </Button>
      )}
    </>
  );
}
