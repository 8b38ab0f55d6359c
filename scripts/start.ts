/**
 * `npm start`: builds what is out of date (web app, extension), starts the server on the embedded
 * database with the demo account, waits until it answers, and prints where everything is.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadConfig } from '../server/config';
import { DEMO_FIRST_SIGN_IN, DEMO_PASSWORD, DEMO_USERS } from '../server/seed/demo-data';

const root = resolve(import.meta.dirname, '..');
const SOURCES = ['src', 'hosts', 'entrypoints', 'public', 'package.json', 'vite.office.config.ts', 'wxt.config.ts'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function buildIfStale(label: string, output: string, script: string): void {
  const sourcesTime = Math.max(...SOURCES.map((source) => newestMtime(join(root, source))));
  if (existsSync(join(root, output)) && statSync(join(root, output)).mtimeMs >= sourcesTime) {
    console.log(`✓ ${label} is up to date`);
    return;
  }
  console.log(`… building the ${label}`);
  const result = spawnSync('npm', ['run', '--silent', script], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`✗ building the ${label} failed`);
    process.exit(result.status ?? 1);
  }
}

buildIfStale('web app', 'dist/web/admin/index.html', 'build:web');
buildIfStale('extension', '.output/chrome-mv3/manifest.json', 'build:ext');

const config = loadConfig();
// A local work-account provider, so single sign-on can be tried without a Microsoft tenant.
const standIn = process.env.SSO_STAND_IN ?? (process.env.SSO_AUTHORITY ? '0' : '1');
const server = spawn(process.execPath, ['--import', 'tsx', 'server/node.ts'], {
  cwd: root,
  stdio: ['ignore', 'inherit', 'inherit'],
  // The development outbox (password-reset codes at /identity/dev/outbox) is the user's to turn on:
  // CANNERY_DEV_OUTBOX=1 npm start.
  env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn', SSO_STAND_IN: standIn },
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));

const http = `http://localhost:${config.port}`;
const deadline = Date.now() + 60_000;
while (Date.now() < deadline) {
  try {
    const response = await fetch(`${http}/api/health`);
    if (response.ok) break;
  } catch {
    // Not listening yet.
  }
  await new Promise((done) => setTimeout(done, 250));
}

const https = config.httpsPort > 0 ? config.publicOrigin : null;
const lines = [
  '',
  'Cannery is running.',
  `  Playground        ${http}/`,
  `  Task pane         ${https ?? http}/outlook/taskpane.html`,
  `  Admin app         ${http}/admin/   (team admins write their blocks; morgan is the demo admin)`,
  `  Outlook manifest  ${https ?? http}/manifest.xml   (sideload it: README, "Outlook")`,
  `  Extension         ${join(root, '.output/chrome-mv3')}   (chrome://extensions, Load unpacked)`,
  `  Health            ${http}/api/health`,
  process.env.CANNERY_DEV_OUTBOX === '1'
    ? `  Email outbox      ${http}/identity/dev/outbox   (password-reset codes; open it in this machine's browser)`
    : `  Email outbox      off: start with CANNERY_DEV_OUTBOX=1 npm start to read password-reset codes at ${http}/identity/dev/outbox (SMTP_URL sends real mail)`,
  `  Database          ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`}`,
  '',
  `  Demo users (password ${DEMO_PASSWORD}, on an empty database):`,
  ...DEMO_USERS.map((user) => `    ${user.email.padEnd(28)} ${user.microsoftSub ? 'work-account sign-in only' : user.role}`),
  `    ${DEMO_FIRST_SIGN_IN.email.padEnd(28)} temporary password ${DEMO_FIRST_SIGN_IN.temporaryPassword}: ${DEMO_FIRST_SIGN_IN.role}`,
  ...(standIn === '1'
    ? [`    ${'stranger@aldercounty.example'.padEnd(28)} work account unknown to Cannery (shows could-not-find-user)`]
    : []),
  '',
  'Press Ctrl+C to stop.',
  '',
];
console.log(lines.join('\n'));
