/**
 * One block in a list: its name is the button that uses it (one click, or Enter); hovering or
 * focusing it previews the sanitised body, and the chevron beside it shows the whole body inline.
 * Arrow keys move between the blocks of the screen (see `moveBlockFocus`). Inside a favourites
 * provider each row also has a star: a toggle button (`aria-pressed`) that Tab reaches.
 *
 * Rows are plain buttons styled with Fluent's tokens, and a list has one preview
 * (`block-preview-tip.tsx`), shown for the block under the pointer or focus: a long list renders
 * fast (Home's first paint is dominated by its rows), where a Fluent Button and Tooltip per row
 * would cost several times as much.
 */
import { memo, useContext, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ChevronDown20Regular, ChevronRight20Regular, Star20Filled, Star20Regular } from '@fluentui/react-icons';
import type { Block } from '../../api/contract/block';
import type { UiSource } from '../../api/contract/usage';
import { BLOCK_NAME_TIMING } from '../../ui/perf-marks';
import { BlockPreview } from '../../ui/block-preview';
import { blockInLanguage, blockLanguages, type BlockInLanguage } from '../../domain/block-variants';
import { DEFAULT_LANGUAGE, languageName } from '../../domain/languages';
import { FavouritesContext, type FavouritesControl } from './favourites-context';
import { PreviewTip, pointerMoved, usePreview, type PreviewRequest } from './block-preview-tip';


const focusRing = {
  outlineWidth: tokens.strokeWidthThick,
  outlineStyle: 'solid',
  outlineColor: tokens.colorStrokeFocus2,
  outlineOffset: `-${tokens.strokeWidthThick}`,
} as const;

/**
 * Windows high contrast (forced colours): the system replaces the theme's colours, so the rows'
 * focus ring takes the system's highlight, as Fluent's own controls do.
 */
const FORCED_COLORS = '@media (forced-colors: active)';
/** All four border colours, as Griffel takes them: longhands, without Fluent's helpers, which would weigh on the first screen. */
const borderColors = (color: string) => ({ borderTopColor: color, borderRightColor: color, borderBottomColor: color, borderLeftColor: color });
const forcedFocusRing = { [FORCED_COLORS]: { ':focus-visible': { outlineColor: 'Highlight' } } } as const;

