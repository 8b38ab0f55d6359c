import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { field, fillIn, makeFakeApi, renderApp, touch } from '../support/render-app';
import { FakeUserPool, makeAccount } from '../support/fake-user-pool';
import { makeUser } from '../../fixtures/factories';

/**
 * The login form must not move its 'Log in' button when a field's message appears or goes: the
 * message goes on blur, and a click on the button blurs the field at mouse-down, so a button that
 * moved then would miss the mouse-up and the click. happy-dom has no layout, so this checks what
 * makes the layout stable: every element above the button stays, only the messages' text changes.
 * tests/e2e/login-click.spec.ts checks the button's box and a real click in Chromium.
 */

const WHITESPACE_NOTICE = 'Your email contains a space. Remove it and try again.';

function setUp() {
  const account = makeAccount();
  const pool = new FakeUserPool(account);
  return { account, pool, ...renderApp('#/login', { pool, api: makeFakeApi([makeUser({ email: account.email })]) }) };
}

const logInButton = () => screen.getByRole('button', { name: 'Log in' });

/**
 * The boxes of the form laid out before the 'Log in' button, in document order: every element but
 * what a message line holds (its text and icon), which lives inside the line's reserved space.
 */
function elementsAboveLogIn(): Element[] {
  const button = logInButton();
  const form = button.closest('form');
  if (!form) throw new Error('the Log in button is outside a form');
  const lines = [messageLine('Email'), messageLine('Password')];
  return [...form.querySelectorAll('*')].filter(
    (element) =>
      element.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING && !lines.some((line) => line !== element && line.contains(element)),
  );
}

function expectSameElements(actual: Element[], expected: Element[]) {
  expect(actual.length).toBe(expected.length);
  actual.forEach((element, index) => expect(element, `element ${index} above the button`).toBe(expected[index]));
}

/** The line under the field labelled `label` that holds its message, found as assistive technology finds it. */
function messageLine(label: string): HTMLElement {
  const id = field(label).getAttribute('aria-describedby');
  const line = id ? document.getElementById(id) : null;
  if (!line) throw new Error(`${label} has no message line`);
  return line;
}

describe('login form layout', () => {
  it('keeps a message line under each field while it has no message', async () => {
    setUp();
    await screen.findByRole('heading', { name: 'Log in' });
    for (const label of ['Email', 'Password']) {
      const line = messageLine(label);
      expect(line.textContent).toBe('');
      // One line of the message's text, reserved (Fluent's token resolves to 16px).
      const style = getComputedStyle(line);
      expect(style.minHeight).toBe(style.lineHeight);
      expect(parseFloat(style.minHeight)).toBeGreaterThan(0);
    }
  });

  it('adds nothing above the Log in button when a message appears, and removes nothing when it goes', async () => {
    const { user } = setUp();
    await screen.findByRole('heading', { name: 'Log in' });
    const before = elementsAboveLogIn();
    const emailLine = messageLine('Email');

    await touch(user, 'Email');
    expect(emailLine.textContent).toBe('Email is required.');
    expectSameElements(elementsAboveLogIn(), before);

    // The click's own blur: the message stays while typing and goes as the field is left.
    await user.type(field('Email'), 'clerk@example.gov');
    expect(emailLine.textContent).toBe('Email is required.');
    await user.tab();
    expect(emailLine.textContent).toBe('');
    expectSameElements(elementsAboveLogIn(), before);
  });

  it('shows the whitespace message in its line and the separate notice below the button', async () => {
    const { user } = setUp();
    await screen.findByRole('heading', { name: 'Log in' });
    const before = elementsAboveLogIn();

    await fillIn(user, 'Email', 'clerk @example.gov');
    expect(messageLine('Email').textContent).toBe('Email should not contain whitespace.');
    const notice = screen.getByText(WHITESPACE_NOTICE);
    expect(logInButton().compareDocumentPosition(notice) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expectSameElements(elementsAboveLogIn(), before);

    await fillIn(user, 'Email', 'clerk@example.gov');
    expect(screen.queryByText(WHITESPACE_NOTICE)).toBeNull();
    expectSameElements(elementsAboveLogIn(), before);
  });

  it('signs in with one click on Log in right after the email that had a message is corrected', async () => {
    const { user, account, pool } = setUp();
    const release = pool.hold('signIn');
    await touch(user, 'Email');
    await fillIn(user, 'Password', account.password);
    await user.type(field('Email'), account.email);
    expect(screen.getByText('Email is required.')).toBeTruthy();
    await user.click(logInButton());
    expect(screen.getByRole('button', { name: 'loading...' })).toBeTruthy();
    expect(pool.callsOf('signIn')).toHaveLength(1);
    release();
    expect(await screen.findByRole('heading', { name: 'Quick Tips' })).toBeTruthy();
  });
});
