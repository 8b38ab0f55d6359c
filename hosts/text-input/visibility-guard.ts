/**
 * The picker is framed into pages Cannery does not trust, and a page can lay something over a frame
 * (a transparent layer that lets clicks through, a fake button, opacity) to steer the user's click
 * into it. The guard acts on no click while the picker is not fully visible to the user, as
 * password managers do: Chrome's IntersectionObserver v2 (`trackVisibility`) reports whether the
 * frame is visible, unoccluded and free of opacity, transforms and filters set by the page. Its
 * reports come at least 100 ms after a change, so a page that uncovers the picker right under a
 * click aimed at something else still finds that click refused. Before the first report (the
 * picker has just appeared, where the user asked for it) clicks count.
 *
 * Where the browser cannot tell (Firefox has no v2 observer), the guard lets clicks through; the
 * closed shadow root, the page-proof styles and the watch on the picker's element still apply.
 */

/** Every event that can act on something the user points at. Keyboard activation arrives as `click` too. */
const ACTIVATIONS = ['click', 'dblclick', 'auxclick', 'mousedown', 'mouseup', 'pointerdown', 'pointerup', 'contextmenu', 'submit'] as const;

/** What the user reads when a click was ignored. */
export const COVERED_NOTICE = 'Cannery ignored that click: something on this page is covering it. Move the page content away from Cannery, or press Escape and try again.';

export interface VisibilityGuardOptions {
  /** The picker document. */
  doc: Document;
  /** Called when a click was refused (the page shows a notice). */
  onRefused?: () => void;
  /** The observer constructor (tests pass a fake one). */
  IntersectionObserver?: typeof IntersectionObserver;
  signal?: AbortSignal;
}

export interface VisibilityGuard {
  /** Whether a click now would be acted on. */
  readonly allowsClicks: () => boolean;
  /** Whether this browser reports visibility at all. */
  readonly tracking: boolean;
}

/** The v2 options: Chromium accepts them on the constructor; the types of this TypeScript version do not list them. */
interface V2Options extends IntersectionObserverInit {
  trackVisibility: boolean;
  delay: number;
}

type V2Entry = IntersectionObserverEntry & { isVisible?: boolean };

export function guardClicksWhileCovered(options: VisibilityGuardOptions): VisibilityGuard {
  const { doc } = options;
  const Observer = options.IntersectionObserver ?? doc.defaultView?.IntersectionObserver;
  const target = doc.documentElement;

  /** What the last report said; null before the first one. */
  let visible: boolean | null = null;
  let tracking = false;

  if (Observer) {
    const settings: V2Options = { trackVisibility: true, delay: 100, threshold: [0, 1] };
    const observer = new Observer((entries) => {
      const last: V2Entry | undefined = entries.at(-1);
      if (!last) return;
      visible = last.isVisible === true;
    }, settings);
    // A browser without v2 drops the option: `trackVisibility` reads back undefined or false.
    tracking = (observer as IntersectionObserver & { trackVisibility?: boolean }).trackVisibility === true;
    if (tracking) {
      observer.observe(target);
      options.signal?.addEventListener('abort', () => observer.disconnect(), { once: true });
    } else {
      observer.disconnect();
    }
  }

  const allowsClicks = (): boolean => !tracking || visible !== false;

  const view = doc.defaultView;
  if (view) {
    for (const type of ACTIVATIONS) {
      view.addEventListener(
        type,
        (event) => {
          if (allowsClicks()) return;
          // Before React's listeners on the root: the app never sees the click.
          event.preventDefault();
          event.stopImmediatePropagation();
          if (type === 'click' || type === 'submit') options.onRefused?.();
        },
        { capture: true, ...(options.signal ? { signal: options.signal } : {}) },
      );
    }
  }

  return { allowsClicks, tracking };
}
