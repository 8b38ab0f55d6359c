/**
 * The blocks of the checklist screen (rules §2 "Checklist"): the checklist's recommended blocks, and
 * a search through the user's blocks with flat results as on Home. Every block used here is a
 * checklist's (`phone_flow`, rules §3 UI source values), whichever list it came from.
 */
import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { Body1, Button, Label, SearchBox, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import type { Block } from '../../api/contract/block';
import { searchBlocks } from '../../domain/block-search';
import { BlockList, moveBlockFocus } from '../blocks/block-list';
import { useBlockIndexes } from '../blocks/use-block-indexes';

/** Search results render this many at a time, as on Home. */
const PAGE = 50;

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  label: { fontWeight: tokens.fontWeightSemibold },
  empty: { color: tokens.colorNeutralForeground3 },
  more: { alignSelf: 'flex-start' },
});

interface BlocksProps {
  onUse: (block: Block) => void;
  busyId: string | null;
}

export function RecommendedBlocks(props: BlocksProps & { blocks: readonly Block[]; loading: boolean }) {
  const styles = useStyles();
  const labelId = useId();
  return (
    <section className={styles.section} aria-labelledby={labelId}>
      <Body1 id={labelId} className={styles.label}>
        Recommended Blocks for this checklist:
      </Body1>
      {props.loading ? (
        <Spinner size="small" label="Loading blocks..." />
      ) : props.blocks.length === 0 ? (
        <Body1 className={styles.empty}>This checklist recommends no blocks.</Body1>
      ) : (
        <BlockList label="Recommended blocks" blocks={props.blocks} source="phone_flow" onUse={props.onUse} busyId={props.busyId} />
      )}
    </section>
  );
}

export function BlockSearch(props: BlocksProps & { blocks: readonly Block[] }) {
  const styles = useStyles();
  const inputId = useId();
  const [query, setQuery] = useState('');
  const { searchIndex } = useBlockIndexes(props.blocks, { recommend: false });
  return (
    <section className={styles.section} aria-label="Search for additional Blocks">
      <Label htmlFor={inputId} className={styles.label}>
        Search for additional Blocks:
      </Label>
      <SearchBox
        id={inputId}
        placeholder="Search name or content"
        value={query}
        onChange={(_event, value) => setQuery(value.value)}
        onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
          if (event.key === 'ArrowDown') moveBlockFocus(event);
        }}
      />
      {query.trim() !== '' && <SearchResults {...props} search={searchIndex} query={query} />}
    </section>
  );
}

function SearchResults(props: BlocksProps & { search: ReturnType<typeof useBlockIndexes>['searchIndex']; query: string }) {
  const styles = useStyles();
  const { search, query } = props;
  const hits = useMemo(() => searchBlocks(search(), query), [search, query]);
  const [shown, setShown] = useState(PAGE);
  if (hits.length === 0) return <Body1 className={styles.empty}>{`No blocks match "${query.trim()}".`}</Body1>;
  return (
    <>
      <BlockList label="Search results" blocks={hits.slice(0, shown).map((hit) => hit.block)} source="phone_flow" onUse={props.onUse} busyId={props.busyId} />
      {hits.length > shown && (
        <Button appearance="transparent" size="small" className={styles.more} onClick={() => setShown((count) => count + PAGE)}>
          {`Show more results (${hits.length - shown} more)`}
        </Button>
      )}
    </>
  );
}
