/**
 * `npm start`: builds what is out of date (web app, extension), starts the server on the embedded
 * database with the demo account, waits until it answers, and prints where everything is.
 */
import { spawn, spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { loadConfig } from '../server/config';
import { DEMO_FIRST_SIGN_IN, DEMO_PASSWORD, DEMO_USERS } from '../server/seed/demo-data';
import { builtAfterSources, busyPorts, extensionApiBase, extensionIsCurrent, recordExtensionBuild } from './start-checks';

const root = resolve(import.meta.dirname, '..');

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  console.error(`✗ ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

// Before building anything: a port another program holds would only fail later, less clearly.
const busy = await busyPorts(config.host, [
  { name: 'CANNERY_PORT', port: config.port },
  { name: 'CANNERY_HTTPS_PORT', port: config.httpsPort },
]);
if (busy.length > 0) {
  for (const problem of busy) console.error(`✗ ${problem}`);
  process.exit(1);
}

function build(label: string, script: string, env: NodeJS.ProcessEnv = process.env): void {
  console.log(`… building the ${label}`);
  const result = spawnSync('npm', ['run', '--silent', script], { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error(`✗ building the ${label} failed`);
    process.exit(result.status ?? 1);
  }
}

if (builtAfterSources(root, 'dist/web/admin/index.html')) console.log('✓ web app is up to date');
else build('web app', 'build:web');
// The extension calls the API of the server it was built for: a start on another port rebuilds it.
const apiBase = extensionApiBase(process.env, config.port);
if (extensionIsCurrent(root, apiBase)) {
  console.log(`✓ extension is up to date (it calls ${apiBase})`);
} else {
  build(`extension for ${apiBase}`, 'build:ext', { ...process.env, WXT_CANNERY_API: apiBase });
  recordExtensionBuild(root, apiBase);
}

// A local work-account provider, so single sign-on can be tried without a Microsoft tenant.
const standIn = process.env.CANNERY_SSO_STAND_IN ?? (process.env.CANNERY_SSO_AUTHORITY ? '0' : '1');
const server = spawn(process.execPath, ['--import', 'tsx', 'server/entry/node.ts'], {
  cwd: root,
  stdio: ['ignore', 'inherit', 'inherit'],
  // The development outbox (password-reset codes at /identity/dev/outbox) is the user's to turn on:
  // CANNERY_DEV_OUTBOX=1 npm start.
  env: { ...process.env, CANNERY_LOG_LEVEL: process.env.CANNERY_LOG_LEVEL ?? 'warn', CANNERY_SSO_STAND_IN: standIn },
});
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    stopping = true;
    server.kill(signal);
  });
}
let exited = false;
server.on('exit', (code) => {
  exited = true;
  process.exit(code ?? (stopping ? 0 : 1));
});

const http = `http://localhost:${config.port}`;
const deadline = Date.now() + 60_000;
let healthy = false;
while (!exited && Date.now() < deadline) {
  try {
    const response = await fetch(`${http}/api/health`);
    if (response.ok) {
      healthy = true;
      break;
    }
  } catch {
    // Not listening yet.
  }
  await new Promise((done) => setTimeout(done, 250));
}
if (!healthy) {
  // A server that exited has said why above (a setting, a port), and the exit handler ends this script.
  console.error(`✗ the server did not answer ${http}/api/health within a minute; stopping it`);
  server.kill('SIGTERM');
  await new Promise(() => {});
}

const https = config.httpsPort > 0 ? config.publicOrigin : null;
const lines = [
  '',
  'Cannery is running.',
  `  Playground        ${http}/`,
  `  Task pane         ${https ?? http}/outlook/taskpane.html`,
  `  Admin app         ${http}/admin/   (team admins write their blocks; morgan is the demo admin)`,
  `  Outlook manifest  ${https ?? http}/manifest.xml   (sideload it: docs/outlook.md)`,
  `  Extension         ${join(root, '.output/chrome-mv3')}   (chrome://extensions, Load unpacked; it calls ${apiBase})`,
  `  Health            ${http}/api/health`,
  process.env.CANNERY_DEV_OUTBOX === '1'
    ? `  Email outbox      ${http}/identity/dev/outbox   (password-reset codes; open it in this machine's browser)`
    : `  Email outbox      off: start with CANNERY_DEV_OUTBOX=1 npm start to read password-reset codes at ${http}/identity/dev/outbox (CANNERY_SMTP_URL sends real mail)`,
  `  Database          ${config.databaseUrl ? 'PostgreSQL (CANNERY_DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`}`,
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
