/** Types of `folder-table.mjs`. */

/** What one folder of the table may import, besides its own files. */
export interface FolderBoundary {
  /** Project paths (folders or files) it may import. `.` is the whole project. */
  mayImport: string[];
  /** When given, the only packages it may import (Node built-ins included). */
  packages?: string[];
  /** What it may reach through the files it imports, beyond `mayImport` (composition roots only). */
  mayReach?: string[];
}

/** Keyed by project path: a folder, a file, or `*` for the files at the project's top. */
export type FolderTable = Record<string, FolderBoundary>;
export declare const folderBoundaries: FolderTable;
