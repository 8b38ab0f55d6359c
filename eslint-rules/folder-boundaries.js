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
 * `import type`, `export … from`, `import()`, the type `import('x').T`, `require()`,
 * `import x = require()` and a function made by `createRequire()`. A specifier may be relative,
 * absolute, or one of WXT's aliases for the project's top (`~/`, `@/`, `~~/`, `@@/`); all three are
 * checked as the project path they name.
 *
 * A specifier computed at run time (`import(path)`, a template with `${…}`, `require(name)`)
 * cannot be checked, so it is refused, except in the files of the `computedSpecifiers` option:
 * the few loaders that need one, each listed with the reason in eslint.config.js.
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

/** WXT's aliases for the project's top (srcDir and root are both the project here). */
const PROJECT_ALIAS = /^(?:~~|@@|~|@)\//;

/** Whether `source` names a file of the project rather than a package. */
function isProjectSpecifier(source) {
  return source.startsWith('.') || source.startsWith('/') || PROJECT_ALIAS.test(source) || /^file:/.test(source);
}

/** The absolute path a project specifier names, from the file at `filename`. */
function projectTarget(root, filename, source) {
  const path = source.replace(/[?#].*$/, '');
  if (PROJECT_ALIAS.test(path)) return resolve(root, path.replace(PROJECT_ALIAS, ''));
  if (path.startsWith('file:')) return new URL(path).pathname;
  return resolve(dirname(filename), path);
}

/** Whether `node` is a call of `createRequire(…)` (bare, or as `module.createRequire(…)`). */
function isCreateRequire(node) {
  if (node?.type !== 'CallExpression') return false;
  const { callee } = node;
  return (callee.type === 'Identifier' && callee.name === 'createRequire') || (callee.type === 'MemberExpression' && callee.property.type === 'Identifier' && callee.property.name === 'createRequire');
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
                // Read by the reach check (scripts/folder-reach.ts), not by this rule.
                mayReach: { type: 'array', items: { type: 'string' } },
              },
              additionalProperties: false,
            },
          },
          computedSpecifiers: { type: 'array', items: { type: 'string' } },
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
      computed:
        'A module named at run time cannot be checked against the folder table: name it with a string literal, or list this file in computedSpecifiers (eslint.config.js) with the reason.',
    },
  },
  create(context) {
    const { root, folders, computedSpecifiers = [] } = context.options[0];
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
      const target = normalPath(relative(root, projectTarget(root, context.filename, source)));
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

    // A folder that may import anything, any package included, has nothing to check.
    const computedAllowed = computedSpecifiers.map(normalPath).includes(file) || (owner.mayImport.includes('') && !owner.packages);

    function check(node) {
      if (!node) return;
      const source = literalSource(node);
      if (source === undefined) {
        if (!computedAllowed) context.report({ node, messageId: 'computed' });
        return;
      }
      if (isProjectSpecifier(source)) checkProjectPath(node, source);
      else checkPackage(node, source);
    }

    /** Names bound to a function made by `createRequire()`: calling one loads a module like `require`. */
    const requireFunctions = new Set(['require']);

    return {
      VariableDeclarator: (node) => {
        if (node.id.type === 'Identifier' && isCreateRequire(node.init)) requireFunctions.add(node.id.name);
      },
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => node.source && check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      TSImportType: (node) => check(node.source ?? node.argument),
      TSExternalModuleReference: (node) => check(node.expression),
      CallExpression: (node) => {
        const { callee } = node;
        if ((callee.type === 'Identifier' && requireFunctions.has(callee.name)) || isCreateRequire(callee)) check(node.arguments[0]);
        else if (callee.type === 'MemberExpression' && callee.object.type === 'Identifier' && requireFunctions.has(callee.object.name) && callee.property.type === 'Identifier' && callee.property.name === 'resolve') {
          check(node.arguments[0]);
        }
      },
    };
  },
};

export default { rules: { 'folder-boundaries': folderBoundariesRule } };
