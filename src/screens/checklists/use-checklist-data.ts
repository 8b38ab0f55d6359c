/**
 * What the checklist screen shows (rules §2 "Checklist", §7 checklists and blocks): the
 * checklist of the route among the user's checklists (the request checklist home made, so a visit
 * from there answers from the cache), and the user's blocks this host can insert, for the
 * checklist's recommended blocks and for search.
 *
 * Decisions where the spec is silent: recommended blocks keep the checklist's order, and an id that
 * names no block of the user's for this host (deleted, another team's, another context) is left
 * out; search looks through the blocks of every team of the user, as Home's does. The list checklist
 * home has just loaded is used as it is for a minute (`CHECKLISTS_FRESH_MS`) instead of asked for
 * again on every checklist opened from it; after that it is refreshed on opening.
 */
import { useMemo } from 'react';
import { useBlocks } from '../../api/blocks';
import { useAccount } from '../../api/account';
import { blocksInLanguage } from '../../domain/block-variants';
import { DEFAULT_LANGUAGE, accountLanguages } from '../../domain/languages';
import { useEmailLanguage } from '../blocks/use-email-language';
import { useMailItem } from '../blocks/use-mail-item';
import type { Block } from '../../api/contract/block';
import type { Checklist } from '../../api/contract/checklist';
import type { User } from '../../api/contract/user';
import { useChecklists } from '../../api/checklists';
import { useAuthServices } from '../../auth/auth-services';
import { filterBlocksByContext } from '../../domain/block-context';
import { useHost } from '../../state/host-context';
import { useCurrentUser } from '../../user/current-user';
import { useListScope } from '../../user/use-user-scope';

export type ChecklistData =
  | { status: 'loading' }
  /** The user's checklists could not be loaded. */
  | { status: 'failed' }
  /** The user's checklists loaded, and the route's is not among them. */
  | { status: 'not-found' }
  | {
      status: 'loaded';
      user: User;
      checklist: Checklist;
      /** The checklist's blocks this host can insert, in the checklist's order. */
      recommended: Block[];
      /** Every block of the user's teams this host can insert: what search looks through. */
      hostBlocks: Block[];
      /** True until the blocks are known (from the cache or the server). */
      blocksLoading: boolean;
    };

const NONE: Checklist[] = [];

/** How long a loaded checklist list is used without asking the server again. */

export function useChecklistData(checklistId: string): ChecklistData {
  const host = useHost();
  const { api } = useAuthServices();
  const user = useCurrentUser();
  const scope = useListScope(user);
  const checklists = useChecklists(api, scope);
  const blocks = useBlocks(api, host.storage, scope);
  const hostBlocks = useMemo(() => filterBlocksByContext(blocks.blocks, host.context), [blocks.blocks, host.context]);
  const all = checklists.data ?? NONE;
  // Object ids are case-insensitive (rules §3); the server stores them in lower case.
  const wanted = checklistId.toLowerCase();
  const checklist = useMemo(() => all.find((candidate) => candidate._id.toLowerCase() === wanted) ?? null, [all, wanted]);
  // The checklist's blocks read in the open email's language, as Home's do.
  const account = useAccount(api, user?.account);
  const item = useMailItem();
  const languages = useMemo(() => accountLanguages(account?.languages), [account?.languages]);
  const language = useEmailLanguage(item.bodyText, languages);
  const recommended = useMemo(() => {
    if (!checklist) return [];
    const byId = new Map(hostBlocks.map((block) => [block._id.toLowerCase(), block]));
    const blocks = checklist.blocks.flatMap((id) => byId.get(id.toLowerCase()) ?? []);
    return language === DEFAULT_LANGUAGE ? blocks : blocksInLanguage(blocks, language);
  }, [checklist, hostBlocks, language]);

  if (checklists.isError) return { status: 'failed' };
  const noTeams = user !== undefined && scope?.teamIds.length === 0;
  if (!user || (!checklists.isSuccess && !noTeams)) return { status: 'loading' };
  if (!checklist) return { status: 'not-found' };
  return { status: 'loaded', user, checklist, recommended, hostBlocks, blocksLoading: blocks.loading && hostBlocks.length === 0 };
}
