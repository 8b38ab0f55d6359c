import { expect, test } from '@playwright/test';

/** Fails each test of the file whose page threw an uncaught error (the app must never throw). */
export function failOnPageErrors(): void {
  const pageErrors: string[] = [];
  test.beforeEach(({ page }) => {
    pageErrors.length = 0;
    page.on('pageerror', (error) => pageErrors.push(error.message));
  });
  test.afterEach(() => {
    expect(pageErrors).toEqual([]);
  });
}
