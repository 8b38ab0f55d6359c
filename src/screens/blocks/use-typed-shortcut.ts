import { useEffect, useMemo, useRef } from 'react';
import type { UiSource } from '../../api/contract/usage';
import { shortcutKey } from '../../domain/block-shortcut';
import type { Block } from '../../domain/types';
import type { BlocksResult } from '../../api/blocks';
import { useHost } from '../../state/host-context';
import { useAuthServices } from '../../auth/auth-services';
import { useUserInfo } from '../../api/user-info';

/**
 * How a use through a typed shortcut is recorded. The spec's `uiSource` values name where in the
 * list a block was picked and have none for a shortcut; a shortcut is the user naming the block by
 * typing, which is what a search is, so it is recorded as one (docs/staff.md "Shortcuts").
 */
export const SHORTCUT_UI_SOURCE: UiSource = 'search';

/**
 * Typed shortcuts on Home, where the host has them (the extension): keeps the user's shortcuts for
 * the pages' keystroke listeners each time the blocks load, and, when this window was opened by a
 * typed shortcut, inserts that block once, through `use` as a click would (variables asked, the
 * use recorded). The shortcut is looked up among all the user's blocks, as the admin set it.
 */
export function useTypedShortcut(blocks: BlocksResult, use: (block: Block, source: UiSource) => void): void {
  const { shortcuts } = useHost();
  const { api } = useAuthServices();
  // The cache the use is recorded from (useRecordBlockUse): a use before it holds the user is lost.
  const userKnown = useUserInfo(api, { enabled: false }).data !== undefined;
  const list = useMemo(() => blocks.blocks.flatMap((block) => (block.shortcut ? [block.shortcut] : [])), [blocks.blocks]);
  const known = blocks.source !== 'none';

  useEffect(() => {
    if (!shortcuts || !known) return;
    shortcuts.publish(list).catch((error: unknown) => console.warn('Cannery: the shortcuts could not be kept for the pages.', error));
  }, [shortcuts, list, known]);

  const expanded = useRef(false);
  const typed = shortcuts?.typed ?? null;
  useEffect(() => {
    // The use is recorded for the user: wait until they are known.
    if (!typed || expanded.current || !known || !userKnown) return;
    const block = blocks.blocks.find((candidate) => candidate.shortcut !== undefined && shortcutKey(candidate.shortcut) === typed);
    // Not among the cached blocks: wait for the server's.
    if (!block && blocks.loading) return;
    expanded.current = true;
    if (block) use(block, SHORTCUT_UI_SOURCE);
  }, [typed, known, userKnown, blocks.blocks, blocks.loading, use]);
}
