/**
 * Everything Home shows, from the server, the host and local storage (rules §2 "Home screen", §4
 * "Auto response loading", "Team selection"). Decisions where the spec is silent:
 * - Recommendations and search run over the blocks of all the user's teams (the email decides the
 *   topic, not the team); the grouped list and Frequently Used show the selected team.
 * - Until the teams have loaded, the grouped list shows the blocks of all the user's teams.
 * - Favourites are the user's own, from all their teams, and only blocks this host shows
 *   (src/domain/favourites.ts).
 * - Every list shows each block as it reads in the open email's language (src/domain/block-variants.ts).
 */
import { useUserScope } from '../../user/use-user-scope';
import { useMemo } from 'react';
import { useAtomValue } from 'jotai';
import { useBlocks, type BlocksResult } from '../../api/blocks';
import type { Block } from '../../api/contract/block';
import type { Team } from '../../api/contract/team';
import type { User } from '../../api/contract/user';
import { useMostFrequent } from '../../api/most-frequent';
import { useFavourites, type FavouritesState } from '../../api/favourites';
import { favouriteBlocks, favouriteIds } from '../../domain/favourites';
import { useAuthServices } from '../../auth/auth-services';
import { filterBlocksByContext } from '../../domain/block-context';
import { buildBlocksView, type BlocksView } from '../../domain/blocks-view';
import type { Recommendation } from '../../domain/recommend-blocks';
import type { BlockSearchIndex } from '../../domain/block-search';
import { useBlockIndexes } from './use-block-indexes';
import { useMeaningHints } from './use-meaning-hints';
import { useLearnedBoosts } from './use-learned-boosts';
import { mostFrequentCountAtom } from '../../state/config';
import { useHost } from '../../state/host-context';
import { useMailItem } from './use-mail-item';
import type { MailItem } from '../../../hosts/host';
import type { Account } from '../../api/contract/account';
import { accountLanguages, DEFAULT_LANGUAGE } from '../../domain/languages';
import { anyVariantIn, blocksInLanguage } from '../../domain/block-variants';
import { useEmailLanguage } from './use-email-language';

/** The blocks as they read in `language`; the same list in the default language. */
function inLanguage(blocks: readonly Block[], language: string): Block[] {
  return language === DEFAULT_LANGUAGE ? (blocks as Block[]) : blocksInLanguage(blocks, language);
}

export interface HomeData {
  user: User | undefined;
  account: Account | null;
  teams: readonly Team[];
  selectedTeam: Team | null;
  selectTeam: (team: Team) => void;
  /** The open email's mailbox when its mapping chose `selectedTeam` (src/state/use-selected-team.ts). */
  teamMailbox: string | null;
  blocks: BlocksResult;
  /** The blocks of every team of the user that this host shows: what search and recommendations use. */
  hostBlocks: Block[];
  /** The open email's language (`use-email-language.ts`): every list shows its blocks as they read in it. */
  language: string;
  view: BlocksView<Block>;
  recommendations: Recommendation<Block>[];
  /** The search index of `hostBlocks`. */
  searchIndex: () => BlockSearchIndex<Block>;
  item: MailItem;
  favourites: {
    /** The starred blocks this host shows, sorted by name. */
    blocks: Block[];
    ids: ReadonlySet<string>;
    set: FavouritesState['setFavourite'];
    /** Why the last star or unstar was taken back. */
    failure: string | null;
  };
}

export function useHomeData(): HomeData {
  const host = useHost();
  const { api } = useAuthServices();
  const { user, account, teams, selectedTeam, selectTeam, teamMailbox, scope } = useUserScope();
  const blocks = useBlocks(api, host.storage, scope);
  const configuredCount = useAtomValue(mostFrequentCountAtom);
  // The account's own number when its admin set one; the deployment's otherwise.
  const mostFrequentCount = account?.numMostFreqAutoResponses ?? configuredCount;
  const mostUsed = useMostFrequent(api, scope, mostFrequentCount).data;
  const hostBlocks = useMemo(() => filterBlocksByContext(blocks.blocks, host.context), [blocks.blocks, host.context]);
  const item = useMailItem();
  const languages = useMemo(() => accountLanguages(account?.languages), [account?.languages]);
  const language = useEmailLanguage(item.bodyText, languages);
  const shownBlocks = useMemo(() => inLanguage(hostBlocks, language), [hostBlocks, language]);
  const view = useMemo(
    () =>
      buildBlocksView({
        blocks: shownBlocks,
        mostUsed: inLanguage(mostUsed ?? [], language),
        context: host.context,
        teamId: selectedTeam?._id ?? null,
        frequentlyUsedLimit: mostFrequentCount,
      }),
    [shownBlocks, mostUsed, language, host.context, selectedTeam, mostFrequentCount],
  );
  const starred = useFavourites(api, scope);
  const favourites = useMemo(
    () => ({ blocks: favouriteBlocks(shownBlocks, starred.favourites), ids: favouriteIds(starred.favourites), set: starred.setFavourite, failure: starred.failure }),
    [shownBlocks, starred.favourites, starred.setFavourite, starred.failure],
  );
  const meaning = useMeaningHints(api, scope);
  // Languages some block has a variant in: their recommendation indexes are built ahead.
  const variantLanguages = useMemo(() => languages.filter((code) => anyVariantIn(hostBlocks, code)), [languages, hostBlocks]);
  const { recommend, searchIndex } = useBlockIndexes(hostBlocks, { hints: meaning, languages: variantLanguages });
  // What the user's teams learned from their choices, once loaded (after the first screen).
  const learned = useLearnedBoosts(api, scope, item.bodyText, item.itemId);
  // Recomputed when the email body, the block list or what was learned changes (rules §4).
  const recommendations = useMemo(
    () => (recommend && item.bodyText.trim() ? recommend(item.bodyText, language, learned) : []),
    [recommend, item.bodyText, language, learned],
  );
  return { user, account, teams, selectedTeam, selectTeam, teamMailbox, blocks, hostBlocks, language, view, recommendations, searchIndex, item, favourites };
}
