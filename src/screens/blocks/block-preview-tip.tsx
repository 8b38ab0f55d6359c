/**
 * A block list's one preview: the sanitised body of the block under the pointer or keyboard focus,
 * beside it, as Fluent's tooltip looks (for the eyes only: the chevron shows the text to everyone).
 * It opens after the pointer has rested on a block, only when the user moved the pointer there, and
 * follows its block when the list moves under it.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { Portal, makeStyles, tokens, usePositioning, type PositioningImperativeRef } from '@fluentui/react-components';
import type { Block } from '../../api/contract/block';
import { BlockPreview } from '../../ui/block-preview';

/** How long the pointer rests on a block before its preview shows, and lingers after it leaves. */
export const PREVIEW_SHOW_DELAY_MS = 500;
export const PREVIEW_HIDE_DELAY_MS = 250;

const useStyles = makeStyles({
  tipShortcut: { margin: 0, marginBottom: tokens.spacingVerticalXS, color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  // Fluent's tooltip, as plain CSS.
  tip: {
    maxWidth: '300px',
    maxHeight: '240px',
    overflow: 'hidden',
    boxSizing: 'border-box',
    paddingBlock: '4px 6px',
    paddingInline: '11px',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorTransparentStroke}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    boxShadow: tokens.shadow16,
    fontFamily: tokens.fontFamilyBase,
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase200,
    overflowWrap: 'anywhere',
    '& img': { maxWidth: '100%', height: 'auto' },
  },
});

/**
 * Where the pointer last moved (viewport coordinates), kept by a listener on the window that runs
 * after the rows' own handlers. A block that comes to lie under a pointer that did not move (the
 * screen changed under it: Home replacing the sign-in screen, an answer pushing the rows down)
 * gets pointer events at that same place; its preview waits for the user to move the pointer, so
 * it never opens by itself over the rows the user is about to click. The listener lives as long as
 * the page, not a list: it must know where the pointer moved before the list existed (on the
 * sign-in screen Home replaces), and it does one passive write per move.
 */
const lastPointer = { x: Number.NaN, y: Number.NaN };
if (typeof window !== 'undefined') {
  window.addEventListener(
    'pointermove',
    (event) => {
      lastPointer.x = event.clientX;
      lastPointer.y = event.clientY;
    },
    { passive: true },
  );
}

/** True when `event` happened where the pointer was not before: the user moved it. */
export function pointerMoved(event: { clientX: number; clientY: number }): boolean {
  return event.clientX !== lastPointer.x || event.clientY !== lastPointer.y;
}

/** What a row asks of its list's preview: show `block` at `anchor`, or hide (now, or after a grace). */
export type PreviewRequest = (request: { block: Block; anchor: HTMLElement } | { hide: 'now' | 'soon' } | { keep: true }) => void;

/**
 * The list's one preview. It shows after the pointer has rested on a block (or at once when moving
 * from one previewed block to the next, as tooltips do), on keyboard focus, and hides when the
 * pointer leaves (after a grace that lets it reach the preview), on blur, click and Escape.
 */
export function usePreview(): { tip: { block: Block; anchor: HTMLElement } | null; preview: PreviewRequest } {
  const [tip, setTip] = useState<{ block: Block; anchor: HTMLElement } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const showing = useRef(false);
  showing.current = tip !== null;
  useEffect(() => () => clearTimeout(timer.current), []);
  const preview = useCallback<PreviewRequest>((request) => {
    clearTimeout(timer.current);
    if ('keep' in request) return;
    if ('hide' in request) {
      if (request.hide === 'now') setTip(null);
      else timer.current = setTimeout(() => setTip(null), PREVIEW_HIDE_DELAY_MS);
      return;
    }
    if (showing.current) setTip(request);
    else timer.current = setTimeout(() => setTip(request), PREVIEW_SHOW_DELAY_MS);
  }, []);
  return { tip, preview };
}

/**
 * Keeps the preview beside its block when the block moves without a scroll or a resize: an answer
 * arriving above the list (recommendations, a notice) pushes the rows down, and Fluent repositions
 * only on scroll and resize, so the preview would stay where the block was and cover it, and the
 * pointer resting on it would keep it up. One layout read per frame, only while a preview shows.
 */
function useFollowAnchor(anchor: HTMLElement, positioningRef: RefObject<PositioningImperativeRef | null>): void {
  useEffect(() => {
    let { left, top } = anchor.getBoundingClientRect();
    let frame = requestAnimationFrame(function check() {
      const rect = anchor.getBoundingClientRect();
      if (rect.left !== left || rect.top !== top) {
        ({ left, top } = rect);
        positioningRef.current?.updatePosition();
      }
      frame = requestAnimationFrame(check);
    });
    return () => cancelAnimationFrame(frame);
  }, [anchor, positioningRef]);
}

/** For the eyes only: a screen reader would read a whole email per block; the chevron shows the text to everyone. */
export function PreviewTip(props: { block: Block; anchor: HTMLElement; onPreview: PreviewRequest }) {
  const styles = useStyles();
  const positioningRef = useRef<PositioningImperativeRef>(null);
  const { containerRef } = usePositioning({ target: props.anchor, position: 'below', align: 'start', offset: 4, positioningRef });
  useFollowAnchor(props.anchor, positioningRef);
  const { onPreview } = props;
  return (
    <Portal>
      <div
        ref={containerRef}
        role="tooltip"
        className={styles.tip}
        onPointerEnter={() => onPreview({ keep: true })}
        onPointerLeave={() => onPreview({ hide: 'soon' })}
        // A click on the preview wants what lies beneath it: the preview gets out of the way.
        onClick={() => onPreview({ hide: 'now' })}
      >
        {props.block.shortcut && <p className={styles.tipShortcut}>Shortcut: {props.block.shortcut}</p>}
        <BlockPreview block={props.block} />
      </div>
    </Portal>
  );
}
