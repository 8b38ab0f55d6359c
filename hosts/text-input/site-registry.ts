import { SHORTCUT_SITES_KEY } from '../shared/site-messages';
import type { SiteOutcome } from './protocol';

/**
 * The sites where the user turned typed shortcuts on (docs/staff.md "Shortcuts"), kept by the background.
 * Turning a site on is the user's answer to the browser's prompt for that one site (asked from the
 * picker's button, `optional_host_permissions`); with it granted, the text-field content script is
 * registered for the site (every frame, about:blank and srcdoc frames of its pages included) and
 * the site goes on the list that `expandsOn` answers from. Turning it off undoes all three. No other
 * page gets a script: the list holds only sites the browser granted.
 */

export { SHORTCUT_SITES_KEY };

/** The id a site's registered content script carries. */
export const SITE_SCRIPT_PREFIX = 'cannery-site:';

/** More sites than anyone turns on; a list past it is cut when read. */
const MAX_SITES = 500;

/** The parts of `storage.local` the registry uses. */
export interface SiteStore {
  get(key: string): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
}

/** The parts of `permissions` the registry uses. */
export interface SitePermissions {
  contains(permissions: { origins: string[] }): Promise<boolean>;
  remove(permissions: { origins: string[] }): Promise<boolean>;
}

/** A content script registered at run time, as `scripting.registerContentScripts` takes it. */
export interface SiteScript {
  id: string;
  matches: string[];
  js: string[];
  allFrames: boolean;
  matchOriginAsFallback: boolean;
  runAt: 'document_idle';
  persistAcrossSessions: boolean;
}

/** The parts of `scripting` the registry uses. */
export interface SiteScripting {
  registerContentScripts(scripts: SiteScript[]): Promise<void>;
  unregisterContentScripts(filter: { ids: string[] }): Promise<void>;
  getRegisteredContentScripts(filter: { ids: string[] }): Promise<Array<{ id: string }>>;
}

export interface SiteRegistryDeps {
  store: SiteStore;
  permissions: SitePermissions;
  scripting: SiteScripting;
  /** The built text-field content script, e.g. `content-scripts/text-field.js`. */
  contentScriptFile: string;
}

/** Turned on, or why not: the browser did not grant the site, or it is no web site. */
export type TurnOnOutcome = SiteOutcome;

export interface SiteRegistry {
  /** The sites shortcuts expand on, in the order they were turned on. */
  list(): Promise<string[]>;
  /** Whether `origin` is on the list. */
  isOn(origin: string): Promise<boolean>;
  /** Registers the script for `origin` and lists it, when the browser granted the site. */
  turnOn(origin: string): Promise<TurnOnOutcome>;
  /** Unregisters the script, takes the site off the list and gives its permission back. */
  turnOff(origin: string): Promise<void>;
  /**
   * Makes the browser's state match the list (after an install, an update or a browser start): a
   * listed site whose permission is gone leaves the list; one still granted gets its script back
   * if the browser dropped it.
   */
  restore(): Promise<void>;
}

/**
 * `value` as a site Cannery can turn shortcuts on for: the origin of an http or https page,
 * as `URL` spells it (`https://example.org`, `http://localhost:8080`); null for anything else.
 */
export function siteOrigin(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 300) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  return url.origin === value.replace(/\/$/, '') ? url.origin : null;
}

/** The match pattern of every page of `origin` (also what the permission is asked for). */
export function sitePattern(origin: string): string {
  return `${origin}/*`;
}

export function createSiteRegistry(deps: SiteRegistryDeps): SiteRegistry {
  let queue: Promise<unknown> = Promise.resolve();
  /** Changes one at a time: two quick clicks must not both read the old list. */
  function serially<T>(work: () => Promise<T>): Promise<T> {
    const next = queue.then(work, work);
    queue = next.catch(() => undefined);
    return next;
  }

  async function list(): Promise<string[]> {
    const value: unknown = (await deps.store.get(SHORTCUT_SITES_KEY))[SHORTCUT_SITES_KEY];
    if (!Array.isArray(value)) return [];
    const sites = value.map(siteOrigin).filter((site): site is string => site !== null);
    return [...new Set(sites)].slice(0, MAX_SITES);
  }

  async function isOn(origin: string): Promise<boolean> {
    const site = siteOrigin(origin);
    return site !== null && (await list()).includes(site);
  }

  async function unregister(id: string): Promise<void> {
    const found = await deps.scripting.getRegisteredContentScripts({ ids: [id] });
    if (found.length > 0) await deps.scripting.unregisterContentScripts({ ids: [id] });
  }

  async function turnOn(origin: string): Promise<TurnOnOutcome> {
    const site = siteOrigin(origin);
    if (!site) return 'not-a-site';
    if (!(await deps.permissions.contains({ origins: [sitePattern(site)] }))) return 'not-granted';
    await unregister(SITE_SCRIPT_PREFIX + site);
    await register(site);
    const sites = await list();
    if (!sites.includes(site)) await deps.store.set({ [SHORTCUT_SITES_KEY]: [...sites, site] });
    return 'on';
  }

  async function restore(): Promise<void> {
    const kept: string[] = [];
    const listed = await list();
    for (const site of listed) {
      if (!(await deps.permissions.contains({ origins: [sitePattern(site)] }))) {
        await unregister(SITE_SCRIPT_PREFIX + site);
        continue;
      }
      kept.push(site);
      const id = SITE_SCRIPT_PREFIX + site;
      if ((await deps.scripting.getRegisteredContentScripts({ ids: [id] })).length === 0) await register(site);
    }
    // Written only when a site's access was taken away meanwhile: a browser with no site keeps no list.
    if (kept.length !== listed.length) await deps.store.set({ [SHORTCUT_SITES_KEY]: kept });
  }

  async function register(site: string): Promise<void> {
    const id = SITE_SCRIPT_PREFIX + site;
    await deps.scripting.registerContentScripts([
      {
        id,
        matches: [sitePattern(site)],
        js: [deps.contentScriptFile],
        // Editors in frames (TinyMCE, CKEditor 4) and frames without an address of their own.
        allFrames: true,
        matchOriginAsFallback: true,
        runAt: 'document_idle',
        persistAcrossSessions: true,
      },
    ]);
  }

  async function turnOff(origin: string): Promise<void> {
    const site = siteOrigin(origin);
    if (!site) return;
    await unregister(SITE_SCRIPT_PREFIX + site);
    const sites = await list();
    await deps.store.set({ [SHORTCUT_SITES_KEY]: sites.filter((listed) => listed !== site) });
    // A permission the manifest itself holds (a development build's) cannot be given back: the
    // script and the list are what expansion hangs on, so the site is off all the same.
    await deps.permissions.remove({ origins: [sitePattern(site)] }).catch(() => false);
  }

  return {
    list,
    isOn,
    turnOn: (origin) => serially(() => turnOn(origin)),
    turnOff: (origin) => serially(() => turnOff(origin)),
    restore: () => serially(restore),
  };
}
