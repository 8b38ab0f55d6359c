import { afterEach, describe, expect, it, vi } from 'vitest';
import { HostError } from '../../../hosts/host';
import { createPlaygroundAdapter, isSignInPopup } from '../../../hosts/playground/adapter';
import { MailStore } from '../../../hosts/playground/mail-store';

/**
 * The playground's work-account pop-up (hosts/host.ts `WorkAccountWindow`, mode `landing`): a real
 * window opened at the app's dialog-landing page, which reports back with `postMessage`.
 */

const ORIGIN = 'http://localhost:8787';

/** A window of the playground's origin, with what the adapter touches. */
function fakeWindow(overrides: Record<string, unknown> = {}) {
  const target = new EventTarget();
  const win = {
    location: { origin: ORIGIN },
    screen: { availWidth: 1600, availHeight: 1000 },
    localStorage: window.localStorage,
    opener: null as unknown,
    open: vi.fn(),
    setInterval: (run: () => void, ms: number) => setInterval(run, ms),
    clearInterval: (id: number) => clearInterval(id),
    setTimeout: (run: () => void, ms: number) => setTimeout(run, ms),
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
    dispatchEvent: target.dispatchEvent.bind(target),
    ...overrides,
  };
  return win;
}

const adapterFor = (win: ReturnType<typeof fakeWindow>) => createPlaygroundAdapter(new MailStore(), win as unknown as Window);

afterEach(() => {
  vi.useRealTimers();
});

describe('the playground sign-in pop-up', () => {
  it('uses the playground page as redirect URI and its routes as landing pages', () => {
    const adapter = adapterFor(fakeWindow());
    expect(adapter.workAccount).toMatchObject({ mode: 'landing', redirectUri: `${ORIGIN}/` });
    expect(adapter.workAccount.landingUrl('dialog-landing')).toBe(`${ORIGIN}/#/dialog-landing`);
  });

  it('opens a window of 50 by 50 percent and resolves with the message that window posts', async () => {
    const popup = { closed: false, close: vi.fn() };
    const win = fakeWindow();
    win.open.mockReturnValue(popup);
    const result = adapterFor(win).openAuthPopup(`${ORIGIN}/#/dialog-landing`, { widthPercent: 50, heightPercent: 50 });
    expect(win.open).toHaveBeenCalledWith(`${ORIGIN}/#/dialog-landing`, 'cannery-sign-in', 'popup,width=800,height=500');

    // Messages from elsewhere are ignored: another window, another origin.
    win.dispatchEvent(new MessageEvent('message', { data: 'not ours', origin: ORIGIN }));
    win.dispatchEvent(new MessageEvent('message', { data: 'forged', origin: 'https://evil.example', source: popup as unknown as Window }));
    win.dispatchEvent(new MessageEvent('message', { data: 'the report', origin: ORIGIN, source: popup as unknown as Window }));
    await expect(result).resolves.toBe('the report');
    expect(popup.close).toHaveBeenCalled();
  });

  it("rejects with 'Dialog window closed' when the user closes the window", async () => {
    vi.useFakeTimers();
    const popup = { closed: false, close: vi.fn() };
    const win = fakeWindow();
    win.open.mockReturnValue(popup);
    const result = adapterFor(win).openAuthPopup(`${ORIGIN}/#/dialog-landing`, { widthPercent: 50, heightPercent: 50 });
    popup.closed = true;
    vi.advanceTimersByTime(250);
    await expect(result).rejects.toMatchObject({ name: 'HostError', code: 'dialog-closed', message: 'Dialog window closed' });
  });

  it('explains a blocked pop-up', async () => {
    const win = fakeWindow();
    win.open.mockReturnValue(null);
    await expect(adapterFor(win).openAuthPopup(`${ORIGIN}/#/dialog-landing`, { widthPercent: 50, heightPercent: 50 })).rejects.toMatchObject({
      code: 'dialog-failed',
    });
  });

  it('reports to its opener only, at the playground origin', async () => {
    const opener = { closed: false, postMessage: vi.fn(), location: { origin: ORIGIN } };
    const inPopup = fakeWindow({ opener });
    await adapterFor(inPopup).sendToOpener('the report');
    expect(opener.postMessage).toHaveBeenCalledWith('the report', ORIGIN);
    expect(isSignInPopup(inPopup as unknown as Window)).toBe(true);

    const alone = fakeWindow();
    await expect(adapterFor(alone).sendToOpener('the report')).rejects.toBeInstanceOf(HostError);
    expect(isSignInPopup(alone as unknown as Window)).toBe(false);
    const foreign = fakeWindow({ opener: { location: { get origin(): string { throw new Error('cross-origin'); } } } });
    expect(isSignInPopup(foreign as unknown as Window)).toBe(false);
  });
});
