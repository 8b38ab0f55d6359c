/**
 * The invitation a new member gets by mail (through the mail queue, server/mail): who invited
 * them to which account, how to sign in and, for a password user, a temporary password the first
 * sign-in replaces (the pool asks for a new one). The development outbox shows it as sent.
 */
import { randomInt } from 'node:crypto';
import type { MailMessage } from '../mail/queue';
import { memberEmail, memberName } from '../../src/api/contract/people';

/** Letters and digits that cannot be misread for one another (no 0/O, 1/l/I). */
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const DIGITS = '23456789';
const SYMBOLS = '!#%+=?@';
const ALL = UPPER + LOWER + DIGITS + SYMBOLS;

const pick = (alphabet: string) => alphabet[randomInt(alphabet.length)]!;

/**
 * A temporary password that meets the pool's policy (rules §5: 12 or more characters with upper
 * and lower case, a digit and a symbol): 16 characters from a cryptographic source, about 95 bits.
 */
export function temporaryPassword(): string {
  const chars = [pick(UPPER), pick(LOWER), pick(DIGITS), pick(SYMBOLS)];
  while (chars.length < 16) chars.push(pick(ALL));
  // Fisher–Yates, so the required classes are not always first.
  for (let i = chars.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

export interface InvitationInput {
  to: string;
  name: string | null;
  accountName: string;
  /** Who invited them (their name, else their sign-in address). */
  inviter: string;
  /** A temporary password for a password user; absent for a work account. */
  temporaryPassword?: string | undefined;
  /** Where a person opens Cannery in a browser (the deployment's public origin; this server's in development). */
  origin?: string | undefined;
  /** The Outlook add-in's manifest, for adding it by hand (`<public origin>/manifest.xml`). */
  manifestUrl?: string | undefined;
  /** The address signs in to Cannery for another office already: the mail says so, and gives no sign-in. */
  elsewhere?: boolean | undefined;
}

/** One line of a mail body from a value someone typed: no line breaks can start another paragraph. */
const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

/** A name someone typed, when it is safe to put in mail: never one that holds a link (older records). */
const typedName = (value: string | null) => (value && memberName.safeParse(value).success ? oneLine(value) : null);

/** Where a person can open Cannery, each with the way there. */
function whereToUse(input: InvitationInput): string[] {
  return [
    'Where to use Cannery:',
    ...(input.origin ? [`- In your browser, at once: ${input.origin}`] : []),
    input.manifestUrl
      ? `- In Outlook: your administrator can add Cannery for everyone. Or add it yourself: in Outlook choose Get Add-ins, then My add-ins, then "Add a custom add-in" from URL, and enter ${input.manifestUrl}`
      : '- In Outlook: ask your administrator to add Cannery for you.',
    '- In Chrome, for Gmail and any web page: ask your administrator for the Cannery extension.',
  ];
}

export function invitationMail(input: InvitationInput): MailMessage {
  const name = typedName(input.name);
  const greeting = name ? `Hello ${name},` : 'Hello,';
  const account = oneLine(input.accountName);
  const inviter = typedName(input.inviter) ?? (memberEmail.safeParse(input.inviter).success ? input.inviter : 'An administrator');
  const lines = [greeting, '', `${inviter} invited you to Cannery, the saved replies of ${account}.`, ''];
  if (input.elsewhere) {
    lines.push(
      'Your address already signs in to Cannery for another office, and an address belongs to one office at a time.',
      `To join ${account} instead, ask your current office's administrator to remove you, then ask ${inviter} to send the invitation again.`,
      'If you did not expect this invitation, you can ignore it: nothing changes for you.',
    );
  } else if (input.temporaryPassword !== undefined) {
    lines.push(
      'Sign in to Cannery with:',
      `Email: ${input.to}`,
      `Temporary password: ${input.temporaryPassword}`,
      '',
      'Cannery then asks you to choose a password of your own. If the temporary password no longer works, ask for the invitation to be sent again.',
    );
  } else {
    lines.push('Sign in to Cannery with "Sign in with your work account", as:', `Email: ${input.to}`);
  }
  if (!input.elsewhere) lines.push('', ...whereToUse(input));
  return {
    kind: input.temporaryPassword !== undefined ? 'invitation' : 'work_account_invitation',
    to: input.to,
    subject: `You are invited to Cannery for ${account}`.slice(0, 998),
    body: `${lines.join('\n')}\n`,
  };
}
