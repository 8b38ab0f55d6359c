// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { warnLoadFailed } from '../../../src/api/load-failure';

afterEach(() => vi.restoreAllMocks());

describe('logging failed loads', () => {
  it('says nothing of a load cancelled because the picker or pane closed, and logs a real failure', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const closed = new AbortController();
    closed.abort();
    warnLoadFailed('Loading the account', closed.signal.reason, closed.signal);
    warnLoadFailed('Loading the teams', new DOMException('signal is aborted without reason', 'AbortError'));
    warnLoadFailed('Loading the blocks', new Error('The user aborted a request.'), closed.signal);
    expect(warn).not.toHaveBeenCalled();

    const failure = new Error('502 Bad Gateway');
    warnLoadFailed('Loading the account', failure, new AbortController().signal);
    expect(warn).toHaveBeenCalledExactlyOnceWith('Loading the account failed', failure);
  });
});