const useStyles = makeStyles({
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '2px' },
  // The block's button, its shortcut (when it has one), the expand button, and the star (where stars are shown).
  row: { display: 'grid', gridTemplateColumns: '1fr auto auto', alignItems: 'start' },
  withStar: { gridTemplateColumns: '1fr auto auto auto' },
  starred: { color: tokens.colorPaletteMarigoldForeground1, ':hover': { color: tokens.colorPaletteMarigoldForeground1 } },
  // Fluent's subtle button, as plain CSS.
  use: {
    appearance: 'none',
    minWidth: 0,
    minHeight: '32px',
    margin: 0,
    paddingBlock: '5px',
    paddingInline: tokens.spacingHorizontalM,
    border: `${tokens.strokeWidthThin} solid transparent`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorSubtleBackground,
    color: tokens.colorNeutralForeground1,
    fontFamily: tokens.fontFamilyBase,
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
    fontWeight: tokens.fontWeightRegular,
    textAlign: 'start',
    overflowWrap: 'anywhere',
    cursor: 'pointer',
    ':hover': { backgroundColor: tokens.colorSubtleBackgroundHover, color: tokens.colorNeutralForeground1Hover },
    ':active': { backgroundColor: tokens.colorSubtleBackgroundPressed, color: tokens.colorNeutralForeground1Pressed },
    ':focus-visible': focusRing,
    ...forcedFocusRing,
  },
  using: { opacity: 0.6 },
  // A block's shortcut after its name: what to type instead of clicking.
  shortcut: {
    alignSelf: 'center',
    marginInline: tokens.spacingHorizontalXS,
    paddingInline: tokens.spacingHorizontalXS,
    borderRadius: tokens.borderRadiusSmall,
    backgroundColor: tokens.colorNeutralBackground3,
    color: tokens.colorNeutralForeground2,
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase200,
    whiteSpace: 'nowrap',
  },
  // Fluent's small transparent icon button.
  expand: {
    appearance: 'none',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '24px',
    height: '24px',
    marginBlock: '4px',
    padding: 0,
    border: `${tokens.strokeWidthThin} solid transparent`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorTransparentBackground,
    color: tokens.colorNeutralForeground2,
    cursor: 'pointer',
    ':hover': { color: tokens.colorNeutralForeground2BrandHover },
    ':active': { color: tokens.colorNeutralForeground2BrandPressed },
    ':focus-visible': focusRing,
    ...forcedFocusRing,
  },
  // A block shown in the default language because it has no version in the email's.
  fallback: {
    alignSelf: 'center',
    marginInline: tokens.spacingHorizontalXS,
    paddingInline: tokens.spacingHorizontalXS,
    borderRadius: tokens.borderRadiusSmall,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    color: tokens.colorNeutralForeground2,
    fontSize: tokens.fontSizeBase200,
    whiteSpace: 'nowrap',
  },
  languages: { gridColumn: '1 / -1', display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS, marginTop: tokens.spacingVerticalXS, marginInlineStart: tokens.spacingHorizontalS },
  language: {
    appearance: 'none',
    minHeight: '24px',
    paddingInline: tokens.spacingHorizontalS,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    fontFamily: tokens.fontFamilyBase,
    fontSize: tokens.fontSizeBase200,
    cursor: 'pointer',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': focusRing,
    [FORCED_COLORS]: { ...borderColors('ButtonText'), ':focus-visible': { outlineColor: 'Highlight' } },
  },
  // The language shown: filled in the brand colour, and in forced colours in the system's
  // selection colours, where the theme's fill is gone; its weight tells it without colour.
  languageOn: {
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorBrandBackground}`,
    fontWeight: tokens.fontWeightSemibold,
    ':hover': { backgroundColor: tokens.colorBrandBackgroundHover },
    [FORCED_COLORS]: { forcedColorAdjust: 'none', backgroundColor: 'Highlight', color: 'HighlightText', ...borderColors('Highlight'), ':hover': { backgroundColor: 'Highlight' } },
  },
  hint: { gridColumn: '1 / -1', paddingInlineStart: tokens.spacingHorizontalS, color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  preview: {
    gridColumn: '1 / -1',
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
});

/** Lets `markWhenPainted` see when the first block names reach the screen (not a prop React knows). */
const NAME_TIMING = { elementtiming: BLOCK_NAME_TIMING } as Record<string, string>;

export interface BlockListProps {
  blocks: readonly Block[];
  source: UiSource;
  onUse: (block: Block, source: UiSource) => void;
  /** The block being inserted, shown dimmed meanwhile. */
  busyId?: string | null;
  /** A short hint under a block (why it is recommended); it describes the block's button, outside its name. */
  hintOf?: (block: Block) => ReactNode;
  label: string;
  /** The Favourites group itself: unstarring takes the row away, so focus moves to a neighbour's star. */
  favouritesGroup?: boolean;
}

export function BlockList(props: BlockListProps) {
  const styles = useStyles();
  const { tip, preview } = usePreview();
  const favourites = useContext(FavouritesContext);
  return (
    <ul className={styles.list} aria-label={props.label}>
      {props.blocks.map((block) => (
        <BlockRow
          key={block._id}
          block={block}
          source={props.source}
          onUse={props.onUse}
          onPreview={preview}
          busy={props.busyId === block._id}
          hint={props.hintOf?.(block)}
          favourite={favourites ? favourites.ids.has(block._id.toLowerCase()) : undefined}
          onFavourite={favourites?.set}
          favouritesGroup={props.favouritesGroup === true}
        />
      ))}
      {/* A block that left the list (a new search, another team) takes its preview with it. */}
      {tip && tip.anchor.isConnected && props.blocks.includes(tip.block) && <PreviewTip block={tip.block} anchor={tip.anchor} onPreview={preview} />}
    </ul>
  );
}


interface BlockRowProps {
  block: Block;
  source: UiSource;
  onUse: (block: Block, source: UiSource) => void;
  onPreview: PreviewRequest;
  busy: boolean;
  hint: ReactNode;
  /** Whether the block is a favourite; `undefined` shows no star. */
  favourite: boolean | undefined;
  onFavourite: FavouritesControl['set'] | undefined;
  favouritesGroup: boolean;
}

/** Memoised: Home re-renders as each answer arrives, and a row only changes with its own props. */
const BlockRow = memo(function BlockRow(props: BlockRowProps) {
  const styles = useStyles();
  const [expanded, setExpanded] = useState(false);
  // The language the user switched this block to in its preview; null: the list's.
  const [chosen, setChosen] = useState<string | null>(null);
  const { hint, onPreview } = props;
  const block = useMemo(() => (chosen === null ? props.block : blockInLanguage(props.block, chosen)), [props.block, chosen]);
  const missing = (block as Partial<BlockInLanguage>).missingLanguage;
  // A block not read in another language carries its own text, the default language's.
  const shownLanguage = (block as Partial<BlockInLanguage>).language ?? DEFAULT_LANGUAGE;
  const languages = blockLanguages(props.block);
  const hintId = useId();
  /** Whether the pointer, moved by the user, asked for this block's preview. */
  const pointed = useRef(false);
  return (
    <li className={mergeClasses(styles.row, props.favourite !== undefined && styles.withStar)}>
      <button
        type="button"
        aria-describedby={hint ? hintId : undefined}
        className={mergeClasses(styles.use, props.busy && styles.using)}
        data-block-button=""
        onClick={() => {
          onPreview({ hide: 'now' });
          props.onUse(block, props.source);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onPreview({ hide: 'now' });
          moveBlockFocus(event);
        }}
        onPointerEnter={(event) => {
          pointed.current = event.pointerType !== 'touch' && pointerMoved(event);
          if (pointed.current) onPreview({ block, anchor: event.currentTarget });
        }}
        onPointerMove={(event) => {
          if (pointed.current || event.pointerType === 'touch' || !pointerMoved(event)) return;
          pointed.current = true;
          onPreview({ block, anchor: event.currentTarget });
        }}
        onPointerLeave={() => {
          pointed.current = false;
          onPreview({ hide: 'soon' });
        }}
        onFocus={(event) => {
          if (event.currentTarget.matches(':focus-visible')) onPreview({ block, anchor: event.currentTarget });
        }}
        onBlur={() => onPreview({ hide: 'now' })}
      >
        <span {...NAME_TIMING} lang={(block as Partial<BlockInLanguage>).language}>{block.name}</span>
      </button>
      {/* Beside the button, not in it: the button's name stays the block's name. */}
      {missing && (
        <span className={styles.fallback} title={`No ${languageName(missing)} version yet: this is the ${languageName(DEFAULT_LANGUAGE)} text`}>
          {languageName(DEFAULT_LANGUAGE)}
        </span>
      )}
      {block.shortcut && (
        <span className={styles.shortcut} title={`Type ${block.shortcut} then a space to insert this block`}>
          {block.shortcut}
        </span>
      )}
      <button
        type="button"
        className={styles.expand}
        aria-label={`Show the text of ${block.name}`}
        aria-expanded={expanded}
        onClick={() => setExpanded((value) => !value)}
      >
        {expanded ? <ChevronDown20Regular aria-hidden /> : <ChevronRight20Regular aria-hidden />}
      </button>
      {props.favourite !== undefined && props.onFavourite && (
        <FavouriteStar block={block} favourite={props.favourite} onFavourite={props.onFavourite} favouritesGroup={props.favouritesGroup} />
      )}
      {hint ? (
        <span id={hintId} className={styles.hint}>
          {hint}
        </span>
      ) : null}
      {expanded && languages.length > 1 && (
        <div className={styles.languages} role="group" aria-label={`Language of ${props.block.name}`}>
          {languages.map((language) => (
            <button
              key={language}
              type="button"
              className={mergeClasses(styles.language, shownLanguage === language && styles.languageOn)}
              aria-pressed={shownLanguage === language}
              onClick={() => setChosen(language)}
            >
              {languageName(language)}
            </button>
          ))}
        </div>
      )}
      {expanded && <BlockPreview block={block} className={styles.preview} />}
    </li>
  );
});

/**
 * The star of a row. Its name stays "Favourite <block>" and `aria-pressed` says whether it is one,
 * as a toggle button should; the tooltip says what a click does.
 */
function FavouriteStar(props: { block: Block; favourite: boolean; onFavourite: FavouritesControl['set']; favouritesGroup: boolean }) {
  const styles = useStyles();
  const { block, favourite } = props;
  return (
    <button
      type="button"
      className={mergeClasses(styles.expand, favourite && styles.starred)}
      aria-label={`Favourite ${block.name}`}
      aria-pressed={favourite}
      title={favourite ? 'Remove from Favourites' : 'Add to Favourites'}
      data-favourite-button=""
      onClick={(event) => {
        // Unstarred in the Favourites group, the row leaves: focus goes to the next star there, or
        // the previous one, or (the group gone with its last row) the search box.
        if (favourite && props.favouritesGroup) focusAfterLeaving(event.currentTarget);
        props.onFavourite(block, !favourite);
      }}
    >
      {favourite ? <Star20Filled aria-hidden /> : <Star20Regular aria-hidden />}
    </button>
  );
}

function focusAfterLeaving(star: HTMLElement): void {
  const row = star.closest('li');
  const neighbour = (sibling: Element | null | undefined) => sibling?.querySelector<HTMLElement>('[data-favourite-button]');
  const root = star.closest('main') ?? star.ownerDocument.body;
  const next = neighbour(row?.nextElementSibling) ?? neighbour(row?.previousElementSibling) ?? root.querySelector<HTMLElement>(`[${BLOCK_SEARCH_ATTRIBUTE}]`);
  next?.focus();
}

/** Marks the search box that ArrowUp from the first block returns to. */
export const BLOCK_SEARCH_ATTRIBUTE = 'data-block-search';

/**
 * Arrow keys move focus between the block buttons of the screen, in reading order; ArrowUp from
 * the first one goes back to the search box, where ArrowDown came from.
 */
export function moveBlockFocus(event: KeyboardEvent<HTMLElement>): void {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  const root = event.currentTarget.closest('main') ?? event.currentTarget.ownerDocument.body;
  const buttons = [...root.querySelectorAll<HTMLElement>('[data-block-button]')];
  if (buttons.length === 0) return;
  event.preventDefault();
  const at = buttons.indexOf(event.currentTarget);
  const next = at === -1 ? (event.key === 'ArrowDown' ? 0 : buttons.length - 1) : at + (event.key === 'ArrowDown' ? 1 : -1);
  const search = root.querySelector<HTMLElement>(`[${BLOCK_SEARCH_ATTRIBUTE}]`);
  if (next < 0 && search) {
    search.focus();
    return;
  }
  buttons[Math.max(0, Math.min(buttons.length - 1, next))]?.focus();
}
