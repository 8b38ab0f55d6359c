import { format } from 'node:util';
import { vi, type MockInstance } from 'vitest';

/** The messages a console spy was called with (each call's first argument, before its error), once each. */
export function messagesOf(spy: MockInstance<(...args: never[]) => void>): Set<unknown> {
  return new Set(spy.mock.calls.map((call: unknown[]) => call[0]));
}

type Printer = Pick<Console, 'error' | 'warn'>;

/**
 * Guards `target`'s error and warn: what reaches them is still printed and is remembered until
 * `check`, which throws quoting it. A test that expects a message spies on the console itself
 * (`vi.spyOn(console, 'warn').mockImplementation(() => undefined)`), so the guard never sees it,
 * and asserts it (`messagesOf`). `check` also restores a spy the test left in the guard's place.
 */
export function guardConsole(target: Printer = console): { check: () => void } {
  const unexpected: string[] = [];
  const guards = new Map<keyof Printer, (...args: unknown[]) => void>();
  for (const level of ['error', 'warn'] as const) {
    const print = target[level].bind(target);
    const guard = (...args: unknown[]) => {
      unexpected.push(`console.${level}: ${format(...args).slice(0, 400)}`);
      print(...args);
    };
    guards.set(level, guard);
    target[level] = guard;
  }
  return {
    check() {
      for (const [level, guard] of guards) {
        const current: unknown = Reflect.get(target, level);
        if (current !== guard && vi.isMockFunction(current)) current.mockRestore();
        target[level] = guard;
      }
      const said = unexpected.splice(0);
      if (said.length) throw new Error(`The test printed what it did not expect; spy on the console and assert the message if it should:\n${said.join('\n')}`);
    },
  };
}
