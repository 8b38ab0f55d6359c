/**
 * ESLint rule `cannery/folder-boundaries`: every import must stay inside what the importing file's
 * folder may import, as listed by the architecture's folder table.
 *
 * Options: `root`, the project's directory (the config file's, never the working directory, so
 * ESLint run from anywhere applies the same table), and `folders`, keyed by project path: a folder
 * (`src/api`), a single file (`hosts/host.ts`) or `*` (the files at the top of the project).
 * Each entry lists `mayImport`, the project paths it may import besides its own folder, and
 * optionally `packages`, the only packages it may import (`node:` built-ins included).
 *
 * A file belongs to the most specific entry that contains it. An import is refused when its
 * target is outside the allowed paths, or in no entry at all: a folder missing from the table can
 * neither import nor be imported until it is listed. Every way to name a module counts: `import`,
 * `import type`, `export … from`, `import()`, the type `import('x').T`, `require()` and
 * `import x = require()`.
 */
import { dirname, relative, resolve, sep } from 'node:path';

const SOURCE_EXTENSION = /\.(?:d\.ts|[mc]?tsx?|[mc]?jsx?)$/;

/** Files directly at the project's top (tool configurations). */
const TOP_LEVEL_FILES = '*';

/** A project path in `/` form without its source extension: `hosts/host.ts` → `hosts/host`. */
function normalPath(path) {
  const posix = path.split(sep).join('/').replace(/^\.(?:\/|$)/, '');
  return posix.replace(SOURCE_EXTENSION, '');
}

/** Whether the project path `path` is `area` or inside it (`''` is the whole project). */
function isWithin(path, area) {
  return area === '' || path === area || path.startsWith(area + '/');
}

/** Whether `path` is one of the entry's own files. */
function owns(entry, path) {
  return entry.key === TOP_LEVEL_FILES ? !path.includes('/') : isWithin(path, entry.area);
}

/** The table entry that owns `path`, the most specific one; undefined when none does. */
function entryOf(path, entries) {
  if (path === '..' || path.startsWith('../')) return undefined;
  let owner;
  for (const entry of entries) {
    if (owns(entry, path) && (!owner || entry.area.length > owner.area.length)) owner = entry;
  }
  return owner;
}

/** The options' table as a list of entries with normalised paths. */
function tableEntries(folders) {
  return Object.entries(folders).map(([key, rule]) => ({
    key,
    area: key === TOP_LEVEL_FILES ? '' : normalPath(key),
    mayImport: (rule.mayImport ?? []).map(normalPath),
    packages: rule.packages,
  }));
}

/** `@scope/name/sub` → `@scope/name`, `stemmer/lib` → `stemmer`, `node:fs` stays. */
function packageName(source) {
  const parts = source.split('/');
  return source.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** The string a module reference names, or undefined when it is computed at run time. */
function literalSource(node) {
  if (!node) return undefined;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0].value.cooked;
  if (node.type === 'TSLiteralType') return literalSource(node.literal);
  return undefined;
}

/** What an entry may import, in words for the error message. */
function describe(paths) {
  if (paths.includes('')) return 'anything';
  return paths.length === 0 ? 'only its own files' : `only its own files and ${paths.join(', ')}`;
}

/** @type {import('eslint').Rule.RuleModule} */
export const folderBoundariesRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Allow each folder only the imports the architecture lists for it.' },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string' },
          folders: {
            type: 'object',
            additionalProperties: {
              type: 'object',
              properties: {
                mayImport: { type: 'array', items: { type: 'string' } },
                packages: { type: 'array', items: { type: 'string' } },
              },
              additionalProperties: false,
            },
          },
        },
        required: ['root', 'folders'],
        additionalProperties: false,
      },
    ],
    messages: {
      forbidden: '"{{source}}" crosses a folder boundary: {{folder}} may import {{allowed}} (eslint.config.js).',
      unlistedTarget: '"{{source}}" is in no folder of the boundary table; list its folder in eslint.config.js first.',
      unlistedFile: '{{file}} is in no folder of the boundary table; list its folder in eslint.config.js first.',
      package: '"{{source}}": {{folder}} may import {{packages}} (eslint.config.js).',
    },
  },
  create(context) {
    const { root, folders } = context.options[0];
    const entries = tableEntries(folders);
    const file = normalPath(relative(root, context.filename));
    const owner = entryOf(file, entries);

    if (!owner) {
      return {
        Program: (node) => context.report({ node, loc: { line: 1, column: 0 }, messageId: 'unlistedFile', data: { file } }),
      };
    }
    const mayImport = (path) => owns(owner, path) || owner.mayImport.some((area) => isWithin(path, area));

    function checkProjectPath(node, source) {
      const target = normalPath(relative(root, resolve(dirname(context.filename), source.replace(/[?#].*$/, ''))));
      if (!entryOf(target, entries)) {
        context.report({ node, messageId: 'unlistedTarget', data: { source } });
      } else if (!mayImport(target)) {
        context.report({ node, messageId: 'forbidden', data: { source, folder: owner.key, allowed: describe(owner.mayImport) } });
      }
    }

    function checkPackage(node, source) {
      if (!owner.packages || owner.packages.includes(packageName(source))) return;
      const packages = owner.packages.length === 0 ? 'no package' : `only the packages ${owner.packages.join(', ')}`;
      context.report({ node, messageId: 'package', data: { source, folder: owner.key, packages } });
    }

    function check(node) {
      const source = literalSource(node);
      if (source === undefined) return;
      if (source.startsWith('.')) checkProjectPath(node, source);
      else checkPackage(node, source);
    }

    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => node.source && check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      TSImportType: (node) => check(node.source ?? node.argument),
      TSExternalModuleReference: (node) => check(node.expression),
      CallExpression: (node) => {
        if (node.callee.type === 'Identifier' && node.callee.name === 'require') check(node.arguments[0]);
      },
    };
  },
};

export default { rules: { 'folder-boundaries': folderBoundariesRule } };
