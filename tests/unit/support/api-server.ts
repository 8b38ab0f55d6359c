/**
 * One request-handler server (MSW) for component and unit tests that talk to the Cannery API: the
 * app's real API client sends real requests through the global `fetch`, and handlers shaped like
 * the server's routes (`api-handlers.ts`) answer them from the data the test serves. Importing this
 * file starts the server for the test file; what a test adds with `server.use(...)`, the data it
 * serves and the log of what the app sent (`recordRequests`) end with the test. A request no
 * route of the contract has fails the test that made it, naming its method and URL.
 */
import { afterAll, afterEach, beforeAll } from 'vitest';
import { setupServer } from 'msw/node';
import { canneryHandlers, checkUnmodelledRequests, contractDefaults, stopServingApiData, unmodelledRequest } from './api-handlers';

export const server = setupServer(...canneryHandlers(), contractDefaults, unmodelledRequest);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  server.events.removeAllListeners();
  stopServingApiData();
  checkUnmodelledRequests();
});
afterAll(() => server.close());

/** A request the app sent: the path and query on the page's origin (the full URL elsewhere), its headers and body. */
export interface SeenRequest {
  method: string;
  url: string;
  headers: Headers;
  /** The body as sent ('' for none); read as soon as the request starts, so it is there by the time the app has the answer. */
  body: string;
}

/** Starts logging what the app sends, whichever handler answers it; the log ends with the test. */
export function recordRequests(): SeenRequest[] {
  const seen: SeenRequest[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    const entry: SeenRequest = { method: request.method, url: url.origin === location.origin ? url.pathname + url.search : request.url, headers: request.headers, body: '' };
    seen.push(entry);
    void request
      .clone()
      .text()
      .then((text) => (entry.body = text));
  });
  return seen;
}
