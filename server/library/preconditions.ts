/**
 * Saves never overwrite a change the admin has not seen. A block's or checklist's ETag is its
 * version, quoted (`"7"`); every change to an existing one must send it back as `If-Match`. Without
 * one the answer is 428; when the record has moved on since it was opened, 412, with the current
 * ETag, so the admin app can say that someone else changed it and offer to reload it.
 *
 * The tag names the record's version, not the bytes of one representation: the API compresses
 * answers over 1 KB and the compressor weakens their ETag (`W/"7"`), so a client that echoes what
 * it received sends a weak tag. Both name version 7 and both are accepted; the version is what the
 * save is checked against.
 */
import { ApiProblem } from '../errors';

/** What an admin changes under a version check. */
export type VersionedRecord = 'block' | 'checklist';

/** The ETag of a record at `version`. */
export const versionEtag = (version: number): string => `"${version}"`;

const TAG = /^(W\/)?"([^"]*)"$/;

/** The versions `If-Match` names (`"3"` or `W/"3"`, the same version), or 428 without one. */
export function ifMatchVersions(header: string | undefined, record: VersionedRecord = 'block'): number[] {
  if (header === undefined || header.trim() === '' || header.trim() === '*') {
    throw new ApiProblem(
      428,
      'precondition_required',
      `Send If-Match with the ETag of the ${record} as you opened it, such as "3", so a save never overwrites a change you have not seen.`,
    );
  }
  const versions: number[] = [];
  for (const part of header.split(',')) {
    const match = TAG.exec(part.trim());
    if (!match) throw new ApiProblem(400, 'invalid_request', 'If-Match must hold entity tags, such as "3".');
    if (/^\d{1,9}$/.test(match[2]!)) versions.push(Number(match[2]));
  }
  return versions;
}

/** 412 unless `current` is one of the versions the admin opened. */
export function assertVersion(current: number, opened: readonly number[], record: VersionedRecord = 'block'): void {
  if (opened.includes(current)) return;
  throw new ApiProblem(
    412,
    `${record}_changed`,
    `This ${record} was changed by someone else since you opened it (it is now at version ${current}). Reload it to see their changes, then make yours again.`,
    { ETag: versionEtag(current) },
  );
}
