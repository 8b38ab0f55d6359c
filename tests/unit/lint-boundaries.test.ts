// @vitest-environment node
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import cannery from '../../eslint-rules/folder-boundaries.js';
import tseslint from 'typescript-eslint';
import { boundaryZones } from '../../eslint.config.js';

const root = resolve(import.meta.dirname, '../..');

/** Lints `code` as if it were the file at `path`, with the project's boundary zones only. */
async function boundaryErrors(path: string, code: string): Promise<string[]> {
  const eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['**/*.ts', '**/*.tsx'],
        languageOptions: { parser: tseslint.parser },
        plugins: { cannery },
        rules: { 'cannery/folder-boundaries': ['error', { zones: boundaryZones }] },
      },
    ],
  });
  const [result] = await eslint.lintText(code, { filePath: resolve(root, path) });
  return (result?.messages ?? []).map((message) => message.message);
}

describe('folder boundaries', () => {
  it('rejects a host import from the shared app', async () => {
    const errors = await boundaryErrors('src/screens/home/wrong.ts', "import { createPlaygroundAdapter } from '../../../hosts/playground/adapter';\nvoid createPlaygroundAdapter;\n");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('src/ sees hosts only through hosts/host.ts (HostAdapter).');
  });

  it('lets the shared app import the host contract', async () => {
    expect(await boundaryErrors('src/state/right.ts', "import type { HostAdapter } from '../../hosts/host';\nexport type A = HostAdapter;\n")).toEqual([]);
  });

  it('keeps the domain pure of other layers', async () => {
    const errors = await boundaryErrors('src/domain/wrong.ts', "import { navigate } from '../state/location';\nvoid navigate;\n");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('src/domain may not import src/state (see the architecture\'s folder table).');
  });

  it('keeps hosts from importing each other', async () => {
    const errors = await boundaryErrors('hosts/outlook/wrong.ts', "import { MailStore } from '../playground/mail-store';\nvoid MailStore;\n");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('Hosts never import each other; share code through src/ or hosts/host.ts.');
  });

  it('lets the server import only the contract and the domain from src', async () => {
    const errors = await boundaryErrors('server/wrong.ts', "import { navigate } from '../src/state/location';\nvoid navigate;\n");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('server/ may import src/api/contract and src/domain only.');
  });

  it('catches re-exports and dynamic imports too, and leaves packages alone', async () => {
    const reexport = await boundaryErrors('src/api/wrong.ts', "export { navigate } from '../state/location';\n");
    expect(reexport).toHaveLength(1);
    const dynamic = await boundaryErrors('src/domain/wrong.ts', "export const later = () => import('../screens/home/home');\n");
    expect(dynamic).toHaveLength(1);
    expect(await boundaryErrors('src/domain/right.ts', "import { z } from 'zod';\nexport const s = z.string();\n")).toEqual([]);
  });

  it('keeps the session layer above auth and tracking and below the screens', async () => {
    const fromAuth = await boundaryErrors('src/auth/wrong.ts', "import { useLogout } from '../session/sign-in-state';\nvoid useLogout;\n");
    expect(fromAuth).toHaveLength(1);
    expect(fromAuth[0]).toContain("src/auth may not import src/session (see the architecture's folder table).");
    const fromTracking = await boundaryErrors('src/tracking/wrong.ts', "import { useCurrentUser } from '../session/current-user';\nvoid useCurrentUser;\n");
    expect(fromTracking).toHaveLength(1);
    const upward = await boundaryErrors('src/session/wrong.ts', "import { Home } from '../screens/home/home';\nvoid Home;\n");
    expect(upward).toHaveLength(1);
    expect(upward[0]).toContain("src/session may not import src/screens (see the architecture's folder table).");
    expect(await boundaryErrors('src/screens/home/right.ts', "import { useCurrentUser } from '../../session/current-user';\nvoid useCurrentUser;\n")).toEqual([]);
  });
});
