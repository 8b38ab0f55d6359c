import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HostAdapter } from '../../../hosts/host';
import { OUTSIDE_OUTLOOK_HEADING } from '../../../hosts/outlook/outside-outlook-notice';
import { startTaskPane, type MountApp } from '../../../hosts/outlook/start-task-pane';
import { loadFakeOffice, unloadFakeOffice } from '../../fixtures/office/load-fake-office';

function makeRoot(): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = '<p>Loading Cannery…</p>';
  document.body.append(root);
  return root;
}

afterEach(() => {
  vi.useRealTimers();
  unloadFakeOffice();
  document.body.replaceChildren();
});

describe('startTaskPane', () => {
  it('mounts the app with the Outlook adapter once Office reports Outlook', async () => {
    const { office } = loadFakeOffice();
    const root = makeRoot();
    const mount = vi.fn<MountApp>();
    await expect(startTaskPane({ root, office, mount })).resolves.toBe('mounted');
    expect(mount).toHaveBeenCalledTimes(1);
    const adapter = mount.mock.calls[0]?.[1] as HostAdapter;
    expect(adapter.context).toBe('outlook');
    expect(root.textContent).toBe('');
  });

  it('gives the router back the History API that Office.js nulls', async () => {
    const { office } = loadFakeOffice();
    expect(typeof history.replaceState).not.toBe('function');
    await startTaskPane({ root: makeRoot(), office, mount: vi.fn<MountApp>() });
    expect(typeof history.replaceState).toBe('function');
    history.replaceState(null, '', '#/login');
    expect(location.hash).toBe('#/login');
  });

  it('mounts inside an Office dialog too, where there is no mailbox', async () => {
    const { office } = loadFakeOffice({ item: null, config: { inDialog: true } });
    const mount = vi.fn<MountApp>();
    await expect(startTaskPane({ root: makeRoot(), office, mount })).resolves.toBe('mounted');
  });

  it('explains itself when Office.js did not load', async () => {
    const root = makeRoot();
    const mount = vi.fn<MountApp>();
    await expect(startTaskPane({ root, office: undefined, mount })).resolves.toBe('notice');
    expect(mount).not.toHaveBeenCalled();
    expect(root.querySelector('h1')?.textContent).toBe(OUTSIDE_OUTLOOK_HEADING);
    expect(root.querySelector('a')?.getAttribute('href')).toBe('/');
  });

  it('explains itself when Office runs in another application', async () => {
    const { office } = loadFakeOffice({ config: { host: 'Word' } });
    const root = makeRoot();
    await expect(startTaskPane({ root, office, mount: vi.fn<MountApp>() })).resolves.toBe('notice');
    expect(root.textContent).toContain('not running in Outlook');
  });

  it('shows the notice when Office does not answer in time, and still mounts if Outlook answers late', async () => {
    vi.useFakeTimers();
    const { office } = loadFakeOffice();
    let answer: (info: { host: Office.HostType; platform: Office.PlatformType }) => void = () => undefined;
    const late = new Promise<{ host: Office.HostType; platform: Office.PlatformType }>((resolve) => {
      answer = resolve;
    });
    const slowOffice: typeof Office = { ...office, onReady: () => late };
    const root = makeRoot();
    const mount = vi.fn<MountApp>();
    const started = startTaskPane({ root, office: slowOffice, mount, timeoutMs: 1000 });

    await vi.advanceTimersByTimeAsync(1000);
    expect(root.querySelector('h1')?.textContent).toBe(OUTSIDE_OUTLOOK_HEADING);

    answer({ host: office.HostType.Outlook, platform: office.PlatformType.PC });
    await expect(started).resolves.toBe('mounted');
    expect(root.querySelector('h1')).toBeNull();
  });
});
