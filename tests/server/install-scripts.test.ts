import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every dependency that ships an install script has been reviewed: allowed or denied by name in
 * its package.json's `allowScripts` (npm 11 lists unreviewed ones after every install; npm 12
 * skips them). esbuild's fetches its platform's binary; core-js's prints a banner and msw's copies
 * a service worker this project does not serve, so those two are denied.
 */
const root = resolve(import.meta.dirname, '../..');

function withInstallScripts(folder: string): string[] {
  const lock = JSON.parse(readFileSync(join(root, folder, 'package-lock.json'), 'utf8')) as { packages: Record<string, { hasInstallScript?: boolean }> };
  const names = Object.entries(lock.packages)
    .filter(([path, entry]) => path !== '' && entry.hasInstallScript)
    .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));
  return [...new Set(names)].sort();
}

describe('install scripts', () => {
  it.each(['.', 'infra'])('of the dependencies in %s are each allowed or denied in allowScripts', (folder) => {
    const manifest = JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8')) as { allowScripts?: Record<string, boolean> };
    const reviewed = new Set(Object.keys(manifest.allowScripts ?? {}).map((key) => key.replace(/(?<=.)@[^@]*$/, '')));
    const scripts = withInstallScripts(folder);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((name) => !reviewed.has(name))).toEqual([]);
  });

  it('lets esbuild fetch its binary', () => {
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { allowScripts?: Record<string, boolean> };
    expect(manifest.allowScripts?.esbuild).toBe(true);
  });
});
