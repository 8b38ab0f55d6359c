/** `npm run seed`, kept for a release: the same as `npm run cannery -- seed` (server/cli/commands.ts). */
import { runSeed } from './commands';

const code = await runSeed(
  (line) => console.log(line),
  (line) => console.error(line),
);
if (code !== 0) process.exit(code);
