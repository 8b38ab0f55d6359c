/** What the form-error tests check of a control in error (WCAG 3.3.1, 4.1.2). */
import { expect } from 'vitest';

/** The accessible description `aria-describedby` gives the control: its elements' text, in order. */
export function descriptionOf(control: HTMLElement): string {
  const ids = (control.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent?.trim() ?? '').filter(Boolean).join(' ');
}

/** The text of the alert among the elements that describe `control`, or null. */
export function alertOf(control: HTMLElement): string | null {
  const describedBy = (control.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  const alert = describedBy.map((id) => document.getElementById(id)).find((element) => element?.closest('[role="alert"]'));
  return alert?.textContent || null;
}

/** The control is invalid, its accessible description says `message`, and that message is an alert. */
export function expectTiedError(control: HTMLElement, message: string | null) {
  expect(message).toBeTruthy();
  expect(control.getAttribute('aria-invalid')).toBe('true');
  expect(descriptionOf(control)).toContain(message);
  expect(alertOf(control)).toContain(message);
}

