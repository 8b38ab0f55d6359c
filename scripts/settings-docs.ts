/**
 * `npm run settings:docs`: writes docs/configuration.md and .env.example from the settings schema
 * (server/settings/schema.ts) and the hand-written parts in scripts/settings-docs/. With `--check`
 * it writes nothing and exits 1 when either file differs from what it would write.
 * tests/server/settings-documented.test.ts runs the same check.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SECTIONS, SETTINGS, type SettingName, type SettingSpec } from '../server/settings/schema';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TEMPLATES = join(ROOT, 'scripts', 'settings-docs');

const entries = () => Object.entries(SETTINGS as Record<SettingName, SettingSpec<unknown>>) as Array<[SettingName, SettingSpec<unknown>]>;

const DEPLOYMENTS = { node: 'Node', lambda: 'Lambda', both: 'both' } as const;

/** Names and values in a cell are code; a `|` would end the cell. */
function cell(value: string): string {
  return value.replace(/\|/g, '\\|');
}

function defaultCell(setting: SettingSpec<unknown>): string {
  if (setting.defaultNote) return setting.defaultNote;
  return setting.default === undefined ? 'unset' : `\`${setting.default}\``;
}

/** docs/configuration.md: the introduction, one table per section, then the notes. */
export function configurationMarkdown(): string {
  const tables = Object.entries(SECTIONS).map(([section, title]) => {
    const rows = entries()
      .filter(([, setting]) => setting.section === section)
      .map(([name, setting]) =>
        [
          `\`${name}\``,
          setting.old ? `\`${setting.old}\`` : '',
          cell(defaultCell(setting)),
          DEPLOYMENTS[setting.deploy],
          setting.secret ? 'yes' : '',
          cell(setting.description),
        ].join(' | '),
      )
      .map((row) => `| ${row} |`);
    return [`### ${title}`, '', '| variable | old name | default | deployments | secret | what it does |', '| --- | --- | --- | --- | --- | --- |', ...rows].join('\n');
  });
  const template = readFileSync(join(TEMPLATES, 'configuration.md'), 'utf8');
  return template.replace('<!-- settings -->', `\n${tables.join('\n\n')}\n`);
}

/** Wraps a comment at 100 columns, each line starting with `# `. */
function comment(text: string): string[] {
  const lines: string[] = [];
  let line = '#';
  for (const word of text.split(' ')) {
    if (line.length + word.length + 1 > 100 && line !== '#') {
      lines.push(line);
      line = '#';
    }
    line += ` ${word}`;
  }
  lines.push(line);
  return lines;
}

function envSection(title: string, names: Array<[SettingName, SettingSpec<unknown>]>): string {
  const heading = `# ---- ${title} `.padEnd(98, '-');
  const body = names.flatMap(([name, setting]) => {
    const note = [setting.description, setting.secret ? '(secret)' : '', setting.deploy === 'both' ? '' : `(${DEPLOYMENTS[setting.deploy]} only)`, setting.old ? `Was ${setting.old}.` : '']
      .filter(Boolean)
      .join(' ');
    const line = setting.example !== undefined ? `${name}=${setting.example}` : `# ${name}=${setting.default ?? ''}`;
    return [...comment(note), line];
  });
  return [heading, '', ...body, ''].join('\n');
}

/** .env.example: the header, the required settings, the compose-only ones, then each section. */
export function envExample(): string {
  const inSection = (section: string) => entries().filter(([, setting]) => setting.section === section);
  const template = readFileSync(join(TEMPLATES, 'env.example'), 'utf8');
  const rest = Object.entries(SECTIONS)
    .filter(([section]) => section !== 'required')
    .map(([section, title]) => envSection(title, inSection(section)))
    .join('\n');
  return template.replace('<!-- required -->\n', envSection(SECTIONS.required, inSection('required'))).replace('<!-- settings -->\n', rest);
}

/** The generated files, by path from the repository's root. */
export function settingsDocs(): Record<string, string> {
  return { 'docs/configuration.md': configurationMarkdown(), '.env.example': envExample() };
}

/** The generated files that differ from what is committed. */
export function staleSettingsDocs(): string[] {
  return Object.entries(settingsDocs())
    .filter(([path, text]) => readFileSync(join(ROOT, path), 'utf8') !== text)
    .map(([path]) => path);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.argv.includes('--check')) {
    const stale = staleSettingsDocs();
    for (const path of stale) console.error(`${path} differs from server/settings/schema.ts: run npm run settings:docs`);
    process.exitCode = stale.length > 0 ? 1 : 0;
  } else {
    for (const [path, text] of Object.entries(settingsDocs())) writeFileSync(join(ROOT, path), text);
    console.log('Wrote docs/configuration.md and .env.example from server/settings/schema.ts.');
  }
}
