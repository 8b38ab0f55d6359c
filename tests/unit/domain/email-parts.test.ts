// @vitest-environment node
// Reading an email for recommendations (rules §9): where the quoted thread starts, signatures,
// sign-offs, disclaimers and header lines.
import { describe, expect, it } from 'vitest';
import { removeDisclaimers, removeHeaderLines, splitEmail } from '../../../src/domain/email-parts';

const ask = 'Where is my mail ballot?';
const earlier = 'Your deed was recorded.';
const split = (...lines: string[]) => splitEmail(lines.join('\n'));

describe('splitEmail: where the quoted thread starts', () => {
  it.each([
    ['Outlook header block', ['From: Clerk <clerk@example.gov>', 'Sent: Monday, March 3, 2025 10:15 AM', 'To: me@example.com', 'Subject: RE: Deed']],
    ['a lone quoted "From:" line, any case', ['> FROM: clerk@example.gov']],
    ['Outlook in Spanish', ['De: Oficina <clerk@example.gov>', 'Enviado el: lunes, 3 de marzo de 2025 10:15', 'Para: yo', 'Asunto: RE: Escritura']],
    ['Outlook in French', ['De : Bureau <clerk@example.gov>', 'Envoyé : lundi 3 mars 2025 10:15', 'À : moi', 'Objet : RE: Acte']],
    ['Outlook in German', ['Von: Amt <clerk@example.gov>', 'Gesendet: Montag, 3. März 2025 10:15', 'An: mich', 'Betreff: AW: Urkunde']],
    ['-----Original Message-----', ['-----Original Message-----']],
    ['Gmail, English', ['On Mon, Mar 3, 2025 at 10:15 AM County Clerk <clerk@example.gov> wrote:']],
    ['Gmail, English, wrapped over two lines', ['On Mon, Mar 3, 2025 at 10:15 AM County Clerk <', 'clerk@example.gov> wrote:']],
    ['Apple Mail', ['On Mar 3, 2025, at 10:15, County Clerk <clerk@example.gov> wrote:']],
    ['Spanish', ['El lun, 3 mar 2025 a las 10:15, Oficina del Condado (<clerk@example.gov>) escribió:']],
    ['Spanish, wrapped', ['El lun, 3 mar 2025 a las 10:15, Oficina del Condado', '(<clerk@example.gov>) escribió:']],
    ['French', ['Le lun. 3 mars 2025 à 10:15, Bureau du comté <clerk@example.gov> a écrit :']],
    ['French, wrapped', ['Le lun. 3 mars 2025 à 10:15, Bureau du comté', '<clerk@example.gov> a écrit :']],
    ['German', ['Am Mo., 3. März 2025 um 10:15 Uhr schrieb Amt <clerk@example.gov>:']],
    ['German, wrapped', ['Am Mo., 3. März 2025 um 10:15 Uhr schrieb Amt', '<clerk@example.gov>:']],
  ])('%s', (_, marker) => {
    const { main, quoted } = split(ask, '', ...marker, '', earlier);
    expect(main.trim()).toBe(ask);
    expect(quoted.trim()).toBe(earlier);
  });

  it.each([
    ['Gmail', ['---------- Forwarded message ---------', 'From: Pat <pat@example.com>', 'Date: Mon, Mar 3, 2025 at 3:02 PM', 'Subject: question', 'To: <clerk@example.gov>']],
    ['Apple Mail', ['Begin forwarded message:', '', 'From: Pat <pat@example.com>', 'Date: March 3, 2025 at 3:02:11 PM PST', 'Subject: question']],
  ])('reads a %s forward as asked now, up to its own quoted thread', (_, header) => {
    const { main, quoted } = split('Can you answer this one?', '', ...header, '', ask, '', 'Thanks,', 'Pat', '', 'On Mon, Mar 3, 2025 at 9:00 AM Clerk <c@example.gov> wrote:', `> ${earlier}`);
    expect(main.replace(/\s+/g, ' ').trim()).toBe(`Can you answer this one? ${ask}`);
    expect(quoted.trim()).toBe(`> ${earlier}`);
  });

  it('sends ">" lines to the quoted part and keeps an inline answer in the main part', () => {
    const { main, quoted } = split('> Your deed was recorded.', '> Anything else?', 'Yes: where is my mail ballot?', '> Thanks');
    expect(main.trim()).toBe('Yes: where is my mail ballot?');
    expect(quoted).toContain('Your deed was recorded.');
    expect(quoted).toContain('Anything else?');
  });

  it('keeps the whole body as the main part when nothing is quoted', () => {
    expect(splitEmail('Question about my ballot. I am from: nowhere')).toEqual({ main: 'Question about my ballot. I am from: nowhere', quoted: '' });
    expect(splitEmail('On Monday I mailed my ballot.\nIt has not arrived.').main).toBe('On Monday I mailed my ballot.\nIt has not arrived.');
    expect(splitEmail('')).toEqual({ main: '', quoted: '' });
  });

  it('does not take a sentence for the first half of a wrapped attribution', () => {
    const { main, quoted } = split('On Monday I mailed my ballot.', 'On Mon, Mar 3, 2025 at 10:15 AM Clerk <c@example.gov> wrote:', earlier);
    expect(main).toBe('On Monday I mailed my ballot.');
    expect(quoted.trim()).toBe(earlier);
  });
});

