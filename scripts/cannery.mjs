#!/usr/bin/env node
// The `cannery` command (server/cli/cannery.ts), run through tsx as the npm scripts are.
import { register } from 'tsx/esm/api';

register();
const { runCannery } = await import('../server/cli/cannery.ts');
process.exitCode = await runCannery(process.argv.slice(2));
