/**
 * The privacy policy, terms of use and support page every deployment serves (/privacy, /terms,
 * /support), as the stores and Microsoft's certification ask: plain HTML pages, readable without
 * scripts, with the operator's name and contact from the settings. What they say Cannery stores and
 * sends is written from the reviewed inventory (data-inventory.ts), which a test holds to the
 * database schema and the code's outgoing calls; everything interpolated is escaped.
 */
import { Hono } from 'hono';
import { escapeHtml } from '../../src/domain/escape-html';
import type { AppEnv, Services } from '../app-env';
import { OUTGOING, STORED } from './data-inventory';
import { RETENTION_DEFAULTS } from '../../src/api/contract/retention';

export const PAGE_PATHS = { privacy: '/privacy', terms: '/terms', support: '/support' } as const;

type Operator = NonNullable<Services['operator']>;

const STYLE = `body{font:16px/1.5 "Segoe UI",system-ui,sans-serif;color:#242424;background:#fff;margin:0}
main{max-width:46rem;margin:0 auto;padding:1.5rem}h1{font-size:1.75rem}h2{font-size:1.25rem;margin-top:2rem}
a{color:#0f6cbd}nav{display:flex;gap:1rem;padding:1rem 1.5rem;border-bottom:1px solid #d1d1d1}
nav a[aria-current]{font-weight:600;color:#242424}`;

function operatorOf(services: Services): Operator {
  if (services.operator) return services.operator;
  const host = services.publicOrigin ? new URL(services.publicOrigin).hostname : 'this server';
  return { name: host, contact: undefined };
}

function contactSentence(operator: Operator): string {
  const name = escapeHtml(operator.name);
  if (!operator.contact) return `Ask your office's Cannery administrator, who can reach ${name}.`;
  const value = escapeHtml(operator.contact.value);
  return operator.contact.kind === 'email' ? `Write to ${name} at <a href="mailto:${value}">${value}</a>.` : `Contact ${name} at <a href="${value}">${value}</a>.`;
}

function page(title: string, current: keyof typeof PAGE_PATHS, body: string): string {
  const link = (key: keyof typeof PAGE_PATHS, label: string) => `<a href="${PAGE_PATHS[key]}"${key === current ? ' aria-current="page"' : ''}>${label}</a>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} · Cannery</title><link rel="icon" type="image/png" href="/assets/icon-32.png"><style>${STYLE}</style></head>
<body><nav aria-label="Cannery pages">${link('privacy', 'Privacy policy')}${link('terms', 'Terms of use')}${link('support', 'Support')}</nav>
<main><h1>${escapeHtml(title)}</h1>
${body}
</main></body></html>`;
}

/** The default retention of each kind, in words (`usage records 730 days, ...`). */
function retentionSentence(): string {
  const kept = (days: number | null) => (days === null ? 'forever' : `for ${days} days`);
  const days = RETENTION_DEFAULTS;
  return `usage records are kept ${kept(days.usageRecords)}, sessions ${kept(days.sessions)}, classification answers ${kept(days.classificationOutcomes)}, what was learned ${kept(days.learnedEvidence)} and mail ${kept(days.mail)}.`;
}

