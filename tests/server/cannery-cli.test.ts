/**
 * The `cannery` command line as an operator runs it, in a child process: `--help` lists the
 * commands and exits 0, an unknown command says so with the list and exits 2, and the bin entry
 * runs the same program. Commands that reach the database use the embedded one in memory.
 */
import { describe, expect, it } from 'vitest';
import { childEnvironment, runToEnd } from './support/processes';

const env = childEnvironment({ CANNERY_DATA_DIR: 'memory://' });
const cannery = (...args: string[]) => runToEnd(['node', '--import', 'tsx', 'server/cli/cannery.ts', ...args], env);

describe('cannery', { timeout: 60_000 }, () => {
  it('--help lists every command and exits 0', async () => {
    const { code, stdout } = await cannery('--help');
    expect(code).toBe(0);
    for (const command of ['users', 'accounts create', 'domains', 'keys rotate-signing', 'migrate', 'mail status', 'seed']) expect(stdout).toContain(`  ${command}`);
  });

  it('refuses an unknown command with its name and the list, exit code 2', async () => {
    const { code, stdout, stderr } = await cannery('frobnicate');
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain('cannery: unknown command "frobnicate".');
    expect(stderr).toContain('Usage: npm run cannery -- <command>');
  });

  it('runs a command through the bin entry', async () => {
    const { code, stdout } = await runToEnd(['node', 'scripts/cannery.mjs', 'migrate'], env);
    expect(code).toBe(0);
    expect(stdout).toContain('Migrated the embedded database in memory://.');
  });
});
