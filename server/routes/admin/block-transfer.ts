/**
 * A team's blocks as a file, under `/api/admin/accounts/{accountId}/teams/{teamId}/blocks`:
 * `GET .../export?format=json|csv` downloads the live blocks, `POST .../import` (JSON or CSV,
 * `?dryRun=true` to check only) creates and changes blocks from one (server/library/block-transfer.ts).
 * An import with any bad row writes nothing and answers 422 with the report and the API's error.
 * Mounted before the block routes, whose `blocks/{blockId}` would otherwise take `export`.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { z } from 'zod';
import {
  BLOCK_TRANSFER_LIMITS,
  blockExportFile,
  blockExportQuery,
  blockImportQuery,
  blockImportRefusal,
  blockImportReport,
  describeImportError,
  importedBlock,
  type BlockExportFormat,
} from '../../../src/api/contract/admin-transfer';
import { blocksCsv, parseBlocksCsv } from '../../library/block-csv';
import { exportTeamBlocks, importBlocks, importRowsOfJson, type ImportRow } from '../../library/block-transfer';
import { fileSlug } from '../../library/usage';
import { ApiProblem } from '../../errors';
import { contract } from '../contract';
import { actorOf, type AdminContext } from './route-helpers';

const BLOCKS = '/accounts/:accountId/teams/:teamId/blocks';

const FILE_MB = BLOCK_TRANSFER_LIMITS.fileBytes / 1024 / 1024;

const CONTENT_TYPES: Record<BlockExportFormat, string> = { json: 'application/json; charset=utf-8', csv: 'text/csv; charset=utf-8' };

/** The format of the body by its Content-Type; 415 for any other. */
function formatOf(contentType: string | undefined): BlockExportFormat {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'application/json') return 'json';
  if (type === 'text/csv') return 'csv';
  throw new ApiProblem(415, 'unsupported_media_type', 'Send the file as application/json (a Cannery blocks export or a list of blocks) or text/csv.');
}

/** The body as UTF-8 text; 400 for bytes that are not (a spreadsheet's CSV in a legacy encoding). */
async function textOf(c: AdminContext): Promise<string> {
  const bytes = await c.req.arrayBuffer();
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ApiProblem(400, 'invalid_encoding', 'The file is not UTF-8 text. In a spreadsheet, save it as "CSV UTF-8".');
  }
}

async function rowsOf(c: AdminContext): Promise<ImportRow[]> {
  const format = formatOf(c.req.header('Content-Type'));
  const text = await textOf(c);
  return format === 'json' ? importRowsOfJson(text) : parseBlocksCsv(text);
}

export function adminBlockTransferRoutes() {
  const routes = new Hono<AppEnv>();

  const exported = contract({
    summary: "The team's live blocks, ordered by name, as a file: JSON (format=json, the default) or CSV (format=csv)",
    admin: true,
    query: blockExportQuery,
    responses: {
      '200': {
        description: 'The file, as an attachment; CSV is RFC 4180, UTF-8 with a byte order mark, a record per block and one more per variant (its language in the language column), lists one item per line',
        headers: { 'Content-Disposition': { schema: { type: 'string', example: 'attachment; filename="elections-blocks-2026-11-23.csv"' } } },
        content: { 'application/json': blockExportFile, 'text/csv': 'text' },
      },
    },
  });
  routes.get(`${BLOCKS}/export`, exported, async (c) => {
    const { format } = exported.query(c);
    const file = await exportTeamBlocks(c.var.services.database.db, actorOf(c));
    const filename = `${fileSlug(file.team.name)}-blocks-${file.exportedAt.slice(0, 10)}.${format}`;
    const body = format === 'csv' ? blocksCsv(file.blocks) : `${JSON.stringify(file, null, 2)}\n`;
    return c.body(body, 200, {
      'Content-Type': CONTENT_TYPES[format],
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    });
  });

  const imported = contract({
    summary: `Create and change the team's blocks from a file (at most ${BLOCK_TRANSFER_LIMITS.rows.toLocaleString('en-US')} blocks and ${FILE_MB} MB): a block changes the live block with its _id, else the one with its name, else is created; one already as the file has it is left alone. dryRun=true writes nothing`,
    admin: true,
    query: blockImportQuery,
    file: { 'application/json': z.union([blockExportFile, z.array(importedBlock)]), 'text/csv': 'text' },
    response: blockImportReport,
    responses: {
      '413': { description: `The file is larger than ${FILE_MB} MB` },
      '415': { description: 'The body is neither application/json nor text/csv' },
      '422': { description: 'Some rows cannot be imported: nothing was written; every error by row and field', schema: blockImportRefusal },
    },
  });
  routes.post(`${BLOCKS}/import`, imported, async (c) => {
    const query = imported.query(c);
    const rows = await rowsOf(c);
    const report = await importBlocks(c.var.services.database.db, actorOf(c), rows, { dryRun: query.dryRun ?? false });
    c.header('Cache-Control', 'private, no-store');
    if (report.errorCount === 0) return c.json(report);
    const first = report.errors.slice(0, 5).map(describeImportError).join('; ');
    const message = `Nothing was imported: the file has ${report.errorCount === 1 ? '1 error' : `${report.errorCount} errors`}. ${first}`;
    return c.json({ error: { code: 'invalid_rows', message }, ...report }, 422);
  });

  return routes;
}
