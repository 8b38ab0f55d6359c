import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

/** The origin the server replaces with its public one when serving the manifest (server/http/web.ts). */
const PLACEHOLDER_ORIGIN = 'https://localhost:8443';
const REPO = join(import.meta.dirname, '..', '..', '..');
const MANIFEST_PATH = join(REPO, 'manifest-office', 'manifest.xml');

let manifest: Document;

function all(tag: string): Element[] {
  return Array.from(manifest.getElementsByTagName(tag));
}

function text(tag: string): string[] {
  return all(tag).map((element) => element.textContent?.trim() ?? '');
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(file);
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

beforeAll(() => {
  manifest = new DOMParser().parseFromString(readFileSync(MANIFEST_PATH, 'utf8'), 'application/xml');
});

describe('the Outlook add-in manifest', () => {
  it('is well-formed XML of a mail add-in with a GUID id', () => {
    expect(all('parsererror')).toHaveLength(0);
    expect(manifest.documentElement.tagName).toBe('OfficeApp');
    expect(manifest.documentElement.getAttribute('xsi:type')).toBe('MailApp');
    expect(text('Id')[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('asks for Mailbox 1.1, ReadWriteItem and the sign-in authority', () => {
    const mailbox = all('Set').find((set) => set.getAttribute('Name') === 'Mailbox');
    expect(mailbox?.getAttribute('MinVersion')).toBe('1.1');
    expect(text('Permissions')).toEqual(['ReadWriteItem']);
    expect(text('AppDomain')).toContain('https://login.microsoftonline.com');
  });

  it('writes every URL of ours against the placeholder origin', () => {
    const urls = all('*')
      // The sign-in authority is the one foreign origin; text is read from leaves only.
      .filter((element) => element.tagName !== 'AppDomain' && element.children.length === 0)
      .flatMap((element) => [element.getAttribute('DefaultValue') ?? '', element.textContent ?? ''])
      .filter((value) => /^https?:\/\//.test(value.trim()));
    expect(urls.length).toBeGreaterThan(5);
    for (const url of urls) expect(url.startsWith(`${PLACEHOLDER_ORIGIN}/`), url).toBe(true);
  });

  it('opens the task pane, pinnable, from a read and a compose button', () => {
    const surfaces = all('ExtensionPoint').map((point) => point.getAttribute('xsi:type'));
    expect(surfaces).toEqual(['MessageReadCommandSurface', 'MessageComposeCommandSurface']);
    const actions = all('Action');
    expect(actions.map((action) => action.getAttribute('xsi:type'))).toEqual(['ShowTaskpane', 'ShowTaskpane']);
    expect(text('SupportsPinning')).toEqual(['true', 'true']);
    const taskPaneUrl = all('bt:Url').find((url) => url.getAttribute('id') === 'Cannery.TaskPaneUrl');
    expect(taskPaneUrl?.getAttribute('DefaultValue')).toBe(`${PLACEHOLDER_ORIGIN}/outlook/taskpane.html`);
    // The web build's root is hosts/, so this page is what /outlook/taskpane.html serves.
    expect(existsSync(join(REPO, 'hosts', 'outlook', 'taskpane.html'))).toBe(true);
  });

  it('defines every resource it references', () => {
    const defined = new Set(
      ['bt:Image', 'bt:Url', 'bt:String'].flatMap((tag) => all(tag).map((element) => element.getAttribute('id'))),
    );
    const referenced = all('*')
      .map((element) => element.getAttribute('resid'))
      .filter((resid): resid is string => resid !== null);
    expect(referenced.length).toBeGreaterThan(5);
    for (const resid of referenced) {
      expect(defined.has(resid), resid).toBe(true);
      expect(resid.length).toBeLessThanOrEqual(32);
    }
  });

  it('names icons that exist as PNGs of the stated sizes', () => {
    const iconUrls = [
      ...all('bt:Image').map((image) => image.getAttribute('DefaultValue')),
      ...all('IconUrl').map((icon) => icon.getAttribute('DefaultValue')),
      ...all('HighResolutionIconUrl').map((icon) => icon.getAttribute('DefaultValue')),
    ].filter((url): url is string => url !== null);
    expect(iconUrls).toHaveLength(5);
    for (const url of iconUrls) {
      const match = /\/assets\/icon-(\d+)\.png$/.exec(url);
      expect(match, url).not.toBeNull();
      const size = Number(match?.[1]);
      expect(pngSize(join(REPO, 'hosts', 'public', 'assets', `icon-${size}.png`))).toEqual({ width: size, height: size });
    }
  });
});
