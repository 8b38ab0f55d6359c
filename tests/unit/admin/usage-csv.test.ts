// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { downloadUsageCsv } from '../../../src/admin/api/usage';
import { filenameFromContentDisposition } from '../../../src/admin/api/csv-file';
import { ApiError } from '../../../src/api/client';

const team = { accountId: 'acc 1', teamId: 'team/2' };

describe('the usage file name', () => {
  it('is read from Content-Disposition', () => {
    expect(filenameFromContentDisposition('attachment; filename="elections-usage-2026-10-25-2026-11-23.csv"', 'x.csv')).toBe(
      'elections-usage-2026-10-25-2026-11-23.csv',
    );
    expect(filenameFromContentDisposition('attachment; filename=usage.csv', 'x.csv')).toBe('usage.csv');
    expect(filenameFromContentDisposition('attachment; filename="say \\"hi\\".csv"', 'x.csv')).toBe('say "hi".csv');
  });

  it('prefers the encoded name', () => {
    expect(filenameFromContentDisposition(`attachment; filename="fallback.csv"; filename*=UTF-8''%C3%A9lections-usage.csv`, 'x.csv')).toBe('élections-usage.csv');
  });

  it('keeps no folders or control characters, and falls back when there is no name', () => {
    expect(filenameFromContentDisposition('attachment; filename="../../etc/passwd"', 'x.csv')).toBe('passwd');
    expect(filenameFromContentDisposition('attachment; filename="a\u0007b.csv"', 'x.csv')).toBe('ab.csv');
    expect(filenameFromContentDisposition('attachment; filename=".."', 'x.csv')).toBe('x.csv');
    expect(filenameFromContentDisposition('attachment', 'x.csv')).toBe('x.csv');
    expect(filenameFromContentDisposition(null, 'x.csv')).toBe('x.csv');
  });
});

describe('downloading the usage file', () => {
  it('sends the bearer the API client sends, and reads the name and the truncation mark', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(() =>
      Promise.resolve(
        new Response('\uFEFF"time","blockId"\r\n', {
          headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="elections-usage.csv"', 'X-Usage-Truncated': 'true' },
        }),
      ),
    );
    const file = await downloadUsageCsv({ baseUrl: '/api/' }, () => 'token-1', team, { from: '2026-11-01', to: '2026-11-23' }, { fetch });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/admin/accounts/acc%201/teams/team%2F2/usage.csv?from=2026-11-01&to=2026-11-23');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer token-1');
    expect(init?.method).toBe('GET');
    expect(file.filename).toBe('elections-usage.csv');
    expect(file.truncated).toBe(true);
    expect(await file.blob.text()).toContain('"time","blockId"');
  });

  it('sends no bearer when none is held, and names the file after the period without a header', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(() => Promise.resolve(new Response('x')));
    const file = await downloadUsageCsv({ baseUrl: '/api' }, () => '', team, { from: '2026-11-01', to: '2026-11-02' }, { fetch });
    expect(new Headers(fetch.mock.calls[0]![1]?.headers).has('Authorization')).toBe(false);
    expect(file).toMatchObject({ filename: 'usage-2026-11-01-2026-11-02.csv', truncated: false });
  });

  it('fails with the server error as the API client does', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(() =>
      Promise.resolve(Response.json({ error: { code: 'forbidden', message: 'Not an admin of this team' } }, { status: 403 })),
    );
    const failure = await downloadUsageCsv({ baseUrl: '/api' }, () => 't', team, { from: '2026-11-01', to: '2026-11-02' }, { fetch }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 403, code: 'forbidden' });

    const offline = vi.fn<typeof globalThis.fetch>(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(downloadUsageCsv({ baseUrl: '/api' }, () => 't', team, { from: '2026-11-01', to: '2026-11-02' }, { fetch: offline })).rejects.toMatchObject({
      status: 0,
      code: 'network_error',
    });
  });
});
