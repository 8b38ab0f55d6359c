import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, createApiClient, type ApiClientOptions } from '../../../src/api/client';
import { fetchUserInfo } from '../../../src/api/user-info';
import { makeUser } from '../../fixtures/factories';

interface Seen {
  url: string;
  method: string;
  headers: Headers;
  body: string | null;
}

/** A fetch that records each request and answers with `respond`. */
function fakeFetch(respond: (seen: Seen) => Response = () => Response.json({ ok: true })) {
  const seen: Seen[] = [];
  const fetch = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const request = { url: input instanceof Request ? input.url : input.toString(), method: init?.method ?? 'GET', headers: new Headers(init?.headers), body: (init?.body as string | undefined) ?? null };
    seen.push(request);
    return Promise.resolve(respond(request));
  });
  return { fetch, seen };
}

function client(overrides: Partial<ApiClientOptions> = {}, respond?: (seen: Seen) => Response) {
  const { fetch, seen } = fakeFetch(respond);
  const api = createApiClient({ baseUrl: '/api', getIdToken: () => 'id-token-1', getCookie: () => 'xsrf-1', fetch, ...overrides });
  return { api, seen, fetch };
}

describe('API client', () => {
  it('sends the held ID token as bearer, and none when signed out', async () => {
    const signedIn = client();
    await signedIn.api.request('GET', 'user-info');
    expect(signedIn.seen[0]?.headers.get('Authorization')).toBe('Bearer id-token-1');
    expect(signedIn.seen[0]?.url).toBe('/api/user-info');

    const signedOut = client({ getIdToken: () => '' });
    await signedOut.api.request('GET', '/user-info');
    expect(signedOut.seen[0]?.headers.has('Authorization')).toBe(false);
  });

  it('echoes the XSRF-TOKEN cookie on non-GET requests to relative URLs only', async () => {
    const { api, seen } = client();
    await api.request('GET', 'accounts');
    await api.request('POST', 'classify', { body: { text: 'hello' } });
    await api.request('PUT', 'accounts/a/teams/b/recordedphoneflows', { body: {} });
    expect(seen.map((request) => request.headers.get('X-XSRF-TOKEN'))).toEqual([null, 'xsrf-1', 'xsrf-1']);

    const absolute = client({ baseUrl: 'https://cannery.example.org/api' });
    await absolute.api.request('POST', 'classify', { body: { text: 'hello' } });
    expect(absolute.seen[0]?.url).toBe('https://cannery.example.org/api/classify');
    expect(absolute.seen[0]?.headers.has('X-XSRF-TOKEN')).toBe(false);

    const noCookie = client({ getCookie: () => null });
    await noCookie.api.request('POST', 'classify', { body: {} });
    expect(noCookie.seen[0]?.headers.has('X-XSRF-TOKEN')).toBe(false);
  });

  it('reads the XSRF cookie from the document by default', async () => {
    document.cookie = 'XSRF-TOKEN=from%20cookie';
    const { fetch, seen } = fakeFetch();
    await createApiClient({ baseUrl: '/api', getIdToken: () => null, fetch }).request('DELETE', 'things/1');
    expect(seen[0]?.headers.get('X-XSRF-TOKEN')).toBe('from cookie');
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  });

  it('sends JSON bodies and query parameters, lists as repeated parameters', async () => {
    const { api, seen } = client();
    await api.request('POST', 'accounts/a1/teams/t1/suggestedautoresponses', { body: { name: 'Refund' }, query: { teams: ['t1', 't2'], num: 5, skip: undefined } });
    expect(seen[0]?.url).toBe('/api/accounts/a1/teams/t1/suggestedautoresponses?teams=t1&teams=t2&num=5');
    expect(seen[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(seen[0]?.body).toBe('{"name":"Refund"}');
  });

  it('validates responses with the schema, and fails clearly on an unexpected shape', async () => {
    const schema = z.object({ count: z.number() });
    expect(await client({}, () => Response.json({ count: 3 })).api.request('GET', 'count', { schema })).toEqual({ count: 3 });
    const failure = client({}, () => Response.json({ count: 'three' })).api.request('GET', 'count', { schema });
    await expect(failure).rejects.toMatchObject({ name: 'ApiError', status: 200, code: 'invalid_response' });
    expect(await client({}, () => new Response(null, { status: 204 })).api.request('PUT', 'sessions')).toBeUndefined();
  });

  it("throws ApiError with the server's code and message", async () => {
    const { api } = client({}, () => Response.json({ error: { code: 'user_not_found', message: 'No Cannery user is linked to this sign-in.' } }, { status: 404 }));
    const error = await api.request('GET', 'user-info').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'user_not_found', message: 'No Cannery user is linked to this sign-in.' });

    const html = client({}, () => new Response('<h1>Bad gateway</h1>', { status: 502, statusText: 'Bad Gateway' }));
    await expect(html.api.request('GET', 'user-info')).rejects.toMatchObject({ status: 502, code: 'http_502' });
  });

  it('reports an unreachable server as status 0', async () => {
    const api = createApiClient({ baseUrl: '/api', getIdToken: () => null, fetch: () => Promise.reject(new TypeError('Failed to fetch')) });
    await expect(api.request('GET', 'user-info')).rejects.toMatchObject({ name: 'ApiError', status: 0, code: 'network_error' });
  });
});

describe('GET /user-info', () => {
  it('returns the user, validated, with a token given before it is published', async () => {
    const user = makeUser({ email: 'clerk@example.gov' });
    const { api, seen } = client({ getIdToken: () => '' }, () => Response.json({ user }));
    expect(await fetchUserInfo(api, { idToken: 'fresh-token' })).toEqual(user);
    expect(seen[0]?.headers.get('Authorization')).toBe('Bearer fresh-token');
  });

  it('refuses a user whose ids are not object ids', async () => {
    const { api } = client({}, () => Response.json({ user: { ...makeUser(), account: 'not-an-id' } }));
    await expect(fetchUserInfo(api)).rejects.toMatchObject({ code: 'invalid_response' });
  });

  it('lets small requests outlive the page when asked, and sends a body over the keepalive cap without it', async () => {
    const { api, fetch } = client();
    await api.request('POST', 'records', { body: { note: 'small' }, keepalive: true });
    await api.request('POST', 'records', { body: { note: 'é'.repeat(20_000) }, keepalive: true });
    await api.request('POST', 'records', { body: { note: 'small' } });
    expect(fetch.mock.calls.map(([, init]) => init?.keepalive ?? false)).toEqual([true, false, false]);
  });
});
