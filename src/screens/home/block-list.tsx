/**
 * One block in a list: its name is the button that uses it (one click, or Enter); hovering or
 * focusing it previews the sanitised body, and the chevron beside it shows the whole body inline.
 * Arrow keys move between the blocks of the screen (see `moveBlockFocus`).
 */
import { memo, useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Button, Tooltip, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ChevronDown20Regular, ChevronRight20Regular } from '@fluentui/react-icons';
import type { Block } from '../../api/contract/block';
import type { UiSource } from '../../api/contract/usage';
import { BLOCK_NAME_TIMING } from '../common/perf-marks';
import { sanitizeBlockHtml } from '../common/sanitize-html';

const useStyles = makeStyles({
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '2px' },
  row: { display: 'grid', gridTemplateColumns: '1fr auto', alignItems: 'start' },
  use: { justifyContent: 'flex-start', textAlign: 'start', minWidth: 0, fontWeight: tokens.fontWeightRegular, overflowWrap: 'anywhere' },
  using: { opacity: 0.6 },
  hint: { gridColumn: '1 / span 2', paddingInlineStart: tokens.spacingHorizontalS, color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  preview: {
    gridColumn: '1 / span 2',
    marginTop: tokens.spacingVerticalXS,
    marginBottom: tokens.spacingVerticalS,
    marginInlineStart: tokens.spacingHorizontalS,
    padding: tokens.spacingHorizontalS,
    borderInlineStartWidth: '3px',
    borderInlineStartStyle: 'solid',
    borderInlineStartColor: tokens.colorBrandStroke2,
    backgroundColor: tokens.colorNeutralBackground2,
    overflowWrap: 'anywhere',
    '& img': { maxWidth: '100%', height: 'auto' },
  },
  tip: { maxHeight: '240px', overflow: 'hidden', maxWidth: '300px', overflowWrap: 'anywhere', '& img': { maxWidth: '100%', height: 'auto' } },
});

/**
 * Sanitised bodies by raw body: a long list previews the same blocks again and again (hover, focus,
 * expand), and sanitising is the dearest part of showing one. Bounded, oldest out first.
 */
const sanitised = new Map<string, string>();
const SANITISED_KEPT = 300;

function sanitisedBody(body: string): string {
  let html = sanitised.get(body);
  if (html === undefined) {
    html = sanitizeBlockHtml(body);
    sanitised.set(body, html);
    if (sanitised.size > SANITISED_KEPT) sanitised.delete(sanitised.keys().next().value as string);
  }
  return html;
}

/** The sanitised body of a block, as it will be inserted. */
export function BlockPreview(props: { block: Block; className?: string }) {
  const html = useMemo(() => sanitisedBody(props.block.body), [props.block.body]);
  // The body has been through the one sanitiser: it is the same HTML the host inserts.
  return <div className={props.className} data-testid="block-preview" dangerouslySetInnerHTML={{ __html: html }} />;
}

/** Lets `markWhenPainted` see when the first block names reach the screen (not a prop React knows). */
const NAME_TIMING = { elementtiming: BLOCK_NAME_TIMING } as Record<string, string>;

export interface BlockListProps {
  blocks: readonly Block[];
  source: UiSource;
  onUse: (block: Block, source: UiSource) => void;
  /** The block being inserted, shown dimmed meanwhile. */
  busyId?: string | null;
  /** A short hint under a block (why it is recommended). */
  hintOf?: (block: Block) => ReactNode;
  label: string;
}

export function BlockList(props: BlockListProps) {
  const styles = useStyles();
  return (
    <ul className={styles.list} aria-label={props.label}>
      {props.blocks.map((block) => (
        <BlockRow key={block._id} block={block} source={props.source} onUse={props.onUse} busy={props.busyId === block._id} hint={props.hintOf?.(block)} />
      ))}
    </ul>
  );
}

interface BlockRowProps {
  block: Block;
  source: UiSource;
  onUse: (block: Block, source: UiSource) => void;
  busy: boolean;
  hint: ReactNode;
}

/** Memoised: Home re-renders as each answer arrives, and a row only changes with its own props. */
const BlockRow = memo(function BlockRow(props: BlockRowProps) {
  const styles = useStyles();
  const [expanded, setExpanded] = useState(false);
  const { block, hint } = props;
  return (
    <li className={styles.row}>
      {/* For the eyes only: as a description Fluent would render every row's body into the page, and a
          screen reader would read a whole email per block. The chevron shows the text to everyone. */}
      <Tooltip content={<BlockPreview block={block} className={styles.tip} />} relationship="inaccessible" positioning="below-start" showDelay={500} withArrow>
        <Button
          appearance="subtle"
          className={mergeClasses(styles.use, props.busy && styles.using)}
          data-block-button=""
          onClick={() => props.onUse(block, props.source)}
          onKeyDown={moveBlockFocus}
        >
          <span {...NAME_TIMING}>{block.name}</span>
        </Button>
      </Tooltip>
      <Button
        appearance="transparent"
        size="small"
        icon={expanded ? <ChevronDown20Regular /> : <ChevronRight20Regular />}
        aria-label={`Show the text of ${block.name}`}
        aria-expanded={expanded}
        onClick={() => setExpanded((value) => !value)}
      />
      {hint ? <span className={styles.hint}>{hint}</span> : null}
      {expanded && <BlockPreview block={block} className={styles.preview} />}
    </li>
  );
});

/** Arrow keys move focus between the block buttons of the screen, in reading order. */
export function moveBlockFocus(event: KeyboardEvent<HTMLElement>): void {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  const root = event.currentTarget.closest('main') ?? event.currentTarget.ownerDocument.body;
  const buttons = [...root.querySelectorAll<HTMLElement>('[data-block-button]')];
  if (buttons.length === 0) return;
  event.preventDefault();
  const at = buttons.indexOf(event.currentTarget);
  const next = at === -1 ? (event.key === 'ArrowDown' ? 0 : buttons.length - 1) : at + (event.key === 'ArrowDown' ? 1 : -1);
  buttons[Math.max(0, Math.min(buttons.length - 1, next))]?.focus();
}
