/**
 * Runs the Cannery server on Node: `npm run server` (or `npm start`, which builds first).
 */
import { exitOnSignals, startServer } from './start-node';

exitOnSignals(await startServer());
