import type { ESLint, Rule } from 'eslint';

/** What one folder of the boundary table may import, besides its own files. */
export interface FolderBoundary {
  /** Project paths (folders or files) it may import. `.` is the whole project. */
  mayImport: string[];
  /** When given, the only packages it may import (`node:` built-ins included). */
  packages?: string[];
  /** What it may reach through the files it imports, beyond `mayImport` (composition roots only). */
  mayReach?: string[];
}

/** Options of `cannery/folder-boundaries`. */
export interface FolderBoundaryOptions {
  /** The project's directory: every path of the table is resolved from it. */
  root: string;
  /** Keyed by project path: a folder, a file, or `*` for the files at the project's top. */
  folders: Record<string, FolderBoundary>;
  /** Project files allowed a module specifier computed at run time (each with its reason in the config). */
  computedSpecifiers?: string[];
}

export declare const folderBoundariesRule: Rule.RuleModule;
declare const plugin: ESLint.Plugin;
export default plugin;
