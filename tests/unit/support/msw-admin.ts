/**
 * One MSW server for a test file of the admin app's people pages, serving a fresh
 * `makePeopleServer` per test; Fluent's animations are turned off (happy-dom rejects the promise
 * of an animation Fluent cancels as a dialog closes; without `animate`, Fluent does not animate).
 */
import { afterAll, afterEach, beforeAll } from 'vitest';
import { setupServer } from 'msw/node';
import { makePeopleServer, peopleHandlers, type PeopleServer } from './people-handlers';

export function servePeople(): (overrides?: Partial<PeopleServer>) => PeopleServer {
  const mock = setupServer();
  const prototype = Element.prototype as { animate?: unknown };
  const animate = prototype.animate;
  beforeAll(() => {
    prototype.animate = undefined;
    mock.listen({ onUnhandledRequest: 'error' });
  });
  afterEach(() => mock.resetHandlers());
  afterAll(() => {
    prototype.animate = animate;
    mock.close();
  });
  return (overrides = {}) => {
    const server = makePeopleServer(overrides);
    mock.use(...peopleHandlers(server));
    return server;
  };
}
