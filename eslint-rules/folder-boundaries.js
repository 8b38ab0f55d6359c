/**
 * ESLint rule `cannery/folder-boundaries`: forbids imports that cross the architecture's folder
 * boundaries. Each zone says that files under `target` may not import anything under `from`
 * (except the listed paths, relative to `from`). Paths are resolved from the importing file, so
 * `../../hosts/outlook/adapter` and `hosts/outlook/adapter.ts` are the same thing. Only relative
 * imports can reach our folders; package imports are never in a zone.
 */
import { dirname, resolve, sep } from 'node:path';

const EXTENSIONS = /\.(?:tsx?|jsx?|mjs|cjs|d\.ts)$/;

/** Absolute path without a source extension, so `host` and `host.ts` compare equal. */
function normal(path) {
  return path.replace(EXTENSIONS, '');
}

function isInside(path, folder) {
  return path === folder || path.startsWith(folder + sep);
}

/** @type {import('eslint').Rule.RuleModule} */
export const folderBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep imports inside the folder boundaries of the architecture.' },
    schema: [
      {
        type: 'object',
        properties: {
          zones: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                target: { type: 'string' },
                from: { type: 'string' },
                except: { type: 'array', items: { type: 'string' } },
                message: { type: 'string' },
              },
              required: ['target', 'from', 'message'],
              additionalProperties: false,
            },
          },
        },
        required: ['zones'],
        additionalProperties: false,
      },
    ],
    messages: { crossing: '"{{source}}" crosses a folder boundary: {{message}}' },
  },
  create(context) {
    const root = context.cwd;
    const file = normal(context.filename);
    const zones = context.options[0].zones
      .map((zone) => {
        const from = resolve(root, zone.from);
        return {
          target: resolve(root, zone.target),
          from,
          except: (zone.except ?? []).map((path) => normal(resolve(from, path))),
          message: zone.message,
        };
      })
      .filter((zone) => isInside(file, normal(zone.target)));
    if (zones.length === 0) return {};

    function check(node, source) {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const imported = normal(resolve(dirname(context.filename), source));
      for (const zone of zones) {
        if (!isInside(imported, zone.from)) continue;
        if (zone.except.some((allowed) => isInside(imported, allowed))) continue;
        context.report({ node, messageId: 'crossing', data: { source, message: zone.message } });
        return;
      }
    }

    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

export default { rules: { 'folder-boundaries': folderBoundaries } };