/** The privacy policy: who is responsible, each category stored, each outgoing call, retention. */
export function privacyPage(services: Services): string {
  const operator = operatorOf(services);
  const name = escapeHtml(operator.name);
  const learningDays = services.learningRetentionDays ?? 365;
  const publicWords = ' This can include what members of the public wrote to the office.';
  const stored = STORED.map((category) => `<h3>${escapeHtml(category.title)}</h3>\n<p>${escapeHtml(category.description)}${category.holdsEmailText ? publicWords : ''}</p>`).join('\n');
  const calls = (from: 'server' | 'clients') =>
    `<ul>${OUTGOING.filter((call) => call.from === from)
      .map((call) => `<li><strong>To ${escapeHtml(call.to)}</strong>: ${escapeHtml(call.sends)}.</li>`)
      .join('')}</ul>`;
  return page(
    'Privacy policy',
    'privacy',
    `<p>Cannery keeps an office's saved replies ("blocks") and inserts them into the email replies its staff write, in Outlook, Gmail and other text fields. This Cannery server is run by <strong>${name}</strong>, who is responsible for the data on it. ${contactSentence(operator)}</p>
<p>Cannery has no advertising, no analytics and no tracking, sells nothing it stores, and sends nothing to anyone but the places listed below.</p>
<h2>What this server stores</h2>
${stored}
<h2>Where Cannery sends data</h2>
<p>From this server:</p>
${calls('server')}
<p>From the Outlook add-in, the browser extension and the admin pages, in your browser:</p>
${calls('clients')}
<h2>The browser extension</h2>
<p>The extension reads the Gmail email you have open when you use its side panel, and a web page's text field only when you open Cannery's picker in it (right-click "Insert a Cannery block" or the keyboard shortcut); it reads no other page. On your computer it keeps your sign-in and your team's block shortcuts in the extension's own storage, cleared when you sign out. An office's IT may set which Cannery server it uses.</p>
<h2>How long data is kept</h2>
<p>Blocks, checklists and people stay until the office's administrators delete them or ask ${name} to delete the account. Each office sets in its settings how long it keeps usage records, usage sessions, classification answers (with the email text they were about), what was learned and the mail sent to its people; unless it chose otherwise, ${retentionSentence()} What Cannery learns from staff's choices is kept for ${learningDays} days after its last use at most. Queued mail is deleted once it has been sent or given up on, after its retention. Sign-in codes and tokens expire on their own. An office's administrator can export everything Cannery holds about one person, and erase it: their own records go, and records kept for statistics no longer say who they were about.</p>
<h2>Your choices</h2>
<p>To see, correct or delete what Cannery holds about you, ask your office's Cannery administrator, or ${name}. ${contactSentence(operator)}</p>`,
  );
}

/** The terms of use of this deployment. */
export function termsPage(services: Services): string {
  const operator = operatorOf(services);
  const name = escapeHtml(operator.name);
  return page(
    'Terms of use',
    'terms',
    `<p>This Cannery server is provided by <strong>${name}</strong> to the offices and staff it invites. Using it means accepting these terms.</p>
<h2>Who may use it</h2>
<p>People an office's administrator invited, for that office's work. Each person signs in with their own password or work account and keeps it to themselves.</p>
<h2>Your office's content</h2>
<p>Blocks, checklists and usage records belong to the office that wrote them. ${name} keeps them to run the service, as the <a href="${PAGE_PATHS.privacy}">privacy policy</a> describes, and uses them for nothing else.</p>
<h2>Acceptable use</h2>
<p>Do not use Cannery to send mail your office would not send, to store other people's data you have no right to keep, or to get around its sign-in or its limits.</p>
<h2>The service</h2>
<p>Cannery is provided as it is. ${name} may change or stop the service and will tell the offices using it before doing so. Questions about these terms: ${contactSentence(operator)}</p>`,
  );
}

/** Support: whom to ask, and signing in when the work account is unavailable. */
export function supportPage(services: Services): string {
  const operator = operatorOf(services);
  return page(
    'Support',
    'support',
    `<p>Cannery inserts your team's saved replies ("blocks") into the email you are answering. ${contactSentence(operator)}</p>
<h2>Signing in</h2>
<ul>
<li><strong>Forgot your password?</strong> On the sign-in screen choose "Reset Password": a code is sent to your email address.</li>
<li><strong>Your work account's sign-in is not available?</strong> Your office's Cannery administrator can give you a password for Cannery's own sign-in; sign in with your email address and that password until the work account works again.</li>
<li><strong>Lost the phone with your authenticator app?</strong> Your office's Cannery administrator can reset it.</li>
</ul>
<h2>Getting Cannery</h2>
<ul>
<li><strong>Outlook</strong>: your office's IT can deploy the add-in to everyone from the Microsoft 365 admin center; otherwise add it in Outlook from <a href="/manifest.xml">this server's manifest</a>.</li>
<li><strong>Gmail and other pages</strong>: install the Cannery extension for Chrome or Firefox, then sign in.</li>
</ul>
<p>See also the <a href="${PAGE_PATHS.privacy}">privacy policy</a> and the <a href="${PAGE_PATHS.terms}">terms of use</a>.</p>`,
  );
}

/** GET /privacy, /terms and /support. */
export function policyPageRoutes(): Hono<AppEnv> {
  const pages = new Hono<AppEnv>();
  const serve = (path: string, render: (services: Services) => string) =>
    pages.get(path, (c) => {
      c.header('Cache-Control', 'no-cache');
      return c.html(render(c.var.services));
    });
  serve(PAGE_PATHS.privacy, privacyPage);
  serve(PAGE_PATHS.terms, termsPage);
  serve(PAGE_PATHS.support, supportPage);
  return pages;
}
