/**
 * The mailbox of the item open in the host when it is not the user's own (`MailItem.mailbox`),
 * as Home's item watcher last saw it, and the team the user picked by hand while in each such
 * mailbox during this visit. Kept in memory only: the saved team choice (`currentSelectedTeam`)
 * stays the one of the user's own inbox.
 */
import { atom } from 'jotai';
import type { ItemMailbox } from '../../hosts/host';

export const openMailboxAtom = atom<ItemMailbox | null>(null);

/** Mailbox address → the team id the user picked while an item of it was open. */
export const mailboxTeamPicksAtom = atom<ReadonlyMap<string, string>>(new Map());
