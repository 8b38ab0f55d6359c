/**
 * Runs the Cannery server on Node: `npm run server` (or `npm start`, which builds first).
 */
import { StartupRefusal } from '../production';
import { exitOnSignals, startServer } from './start-node';

try {
  exitOnSignals(await startServer());
} catch (error) {
  // A setting the server refuses: its message says what to change, a stack trace would only hide it.
  if (!(error instanceof StartupRefusal)) throw error;
  console.error(`Cannery did not start. ${error.message}`);
  process.exit(1);
}
