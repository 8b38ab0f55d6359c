/** Types of `eslint.config.js` for the tests that check the folder boundaries. */
import type { Linter } from 'eslint';
import type { FolderBoundary, FolderBoundaryOptions } from './eslint-rules/folder-boundaries.js';

export declare const folderBoundaries: Record<string, FolderBoundary>;
export declare const folderBoundaryOptions: FolderBoundaryOptions;
/** Every file the extension's service worker loads. */
export declare const SERVICE_WORKER_FILES: string[];
declare const config: Linter.Config[];
export default config;
