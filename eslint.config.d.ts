/** Types of `eslint.config.js` for the tests that check the lint configuration. */
import type { Linter } from 'eslint';

/** Every file the extension's service worker loads. */
export declare const SERVICE_WORKER_FILES: string[];
/** The selectors that refuse a module named at run time in product files. */
export declare const COMPUTED_IMPORT_SELECTORS: string[];
declare const config: Linter.Config[];
export default config;
