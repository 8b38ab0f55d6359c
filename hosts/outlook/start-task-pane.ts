import type { HostAdapter } from '../host';
import { createOutlookAdapter } from './adapter';
import { restoreHistoryApi } from './history-api';
import { showOutsideOutlookNotice } from './outside-outlook-notice';

/** How long Office.js gets to report an Outlook host before the page explains itself. */
export const OFFICE_READY_TIMEOUT_MS = 4000;

/** Mounts the shared app; `mountCannery` in production, a spy in tests. */
export type MountApp = (root: HTMLElement, adapter: HostAdapter) => unknown;

/** What `startTaskPane` needs; everything is passed in so tests can start it with a fake Office. */
export interface StartOptions {
  root: HTMLElement;
  /** `globalThis.Office`, undefined when the CDN script did not load. */
  office: typeof Office | undefined;
  mount: MountApp;
  /** Defaults to `OFFICE_READY_TIMEOUT_MS`. */
  timeoutMs?: number;
}

/**
 * Starts the task pane (and its dialog pages, routes of the same page): waits for `Office.onReady`
 * and mounts the app with the Outlook adapter. Opened in a plain browser, Office.js is missing or
 * reports no Outlook host; the page then shows a notice instead of staying blank. A slow Outlook
 * that answers after the notice still gets the app. Resolves once the page has settled either way.
 */
export async function startTaskPane(options: StartOptions): Promise<'mounted' | 'notice'> {
  const { root, office, mount, timeoutMs = OFFICE_READY_TIMEOUT_MS } = options;
  if (!office || typeof office.onReady !== 'function') {
    showOutsideOutlookNotice(root, 'office-js-missing');
    return 'notice';
  }
  const timer = setTimeout(() => showOutsideOutlookNotice(root, 'no-answer'), timeoutMs);
  try {
    const info = await office.onReady();
    if (info.host !== office.HostType.Outlook) {
      showOutsideOutlookNotice(root, 'not-outlook');
      return 'notice';
    }
    restoreHistoryApi();
    root.replaceChildren();
    mount(root, createOutlookAdapter(office));
    return 'mounted';
  } catch (error) {
    console.error('Cannery: Office.js failed to start', error);
    showOutsideOutlookNotice(root, 'not-outlook');
    return 'notice';
  } finally {
    clearTimeout(timer);
  }
}
