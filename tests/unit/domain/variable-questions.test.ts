// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { fillBlock, type VariableValues } from '../../../src/domain/block-variables';
import {
  QUESTION_HINTS,
  answersToValues,
  guessFirstNameFromAddress,
  guessFullNameFromAddress,
  variableQuestions,
  variableValue,
} from '../../../src/domain/variable-questions';

const today = { date: new Date('2026-11-23T12:00:00Z'), locale: 'en-US', timeZone: 'America/Chicago' };
const values = (overrides: Partial<VariableValues> = {}): VariableValues => ({ me: { email: 'clerk@aldercounty.example' }, today, ...overrides });

describe('guesses from an address', () => {
  it.each([
    ['jordan.smith@example.com', 'Jordan', 'Jordan Smith'],
    ['maria_lopez+ballots@example.com', 'Maria', 'Maria Lopez'],
    ['JORDAN.SMITH84@example.com', 'Jordan', 'Jordan Smith'],
    ['maria84@example.com', 'Maria', ''],
    ['Maria@example.com', 'Maria', ''],
    ['mlopez@example.com', '', ''],
    ['info@example.com', '', ''],
    ['elections.office@county.gov', '', ''],
    ['j.smith@example.com', '', ''],
    ['not an address', '', ''],
    ['', '', ''],
  ])('%s: first name "%s", full name "%s"', (address, first, full) => {
    expect(guessFirstNameFromAddress(address)).toBe(first);
    expect(guessFullNameFromAddress(address)).toBe(full);
  });
});

describe('how sure a value is', () => {
  it('knows the sender\'s names from a display name, and guesses them from an address alone', () => {
    const named = values({ sender: { name: 'Lopez, Maria', email: 'm.lopez@example.com' } });
    expect(variableValue('sender.firstName', named)).toEqual({ value: 'Maria', certainty: 'known' });
    expect(variableValue('sender.name', named)).toEqual({ value: 'Maria Lopez', certainty: 'known' });

    const addressOnly = values({ sender: { email: 'jordan.smith@example.com' } });
    expect(variableValue('sender.firstName', addressOnly)).toEqual({ value: 'Jordan', certainty: 'guess' });
    expect(variableValue('sender.name', addressOnly)).toEqual({ value: 'Jordan Smith', certainty: 'guess' });
    expect(variableValue('sender.email', addressOnly)).toEqual({ value: 'jordan.smith@example.com', certainty: 'known' });

    // A display name that is the address itself is no display name.
    const nameIsAddress = values({ sender: { name: 'jordan.smith@example.com', email: 'jordan.smith@example.com' } });
    expect(variableValue('sender.firstName', nameIsAddress).certainty).toBe('guess');
  });

  it('falls back to the address when the display name gives no first name, and to nothing when neither helps', () => {
    expect(variableValue('sender.firstName', values({ sender: { name: 'J. Smith', email: 'jordan.smith@example.com' } }))).toEqual({ value: 'Jordan', certainty: 'guess' });
    expect(variableValue('sender.firstName', values({ sender: { name: 'Elections Office', email: 'elections@county.gov' } }))).toEqual({ value: '', certainty: 'unknown' });
    expect(variableValue('sender.firstName', values({ sender: { email: 'mlopez@example.com' } }))).toEqual({ value: '', certainty: 'unknown' });
    // No email open (a text field): nothing is known of the sender.
    expect(variableValue('sender.firstName', values())).toEqual({ value: '', certainty: 'unknown' });
    expect(variableValue('sender.email', values())).toEqual({ value: '', certainty: 'unknown' });
  });

  it('knows the user\'s name when the account has one, guesses it from a name-like address, else does not know it', () => {
    expect(variableValue('me.name', values({ me: { email: 'x@y.gov', name: '  Dana  Whitfield ' } }))).toEqual({ value: 'Dana Whitfield', certainty: 'known' });
    expect(variableValue('me.name', values({ me: { email: 'dana.whitfield@aldercounty.gov' } }))).toEqual({ value: 'Dana Whitfield', certainty: 'guess' });
    expect(variableValue('me.name', values())).toEqual({ value: '', certainty: 'unknown' });
    expect(variableValue('me.email', values())).toEqual({ value: 'clerk@aldercounty.example', certainty: 'known' });
  });

  it('knows today\'s date, unless the time zone is not one', () => {
    expect(variableValue('today', values())).toEqual({ value: 'November 23, 2026', certainty: 'known' });
    expect(variableValue('today', values({ today: { ...today, timeZone: 'Not/AZone' } })).certainty).toBe('unknown');
  });
});

