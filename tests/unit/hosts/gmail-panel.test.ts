// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { panelOpener } from '../../../hosts/gmail/background';

// The module's default `browser` is never used here: each test passes the browser it plays.
vi.mock('wxt/browser', () => ({ browser: {} }));

type Api = Parameters<typeof panelOpener>[0];

describe('opening the panel next to Gmail', () => {
  it("in Chrome, uses the side panel: the toolbar button opens it, and a compose's button opens it in that tab", async () => {
    const sidePanel = { setPanelBehavior: vi.fn(() => Promise.resolve()), open: vi.fn(() => Promise.resolve()) };
    const panel = panelOpener({ sidePanel } as unknown as Api);
    panel.openFromToolbar();
    expect(sidePanel.setPanelBehavior).toHaveBeenCalledWith({ openPanelOnActionClick: true });
    await panel.open(42);
    expect(sidePanel.open).toHaveBeenCalledWith({ tabId: 42 });
  });

  it('in Firefox, which has no side panel, uses the sidebar: the toolbar button toggles it', async () => {
    let onClicked: (() => void) | undefined;
    const sidebarAction = { open: vi.fn(() => Promise.resolve()), toggle: vi.fn(() => Promise.resolve()) };
    const action = { onClicked: { addListener: vi.fn((listener: () => void) => void (onClicked = listener)) } };
    const panel = panelOpener({ sidebarAction, action } as unknown as Api);
    panel.openFromToolbar();
    onClicked?.();
    expect(sidebarAction.toggle).toHaveBeenCalledOnce();
    await panel.open(42);
    expect(sidebarAction.open).toHaveBeenCalledOnce();
  });
});
