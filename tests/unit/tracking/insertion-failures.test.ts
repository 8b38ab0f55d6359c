import { describe, expect, it, vi } from 'vitest';
import { HostError, type EditorKind, type HostErrorCode } from '../../../hosts/host';
import { EDITOR_KINDS, INSERTION_ERROR_CODES, insertionFailure } from '../../../src/api/contract/insertion-failure';
import { insertionFailureOf, reportFailedInsertion } from '../../../src/tracking/insertion-failures';
import type { ApiClient } from '../../../src/api/client';

/** What the apps tell the server of a block they could not insert: where, in what editor, and the host's code; nothing else. */
describe('a failed insertion, as reported', () => {
  it('names the editor a text field said, else the host\'s own, and the host\'s code', () => {
    expect(insertionFailureOf('text-input', new HostError('insert-failed', 'The editor refused the paste', { editor: 'rich-text' }))).toEqual({ host: 'text-input', editor: 'rich-text', code: 'insert-failed' });
    expect(insertionFailureOf('outlook', new HostError('no-compose', 'No compose'))).toEqual({ host: 'outlook', editor: 'outlook-body', code: 'no-compose' });
    expect(insertionFailureOf('gmail', new TypeError('x is undefined'))).toEqual({ host: 'gmail', editor: 'gmail-compose', code: 'unknown' });
    expect(insertionFailureOf('text-input', new HostError('insert-failed', 'gone'))).toEqual({ host: 'text-input', editor: 'unknown', code: 'insert-failed' });
  });

  it('always passes the server\'s own check, and the lists are the hosts\' kinds and codes', () => {
    expect(insertionFailure.safeParse(insertionFailureOf('somewhere-new', 'not an error')).success).toBe(true);
    // Both ways: every kind the hosts can name is in the list, and the list names nothing else.
    const kinds: readonly EditorKind[] = EDITOR_KINDS;
    const fromHosts: Record<EditorKind, true> = { 'outlook-body': true, 'gmail-compose': true, 'playground-compose': true, textarea: true, input: true, 'rich-text': true, unknown: true };
    expect([...kinds].sort()).toEqual(Object.keys(fromHosts).sort());
    const codes: readonly string[] = INSERTION_ERROR_CODES;
    const hostCodes: HostErrorCode[] = ['no-compose', 'insert-failed', 'read-failed', 'unsupported', 'read-only', 'reply-without-block'];
    for (const code of hostCodes) expect(codes).toContain(code);
  });

  it('posts it to the account\'s path and never fails what the user sees', async () => {
    const request = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(undefined);
    const api = { request } as unknown as ApiClient;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(reportFailedInsertion(api, 'acc1', 'gmail', new HostError('read-only', 'read only'))).resolves.toBeUndefined();
    await reportFailedInsertion(api, 'acc1', 'gmail', new HostError('read-only', 'read only'));
    expect(request).toHaveBeenCalledWith('POST', 'accounts/acc1/insertionfailures', { body: { host: 'gmail', editor: 'gmail-compose', code: 'read-only' } });
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});
