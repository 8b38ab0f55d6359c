/**
 * Validates a unified manifest for Microsoft 365 (manifest.json) against Microsoft's published JSON
 * schema, offline: the schema is vendored in `manifest-office/schemas/` (see the NOTICE there) and
 * checked with Ajv's draft-04 class, the draft it declares. Problems carry the JSON pointer of the
 * offending value. Used by `npm run validate:manifest`, `npm run manifest` and their tests.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { UNIFIED_MANIFEST_VERSION } from './manifest-source';

export const UNIFIED_SCHEMA_FILE = join(import.meta.dirname, '..', 'manifest-office', 'schemas', `MicrosoftTeams.schema.v${UNIFIED_MANIFEST_VERSION}.json`);

export interface UnifiedManifestProblem {
  /** JSON pointer of the value, e.g. `/extensions/0/runtimes/0/code/page`; empty for the root. */
  path: string;
  message: string;
}

let compiled: ValidateFunction | undefined;

function validator(): ValidateFunction {
  if (compiled) return compiled;
  // The schema uses keywords Ajv's strict mode flags (descriptions beside $ref, unknown formats);
  // strict mode checks schemas being written, not Microsoft's.
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  compiled = ajv.compile(JSON.parse(readFileSync(UNIFIED_SCHEMA_FILE, 'utf8')) as object);
  return compiled;
}

function describe(error: ErrorObject): string {
  const extra =
    error.keyword === 'additionalProperties'
      ? ` (${String((error.params as { additionalProperty?: unknown }).additionalProperty)})`
      : error.keyword === 'enum'
        ? ` (${((error.params as { allowedValues?: unknown[] }).allowedValues ?? []).map(String).join(', ')})`
        : '';
  return `${error.message ?? error.keyword}${extra}`;
}

/** Validates a parsed manifest; `valid` with no problems, or every problem Ajv found. */
export function validateUnifiedManifest(manifest: unknown): { valid: boolean; problems: UnifiedManifestProblem[] } {
  const validate = validator();
  if (validate(manifest)) return { valid: true, problems: [] };
  return { valid: false, problems: (validate.errors ?? []).map((error) => ({ path: error.instancePath, message: describe(error) })) };
}