describe('splitEmail: signatures and sign-offs', () => {
  it.each([
    ['"Thanks, Donna"', ['Thanks, Donna']],
    ['a sign-off and a name block', ['Best regards,', 'Donna Smith', 'Smith & Sons Title', '(555) 010-0199']],
    ['"Thank you for your help!"', ['Thank you for your help!', 'Donna']],
    ['Spanish sign-off', ['Gracias,', 'María']],
    ['a "-- " delimiter', ['-- ', 'Donna Smith | Title Officer', 'Alder Title Company']],
    ['"Sent from my iPhone"', ['Sent from my iPhone']],
    ['"Get Outlook for iOS"', ['Get Outlook for iOS']],
  ])('removes %s', (_, signature) => {
    expect(split(ask, '', ...signature).main.trim()).toBe(ask);
  });

  it('keeps a "thanks" that is followed by more of the message, or by words that are not a name', () => {
    const long = ['Thanks.', 'Also, my husband needs one too.', 'He moved here last year.', 'His name is on the lease.', 'We both live at 12 Oak St.', 'He is 42.', 'He has a license.', 'He works nights.'];
    expect(split(ask, ...long).main).toContain('my husband needs one too');
    expect(split('Thanks for the quick answer about my ballot tracking.').main).toContain('ballot tracking');
    expect(split('Hi,', 'Thanks for the reply.', 'Where do I send the form?').main).toContain('Where do I send the form?');
    expect(split('Thanks!', 'My deed came back unrecorded and I do not know why it was rejected by your office.').main).toContain('unrecorded');
  });

  it('removes confidentiality disclaimers from both parts', () => {
    const disclaimer =
      'CONFIDENTIALITY NOTICE: This e-mail and any attachments are confidential and intended only for the named recipient. If you are not the intended recipient, delete it.';
    const { main, quoted } = split(ask, '', disclaimer, '', 'From: Title Co', '', earlier, '', disclaimer);
    expect(main.trim()).toBe(ask);
    expect(quoted.trim()).toBe(earlier);
    expect(removeDisclaimers('Is my marriage license confidential?')).toBe('Is my marriage license confidential?');
  });
});

describe('removeHeaderLines', () => {
  it('removes header lines and reply separators, keeping the rest', () => {
    const text = [
      'From: County Clerk <clerk@example.gov>',
      'Sent: Monday, March 3, 2025 10:15 AM',
      'To: resident@example.com',
      'Cc: team@example.gov',
      'Subject: RE: Ballot',
      'Date: 3/3/2025',
      'Asunto: RE: Boleta',
      'Betreff: AW: Wahl',
      '-----Original Message-----',
      'On Mon, Mar 3, 2025 at 10:15 AM Jane Doe <jane@example.com> wrote:',
      '> Subject: nested',
      'Your ballot was mailed.',
    ].join('\n');
    expect(removeHeaderLines(text).trim()).toBe('Your ballot was mailed.');
  });

  it('keeps prose that merely contains a header word', () => {
    expect(removeHeaderLines('I got a letter from the office.\nTo be clear: thanks')).toBe('I got a letter from the office.\nTo be clear: thanks');
  });
});

describe('splitEmail on hostile text', () => {
  // Every sign-off once read the rest of the email: 200,000 characters of them took far longer
  // than the test's time limit. A sign-off now looks only as far as a signature can reach.
  it('reads an email of twenty thousand sign-offs and cuts at the last one', () => {
    const body = `${ask}\n${'Thanks,\nA\n'.repeat(20_000)}`;
    const { main } = splitEmail(body);
    expect(main.startsWith(ask)).toBe(true);
    expect(main.length).toBeLessThan(body.length);
    expect(main.length).toBeGreaterThan(body.length - 100);
  });
});
