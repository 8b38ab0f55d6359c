import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AdminBlock } from '../../src/api/contract/admin';
import type { Database } from '../../server/db/database';
import { BodyCache } from '../../server/http/body-cache';
import { loadConfig, parseApiBase } from '../../server/config';
import { makeTestApp } from './support/app';
import { adminBlockBody } from './support/bodies';
import { freshWorld, type World } from './support/world';

/**
 * ETags as real clients use them: through a real HTTP server, where answers over 1 KB are
 * compressed and their ETag weakened; across instances on one database; and the body cache's
 * byte budget.
 */
let world: World;
let database: Database;
let servers: ServerType[] = [];
beforeEach(async () => {
  ({ world, database } = await freshWorld());
});
afterEach(async () => {
  await Promise.all(servers.map((server) => new Promise((done) => server.close(done))));
  servers = [];
});

/** The app on a loopback port, as @hono/node-server serves it in production. */
async function listen(app: { fetch: (request: Request, env: unknown) => Response | Promise<Response> }): Promise<string> {
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  servers.push(server);
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
}

/** Long enough that the answer passes the compressor's 1 KB threshold. */
const LONG_BODY = `<p>${'Drop boxes are open until 8 p.m. on Election Day. '.repeat(60)}</p>`;

describe('If-Match with the ETag a compressed answer carried', () => {
  it('saves a block with the tag a gzip GET returned, and still refuses a stale one', async () => {
    const api = await listen(world.app);
    const token = await world.microsoft.idToken('ms-ada');
    const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'Accept-Encoding': 'gzip' };
    const base = `${api}/admin/accounts/${world.accountA.id}/teams/${world.elections.id}/blocks`;
    const created = await fetch(base, { method: 'POST', headers, body: JSON.stringify(adminBlockBody({ body: LONG_BODY })) });
    expect(created.status).toBe(201);
    const block = (await created.json()) as AdminBlock;

    const read = await fetch(`${base}/${block._id}`, { headers });
    expect(read.status).toBe(200);
    expect(read.headers.get('Content-Encoding')).toBe('gzip');
    const etag = read.headers.get('ETag')!;
    expect(etag).toBe('W/"1"');
    expect(((await read.json()) as AdminBlock).body).toBe(LONG_BODY);

    const saved = await fetch(`${base}/${block._id}`, {
      method: 'PUT',
      headers: { ...headers, 'If-Match': etag },
      body: JSON.stringify(adminBlockBody({ body: LONG_BODY, name: 'Saved with the echoed tag' })),
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(saved.headers.get('ETag')).toBe('W/"2"');
    expect(((await saved.json()) as AdminBlock).name).toBe('Saved with the echoed tag');

    // The same weak tag, now stale, is refused like a strong one.
    const stale = await fetch(`${base}/${block._id}`, { method: 'PUT', headers: { ...headers, 'If-Match': etag }, body: JSON.stringify(adminBlockBody()) });
    expect(stale.status).toBe(412);
    await stale.arrayBuffer();
  });
});

describe('hostile If-Match headers', () => {
  it('refuses a malformed header with 400 and a tag that names no current version with 412, never a 5xx', async () => {
    const created = await world.call(world.ada, `/admin/accounts/${world.accountA.id}/teams/${world.elections.id}/blocks`, {
      method: 'POST',
      body: JSON.stringify(adminBlockBody()),
    });
    const block = (await created.json()) as AdminBlock;
    const put = (tag: string) =>
      world.call(world.ada, `/admin/accounts/${world.accountA.id}/teams/${world.elections.id}/blocks/${block._id}`, {
        method: 'PUT',
        headers: { 'If-Match': tag },
        body: JSON.stringify(adminBlockBody()),
      });
    for (const tag of ['W/1', 'W/W/"1"', 'w/"1"', '"1', `W/"${'1'.repeat(5000)}`]) {
      expect((await put(tag)).status, tag).toBe(400);
    }
    for (const tag of ['W/"99999999999"', 'W/"-1"', 'W/"0x1"', 'W/"1.0"', 'W/""', `W/"${'9'.repeat(5000)}"`]) {
      expect((await put(tag)).status, tag).toBe(412);
    }
    expect((await put('W/"7", W/"1"')).status).toBe(200);
  });
});

describe('If-None-Match across instances', () => {
  it('answers 304 on a second instance for the ETag the first gave, weak or strong, and 200 after a change', async () => {
    const second = makeTestApp(database, { issuers: [world.cognito.trusted, world.microsoft.trusted] });
    const token = await world.cognito.idToken(world.alice.cognitoSub!);
    const path = `/api/accounts/${world.accountA.id}/autoresponses?teams=${world.elections.id}`;
    const first = await world.app.request(path, { headers: { Authorization: `Bearer ${token}` } });
    expect(first.status).toBe(200);
    const etag = first.headers.get('ETag')!;
    for (const tag of [etag, `W/${etag}`]) {
      const again = await second.request(path, { headers: { Authorization: `Bearer ${token}`, 'If-None-Match': tag } });
      expect(again.status).toBe(304);
    }
    // A change on the first instance moves the version the second one reads.
    const saved = await world.call(world.ada, `/admin/accounts/${world.accountA.id}/teams/${world.elections.id}/blocks`, {
      method: 'POST',
      body: JSON.stringify(adminBlockBody()),
    });
    expect(saved.status).toBe(201);
    const changed = await second.request(path, { headers: { Authorization: `Bearer ${token}`, 'If-None-Match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('ETag')).not.toBe(etag);
  });
});

describe('the ETag body cache', () => {
  it('is bounded by bytes: the least recently used bodies go first', () => {
    const cache = new BodyCache(1000);
    for (const tag of ['a', 'b', 'c', 'd']) cache.set(tag, tag.repeat(200));
    expect(cache.bytes).toBe(800);
    expect(cache.get('a')).toBe('a'.repeat(200));
    cache.set('e', 'e'.repeat(250));
    // 800 + 250 passes 1000: "b", the least recently used, goes; "a" was just read and stays.
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.bytes).toBe(850);
    expect(cache.bytes).toBeLessThanOrEqual(cache.maxBytes);
  });

  it('counts UTF-8 bytes, keeps no body over a quarter of the budget, and a budget of 0 keeps nothing', () => {
    const cache = new BodyCache(1000);
    cache.set('wide', 'é'.repeat(100));
    expect(cache.bytes).toBe(200);
    cache.set('huge', 'x'.repeat(251));
    expect(cache.get('huge')).toBeUndefined();
    cache.set('wide', 'é'.repeat(10));
    expect(cache.bytes).toBe(20);
    const none = new BodyCache(0);
    none.set('a', 'a');
    expect(none.size).toBe(0);
  });

  it('serves a list from the cache of the app that built it', async () => {
    const bodyCache = new BodyCache(1024 * 1024);
    const app = makeTestApp(database, { issuers: [world.cognito.trusted], bodyCache });
    const token = await world.cognito.idToken(world.alice.cognitoSub!);
    const path = `/api/accounts/${world.accountA.id}/autoresponses?teams=${world.elections.id}`;
    const first = await app.request(path, { headers: { Authorization: `Bearer ${token}` } });
    const text = await first.text();
    expect(bodyCache.size).toBe(1);
    expect(bodyCache.bytes).toBe(Buffer.byteLength(text));
  });
});

describe('the settings', () => {
  it('reads CANNERY_ETAG_CACHE_MB as megabytes, 64 when unset, and refuses anything else', () => {
    expect(loadConfig({}).bodyCacheBytes).toBe(64 * 1024 * 1024);
    expect(loadConfig({ CANNERY_ETAG_CACHE_MB: '8' }).bodyCacheBytes).toBe(8 * 1024 * 1024);
    expect(loadConfig({ CANNERY_ETAG_CACHE_MB: '0' }).bodyCacheBytes).toBe(0);
    for (const value of ['-1', '1.5', '1e3', 'lots', '4097', '0x10', '9'.repeat(400), '8\u0000']) {
      expect(() => loadConfig({ CANNERY_ETAG_CACHE_MB: value })).toThrow(/^CANNERY_ETAG_CACHE_MB must be a whole number of megabytes from 0 to 4096, got "/);
    }
  });

  it('reads CANNERY_API_BASE as an http(s) URL or a path, and refuses anything else', () => {
    expect(parseApiBase(undefined)).toBeUndefined();
    expect(parseApiBase('')).toBeUndefined();
    expect(parseApiBase('https://cdn.example.org/api/')).toBe('https://cdn.example.org/api');
    expect(parseApiBase('/cannery/api')).toBe('/cannery/api');
    for (const value of [
      'ftp://example.org/api',
      'javascript:alert(1)',
      '//evil.example/api',
      'https://user:pw@example.org/api',
      'https://example.org/api?x=1',
      '/api#x',
      'api',
      '/api\r\nX-Evil: 1',
      '/a pi',
      `/${'a'.repeat(3000)}`,
    ]) {
      expect(() => parseApiBase(value), value).toThrow(/^CANNERY_API_BASE must be an http\(s\) URL/);
    }
  });
});
