/** Types of `.dependency-cruiser.mjs` for the boundary check and its tests. */
import type { ICruiseOptions, IForbiddenRuleType } from 'dependency-cruiser';
import type { FolderTable } from './scripts/folder-table.mjs';

export declare function boundaryRules(table?: FolderTable): IForbiddenRuleType[];
export declare function cruiseOptions(root: string, table?: FolderTable): ICruiseOptions;
declare const config: { forbidden: IForbiddenRuleType[]; options: ICruiseOptions };
export default config;
