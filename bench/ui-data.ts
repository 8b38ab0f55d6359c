/**
 * The data of the UI benchmark (bench/ui.ts), shared by its server (bench/ui-server.ts), which
 * stores it, and the suite, whose search baseline filters the very same blocks: one account, two
 * teams of 1,000 generated blocks each (bench/corpus.ts, all usable in Outlook), a user in the
 * first team (1,000 blocks) and a user in both (2,000 blocks).
 */
import type { Block } from '../src/domain/types';
import { benchObjectId, generateBlocks } from './corpus';

export const UI_ACCOUNT = { id: benchObjectId(0xacc, 0x51), name: 'Bench County (UI)' } as const;
export const UI_TEAMS = [
  { id: benchObjectId(0x7ea, 0x51), name: 'Counter A' },
  { id: benchObjectId(0x7ea, 0x52), name: 'Counter B' },
] as const;
const BLOCKS_PER_TEAM = 1_000;

/** Meets the user pool's password policy. */
const PASSWORD = 'Bench-Ui-Password-1!';

export interface UiUser {
  email: string;
  password: string;
  teams: string[];
  /** How many blocks the user sees in Outlook (the playground's context). */
  blocks: number;
}

export const UI_USERS = {
  thousand: { email: 'ui-1000@bench.example', password: PASSWORD, teams: [UI_TEAMS[0].id], blocks: BLOCKS_PER_TEAM },
  twoThousand: { email: 'ui-2000@bench.example', password: PASSWORD, teams: UI_TEAMS.map((team) => team.id), blocks: 2 * BLOCKS_PER_TEAM },
} as const satisfies Record<string, UiUser>;

/**
 * Every block of the account, the first half in the first team. The corpus mixes supported
 * contexts; here each block also supports Outlook, so every block is one the playground shows.
 */
export function uiBlocks(): Block[] {
  return generateBlocks(UI_TEAMS.length * BLOCKS_PER_TEAM, 51).map((block, i) => ({
    ...block,
    account: UI_ACCOUNT.id,
    team: UI_TEAMS[Math.floor(i / BLOCKS_PER_TEAM)]!.id,
    supportedContexts: block.supportedContexts.includes('outlook') ? block.supportedContexts : ['outlook', ...block.supportedContexts],
  }));
}

/** The blocks `user` sees (in no particular order). */
export function uiBlocksOf(user: UiUser): Block[] {
  return uiBlocks().filter((block) => user.teams.includes(block.team));
}
