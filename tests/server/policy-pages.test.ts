/**
 * /privacy, /terms and /support as a visitor (a store reviewer) gets them: plain HTML pages naming
 * the operator from the settings, the privacy policy listing every category of the data inventory
 * and every place data is sent, everything interpolated escaped.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import type { Services } from '../../server/app-env';
import type { Database } from '../../server/db/database';
import { OUTGOING, STORED } from '../../server/privacy/data-inventory';
import { escapeHtml } from '../../src/domain/escape-html';
import { makeTestApp } from './support/app';
import { testDatabase } from './support/database';

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
});

const OPERATOR: NonNullable<Services['operator']> = { name: 'Lane County Clerk', contact: { kind: 'email', value: 'privacy@lanecounty.example' } };

/** The page's text without tags, entities decoded, spaces collapsed. */
function textOf(html: string): string {
  return html
    .replace(/<style>[\s\S]*?<\/style>/g, '')
    .replace(/<\/?(?:strong|a|em)\b[^>]*>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

async function get(path: string, operator = OPERATOR) {
  const response = await makeTestApp(database, { operator }).request(path);
  return { response, html: await response.text() };
}

describe('the privacy, terms and support pages', () => {
  it.each(['/privacy', '/terms', '/support'])('%s is an HTML page in English with one heading, the pages linked, and the operator named with its contact', async (path) => {
    const { response, html } = await get(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/^text\/html/);
    expect(response.headers.get('Content-Security-Policy')).toContain("script-src 'self'");
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(html.match(/<h1>/g)).toHaveLength(1);
    expect(html).not.toContain('<script');
    expect(html).toContain(`<a href="${path}" aria-current="page">`);
    for (const other of ['/privacy', '/terms', '/support']) expect(html).toContain(`href="${other}"`);
    expect(textOf(html)).toContain('Lane County Clerk');
    expect(html).toContain('<a href="mailto:privacy@lanecounty.example">privacy@lanecounty.example</a>');
  });

  it('the privacy policy lists every category the server stores and every place data is sent, from the inventory', async () => {
    const text = textOf((await get('/privacy')).html);
    for (const category of STORED) {
      expect(text).toContain(category.title);
      expect(text).toContain(category.description.replace(/\s+/g, ' '));
    }
    for (const call of OUTGOING) expect(text).toContain(`To ${call.to}: ${call.sends}.`);
    const withEmailText = STORED.filter((category) => category.holdsEmailText);
    expect(withEmailText.map((category) => category.id)).toEqual(['email-classification']);
    for (const category of withEmailText) expect(text).toContain(`${category.description} This can include what members of the public wrote to the office.`);
    expect(text).toContain('no advertising, no analytics and no tracking');
    expect(text).toContain('kept for 365 days after its last use');
  });

  it('support explains the sign-in that works without the work account', async () => {
    const text = textOf((await get('/support')).html);
    expect(text).toContain("Your work account's sign-in is not available? Your office's Cannery administrator can give you a password for Cannery's own sign-in");
  });

  it('an operator with a contact page is linked; one without a contact sends people to their administrator', async () => {
    const page = await get('/terms', { name: 'Lane County', contact: { kind: 'url', value: 'https://lanecounty.example/contact' } });
    expect(page.html).toContain('<a href="https://lanecounty.example/contact">https://lanecounty.example/contact</a>');
    const none = textOf((await get('/privacy', { name: 'Lane County', contact: undefined })).html);
    expect(none).toContain("Ask your office's Cannery administrator, who can reach Lane County.");
  });

  it('escapes the operator name (a setting is still text, never markup)', async () => {
    const hostile = '<img src=x onerror=alert(1)> & "Co"';
    const { html } = await get('/privacy', { name: hostile, contact: undefined });
    expect(html).not.toContain('<img src=x');
    expect(html).toContain(escapeHtml(hostile));
  });

  it('the settings name the operator, defaulting to the public origin\'s host; a contact that is neither an address nor https is refused', () => {
    expect(loadConfig({ CANNERY_PUBLIC_ORIGIN: 'https://cannery.lane.example' }).operator).toEqual({ name: 'cannery.lane.example', contact: undefined });
    expect(loadConfig({ CANNERY_OPERATOR_NAME: 'Lane County', CANNERY_OPERATOR_CONTACT: 'help@lane.example' }).operator).toEqual({ name: 'Lane County', contact: { kind: 'email', value: 'help@lane.example' } });
    expect(() => loadConfig({ CANNERY_OPERATOR_CONTACT: 'javascript:alert(1)' })).toThrow('CANNERY_OPERATOR_CONTACT must be an email address or an https:// address');
  });
});
