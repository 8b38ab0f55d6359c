import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { BlockList } from '../../../src/screens/blocks/block-list';
import { PREVIEW_HIDE_DELAY_MS, PREVIEW_SHOW_DELAY_MS } from '../../../src/screens/blocks/block-preview-tip';
import { makeBlock, resetFactoryIds } from '../../fixtures/factories';

// DOMPurify does not run on happy-dom (see sanitize-html.ts; it is tested in Chromium): a marker
// proves the preview shows the sanitiser's output.
vi.mock('../../../src/sanitize/sanitize-html', () => ({
  sanitizeBlockHtml: (html: string) => `<span data-sanitised="">${html}</span>`,
  blockHtmlToPlainText: (html: string) => html.replace(/<[^>]+>/g, ''),
}));

beforeEach(() => {
  resetFactoryIds();
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

function renderList() {
  const blocks = [
    makeBlock({ name: 'Track My Ballot', body: '<p>Track your ballot with Ballot Tracker.</p>' }),
    makeBlock({ name: 'Vote Center Hours', body: '<p>Vote centers are open from 8 to 8.</p>' }),
  ];
  const onUse = vi.fn();
  render(
    <FluentProvider theme={webLightTheme}>
      <BlockList label="Other blocks" blocks={blocks} source="std_scrollable_list" onUse={onUse} />
    </FluentProvider>,
  );
  const button = (name: string) => screen.getByRole('button', { name });
  return { blocks, onUse, button };
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('block list preview', () => {
  it('shows the sanitised body after the pointer rests on a block, moves straight to the next block, and hides when the pointer leaves', async () => {
    const { button } = renderList();
    fireEvent.pointerEnter(button('Track My Ballot'), { pointerType: 'mouse' });
    await advance(PREVIEW_SHOW_DELAY_MS - 50);
    expect(screen.queryByRole('tooltip')).toBeNull();
    await advance(50);
    const tip = screen.getByRole('tooltip');
    expect(tip.textContent).toBe('Track your ballot with Ballot Tracker.');
    expect(tip.querySelector('[data-sanitised]')).not.toBeNull();

    // Once a preview is up, the next block's shows at once.
    fireEvent.pointerLeave(button('Track My Ballot'));
    fireEvent.pointerEnter(button('Vote Center Hours'), { pointerType: 'mouse' });
    expect(screen.getByRole('tooltip').textContent).toBe('Vote centers are open from 8 to 8.');

    // Leaving hides it after a grace that lets the pointer reach the preview, which keeps it up.
    fireEvent.pointerLeave(button('Vote Center Hours'));
    fireEvent.pointerEnter(screen.getByRole('tooltip'));
    await advance(PREVIEW_HIDE_DELAY_MS * 2);
    expect(screen.getByRole('tooltip')).toBeTruthy();
    fireEvent.pointerLeave(screen.getByRole('tooltip'));
    await advance(PREVIEW_HIDE_DELAY_MS);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('waits for the user to move the pointer when the block came under a pointer that stayed put, and a click on the preview hides it', async () => {
    const { button } = renderList();
    // The pointer last moved at (40, 12); the list then appeared under it.
    fireEvent.pointerMove(window, { pointerType: 'mouse', clientX: 40, clientY: 12 });
    fireEvent.pointerEnter(button('Track My Ballot'), { pointerType: 'mouse', clientX: 40, clientY: 12 });
    fireEvent.pointerMove(button('Track My Ballot'), { pointerType: 'mouse', clientX: 40, clientY: 12 });
    await advance(PREVIEW_SHOW_DELAY_MS * 2);
    expect(screen.queryByRole('tooltip')).toBeNull();

    // The user moves it, within the block.
    fireEvent.pointerMove(button('Track My Ballot'), { pointerType: 'mouse', clientX: 44, clientY: 12 });
    await advance(PREVIEW_SHOW_DELAY_MS);
    expect(screen.getByRole('tooltip').textContent).toBe('Track your ballot with Ballot Tracker.');

    fireEvent.click(screen.getByRole('tooltip'));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('never previews a block under a touch, and a click uses the block and hides its preview', async () => {
    const { button, blocks, onUse } = renderList();
    fireEvent.pointerEnter(button('Track My Ballot'), { pointerType: 'touch' });
    await advance(PREVIEW_SHOW_DELAY_MS * 2);
    expect(screen.queryByRole('tooltip')).toBeNull();

    fireEvent.pointerEnter(button('Track My Ballot'), { pointerType: 'mouse' });
    await advance(PREVIEW_SHOW_DELAY_MS);
    expect(screen.getByRole('tooltip')).toBeTruthy();
    fireEvent.click(button('Track My Ballot'));
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(onUse).toHaveBeenCalledWith(blocks[0], 'std_scrollable_list');
  });

  it('a block that leaves the list takes its preview with it', async () => {
    const blocks = [makeBlock({ name: 'Track My Ballot', body: '<p>Track it.</p>' }), makeBlock({ name: 'Vote Center Hours', body: '<p>8 to 8.</p>' })];
    const list = (shown: typeof blocks) => (
      <FluentProvider theme={webLightTheme}>
        <BlockList label="Search results" blocks={shown} source="search" onUse={vi.fn()} />
      </FluentProvider>
    );
    const { rerender } = render(list(blocks));
    fireEvent.pointerEnter(screen.getByRole('button', { name: 'Track My Ballot' }), { pointerType: 'mouse' });
    await advance(PREVIEW_SHOW_DELAY_MS);
    expect(screen.getByRole('tooltip').textContent).toBe('Track it.');
    rerender(list([blocks[1]!]));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('Escape hides the preview at once', async () => {
    const { button } = renderList();
    fireEvent.pointerEnter(button('Vote Center Hours'), { pointerType: 'mouse' });
    await advance(PREVIEW_SHOW_DELAY_MS);
    expect(screen.getByRole('tooltip')).toBeTruthy();
    fireEvent.keyDown(button('Vote Center Hours'), { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('the chevron shows the whole body inline and says whether it is open', () => {
    const { button } = renderList();
    const chevron = button('Show the text of Track My Ballot');
    expect(chevron.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(chevron);
    expect(chevron.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByTestId('block-preview').textContent).toBe('Track your ballot with Ballot Tracker.');
  });
});

describe('block list hints', () => {
  it('shows a hint under a block that describes its button without changing its name', () => {
    const blocks = [
      makeBlock({ name: 'Track My Ballot', body: '<p>Track your ballot.</p>' }),
      makeBlock({ name: 'Vote Center Hours', body: '<p>Open 8 to 8.</p>' }),
    ];
    render(
      <FluentProvider theme={webLightTheme}>
        <BlockList label="Recommended" blocks={blocks} source="recommended" onUse={vi.fn()} hintOf={(block) => (block.name === 'Track My Ballot' ? 'Matches: track, ballot' : '')} />
      </FluentProvider>,
    );
    const hinted = screen.getByRole('button', { name: 'Track My Ballot' });
    expect(document.getElementById(hinted.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Matches: track, ballot');
    expect(screen.getByRole('button', { name: 'Vote Center Hours' }).hasAttribute('aria-describedby')).toBe(false);
    expect(screen.getAllByText(/^Matches:/)).toHaveLength(1);
  });
});
