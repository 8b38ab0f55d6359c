/** `npm run migrate`, kept for a release: the same as `npm run cannery -- migrate` (server/cli/commands.ts). */
import { runMigrate } from './commands';

process.exitCode = await runMigrate((line) => console.log(line));
