/**
 * What a block's variables are filled with (see `src/domain/block-variables.ts` for the syntax and
 * every rule of filling): the person the reply answers, the signed-in user and today's date.
 *
 * Decisions:
 * - The sender is the person the reply goes to. Reading an email, that is its sender; writing one
 *   (a reply, or a new message), the first To recipient: a reply is addressed to the sender of the
 *   email it answers, and `MailItem.sender` of a compose item is the user's own From. With nothing
 *   open (a text field) there is no sender, and sender variables are removed cleanly.
 * - `me.email` is the signed-in user's address. The user record has no name: `me.name` is the
 *   ID token's `name` claim when it has one (a work account's, or the display name a password
 *   user set in Settings; see `src/user/display-name.ts`). Without one it is asked at
 *   insertion, prefilled with a guess from the address (`src/domain/variable-questions.ts`).
 * - Today is the moment of use, written in the browser's locale and time zone.
 */
import { useMemo } from 'react';
import { useAtomValue } from 'jotai';
import type { MailItem } from '../../hosts/host';
import type { User } from '../api/contract/user';
import type { VariableValues } from '../domain/block-variables';
import type { Person } from '../domain/display-names';
import { useCurrentUser } from '../user/current-user';
import { idTokenName } from '../user/display-name';
import { authAtom } from '../state/auth';

/** The person a reply to `item` greets: the sender of an email being read, the first To of one being written. */
export function personAnswered(item: MailItem | null | undefined): Person | undefined {
  if (!item) return undefined;
  const address = item.mode === 'read' ? item.sender : item.mode === 'compose' ? item.recipients[0] : undefined;
  if (!address) return undefined;
  return { name: address.displayName, email: address.emailAddress };
}

/** Today in the browser's locale and time zone. */
export function browserToday(now: Date = new Date()): NonNullable<VariableValues['today']> {
  const options = Intl.DateTimeFormat().resolvedOptions();
  return { date: now, locale: options.locale, timeZone: options.timeZone };
}

/** The signed-in user as a person: their address, and the ID token's name when it carries one. */
export function mePerson(user: User | undefined, idToken: string): Person | undefined {
  if (!user) return undefined;
  const name = idTokenName(idToken);
  return name ? { email: user.email, name } : { email: user.email };
}

/** The signed-in user as a person (see `mePerson`). */
export function useMe(): Person | undefined {
  const user = useCurrentUser();
  const { idToken } = useAtomValue(authAtom);
  return useMemo(() => mePerson(user, idToken), [user, idToken]);
}

/** The values of everything but prompts, for a reply to `item` by `me`, today. */
export function variableValues(item: MailItem | null | undefined, me: Person | undefined, now: Date = new Date()): VariableValues {
  const sender = personAnswered(item);
  return { ...(sender ? { sender } : {}), ...(me ? { me } : {}), today: browserToday(now) };
}
