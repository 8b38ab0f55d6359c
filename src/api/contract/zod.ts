import { z } from 'zod';

/**
 * Zod, as every schema of the client and the contract imports it. Cannery's pages run under a CSP
 * without 'unsafe-eval', and zod decides while building each object schema whether to generate
 * code with `new Function`, probing for it once: a probe the CSP reports as a violation. In a
 * browser it is told to generate no code, before any schema is built (each schema module imports
 * this one first). The server keeps zod's generated parsers.
 */
if (typeof document !== 'undefined') z.config({ jitless: true });

export { z };
