/**
 * The folder table's reach check (run by `npm run lint:cycles`): the linter checks each import on
 * its own, so a folder could still reach, through a folder it may import, one it may not (the
 * admin app reaching the session through a shared screen part). Here every file's transitive
 * imports, type-only ones included, must stay inside what its folder may import, or inside its
 * `mayReach`, which only the composition roots (entrypoints, the admin page) declare: they
 * import a few modules and, through them, the whole app.
 */
/** Project files and what each imports (the cycle check's graph). */
type ImportGraph = ReadonlyMap<string, ReadonlySet<string>>;

export interface FolderRule {
  mayImport: string[];
  mayReach?: string[];
}

/** A file that reaches one its folder may not, with the chain of imports that gets there. */
export interface ForbiddenReach {
  folder: string;
  path: string[];
}

const TOP_LEVEL_FILES = '*';
const SOURCE_EXTENSION = /\.(?:d\.ts|[mc]?tsx?|[mc]?jsx?)$/;
const withoutExtension = (path: string) => path.replace(/^\.(?:\/|$)/, '').replace(SOURCE_EXTENSION, '');
const isWithin = (path: string, area: string) => area === '' || path === area || path.startsWith(`${area}/`);

interface Entry {
  key: string;
  area: string;
  allowed: string[];
}

function entries(folders: Readonly<Record<string, FolderRule>>): Entry[] {
  return Object.entries(folders).map(([key, rule]) => ({
    key,
    area: key === TOP_LEVEL_FILES ? '' : withoutExtension(key),
    allowed: [...rule.mayImport, ...(rule.mayReach ?? [])].map(withoutExtension),
  }));
}

/** The entry that owns `file`, the most specific one, as the lint rule decides it. */
function ownerOf(file: string, table: readonly Entry[]): Entry | undefined {
  const path = withoutExtension(file);
  let owner: Entry | undefined;
  for (const entry of table) {
    const owns = entry.key === TOP_LEVEL_FILES ? !path.includes('/') : isWithin(path, entry.area);
    if (owns && (!owner || entry.area.length > owner.area.length)) owner = entry;
  }
  return owner;
}

/** The shortest chain of imports from `start` to `end`. */
function chain(graph: ImportGraph, start: string, end: string): string[] {
  const cameFrom = new Map<string, string>([[start, start]]);
  const queue = [start];
  for (let next = 0; next < queue.length && !cameFrom.has(end); next += 1) {
    for (const target of graph.get(queue[next]!) ?? []) {
      if (cameFrom.has(target)) continue;
      cameFrom.set(target, queue[next]!);
      queue.push(target);
    }
  }
  const path = [end];
  while (path[0] !== start) path.unshift(cameFrom.get(path[0]!)!);
  return path;
}

/** Every file that reaches, through any chain of imports, a file its folder may not import; one per folder pair. */
export function findForbiddenReach(graph: ImportGraph, folders: Readonly<Record<string, FolderRule>>): ForbiddenReach[] {
  const table = entries(folders);
  const found = new Map<string, ForbiddenReach>();
  for (const file of [...graph.keys()].sort()) {
    const owner = ownerOf(file, table);
    // Folders that may import anything (tests, scripts, configurations) cannot reach too far.
    if (!owner || owner.allowed.includes('')) continue;
    const seen = new Set([file]);
    const queue = [file];
    for (let next = 0; next < queue.length; next += 1) {
      for (const target of graph.get(queue[next]!) ?? []) {
        if (seen.has(target)) continue;
        seen.add(target);
        queue.push(target);
        const targetOwner = ownerOf(target, table);
        const path = withoutExtension(target);
        if (targetOwner === owner || isWithin(path, owner.area) || owner.allowed.some((area) => isWithin(path, area))) continue;
        const key = `${owner.key} -> ${targetOwner?.key ?? path}`;
        if (!found.has(key)) found.set(key, { folder: owner.key, path: chain(graph, file, target) });
      }
    }
  }
  return [...found.values()];
}

/** The report printed for what was found. */
export function describeForbiddenReach(found: readonly ForbiddenReach[]): string {
  return found
    .map(({ folder, path }) => `${folder} may not reach ${path[path.length - 1]} (eslint.config.js), but does:\n  ${path.join('\n  -> ')}`)
    .join('\n\n');
}