describe('what a block asks', () => {
  const block = {
    subject: 'Re: {{ask:Case number|2026-001}}',
    bodyHtml: '<p>Dear {{sender.firstName}},</p><p>{{cursor}} Case {{ask:case  NUMBER}} on {{today}}.</p><p>{{me.name}}<br>{{me.email}}</p><p>{{sender.firstName}}</p>',
  };

  it('asks its questions and the values not known for sure, each once, in order of use, prefilled', () => {
    const questions = variableQuestions(block, values({ sender: { email: 'jordan.smith@example.com' } }));
    expect(questions).toEqual([
      { key: 'ask:case number', variable: { kind: 'ask', label: 'Case number', defaultValue: '2026-001' }, label: 'Case number', defaultValue: '2026-001' },
      { key: 'sender.firstName', variable: { kind: 'sender.firstName' }, label: "Sender's first name", defaultValue: 'Jordan', hint: QUESTION_HINTS.guess },
      { key: 'me.name', variable: { kind: 'me.name' }, label: 'Your name', defaultValue: '', hint: QUESTION_HINTS.myName },
    ]);
  });

  it('names the fields for the recipient when the email is being written', () => {
    const bodyHtml = '<p>{{sender.firstName}} {{sender.name}} {{sender.email}}</p>';
    const labels = (writing: boolean) => variableQuestions({ bodyHtml }, values({}), { writing }).map((question) => question.label);
    expect(labels(true)).toEqual(["Recipient's first name", "Recipient's full name", "Recipient's email"]);
    expect(labels(false)).toEqual(["Sender's first name", "Sender's full name", "Sender's email"]);
  });

  it('does not send a work-account user to Settings for a name their provider gives', () => {
    const [question] = variableQuestions({ bodyHtml: '<p>{{me.name}}</p>' }, values({ me: { email: 'dana.whitfield@aldercounty.gov' } }), { nameInSettings: false });
    expect(question).toEqual({ key: 'me.name', variable: { kind: 'me.name' }, label: 'Your name', defaultValue: 'Dana Whitfield', hint: QUESTION_HINTS.guess });
  });

  it('asks nothing it knows: a block whose values are all known goes in at once', () => {
    const known = values({ sender: { name: 'Maria Lopez', email: 'maria@example.com' }, me: { email: 'x@y.gov', name: 'Dana' } });
    expect(variableQuestions({ bodyHtml: '<p>Dear {{sender.firstName}}, {{today}} {{cursor}}</p><p>{{me.name}} {{me.email}}</p>' }, known)).toEqual([]);
    expect(variableQuestions({ bodyHtml: '<p>No variables, {{ order_id }} is text.</p>' }, values())).toEqual([]);
  });

  it('fills what the user answered, over what the email would give; a blank answer is removed cleanly', () => {
    const sender = { email: 'jordan.smith@example.com' };
    const questions = variableQuestions(block, values({ sender }));
    const answered = answersToValues(questions, { 'ask:case number': 'C-7', 'sender.firstName': 'Jordy', 'me.name': 'Dana Whitfield' });
    expect(answered).toEqual({ answers: { 'Case number': 'C-7' }, given: { 'sender.firstName': 'Jordy', 'me.name': 'Dana Whitfield' } });
    const filled = fillBlock(block, { ...values({ sender }), ...answered });
    expect(filled.subject).toBe('Re: C-7');
    expect(filled.bodyHtml).toContain('<p>Dear Jordy,</p>');
    expect(filled.bodyHtml).toContain('<p>Dana Whitfield<br>clerk@aldercounty.example</p>');
    expect(filled.missing).toEqual([]);

    const blank = fillBlock(block, { ...values({ sender }), ...answersToValues(questions, { 'ask:case number': 'C-7', 'sender.firstName': ' ', 'me.name': '' }) });
    expect(blank.bodyHtml).toContain('<p>Dear,</p>');
    expect(blank.missing.map((variable) => variable.kind)).toEqual(['sender.firstName', 'me.name']);
  });

  it('cleans answers as any value: one line, no controls, never read as a variable', () => {
    const questions = variableQuestions({ bodyHtml: '<p>{{me.name}}</p>' }, values());
    const filled = fillBlock({ bodyHtml: '<p>{{me.name}}</p>' }, { ...values(), ...answersToValues(questions, { 'me.name': 'Dana\n<b>{{today}}</b>\u202E' }) });
    expect(filled.bodyHtml).toBe('<p>Dana &lt;b&gt;{{today}}&lt;/b&gt;</p>');
  });
});
