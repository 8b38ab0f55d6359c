import { describe, expect, it, vi } from 'vitest';
import { guardConsole, messagesOf } from './support/console';

/** The guard every unit test runs under (setup.ts), here over a console of its own. */
function guarded() {
  const printed = { error: vi.fn(), warn: vi.fn() };
  const target = { error: printed.error as (...args: unknown[]) => void, warn: printed.warn as (...args: unknown[]) => void };
  return { target, printed, guard: guardConsole(target) };
}

describe('the console guard', () => {
  it('fails the test that printed an error or warning it did not expect, quoting it, and still prints it', () => {
    const { target, printed, guard } = guarded();
    target.warn('Loading the blocks failed', new Error('offline'));
    target.error('Boom');
    expect(printed.warn).toHaveBeenCalledWith('Loading the blocks failed', new Error('offline'));
    expect(() => guard.check()).toThrow(/console\.warn: Loading the blocks failed Error: offline[\s\S]*console\.error: Boom/);
    // Reported once: the next test starts clean.
    expect(() => guard.check()).not.toThrow();
  });

  it('lets a test that spies on the console and asserts the message pass, and guards again after it', () => {
    const { target, printed, guard } = guarded();
    const warn = vi.spyOn(target, 'warn').mockImplementation(() => undefined);
    target.warn('Saving the synonyms failed', new Error('403'));
    expect(messagesOf(warn)).toEqual(new Set(['Saving the synonyms failed']));
    expect(() => guard.check()).not.toThrow();
    expect(printed.warn).not.toHaveBeenCalled();
    // The spy was removed by the check: the next test's warning is caught again.
    target.warn('Later');
    expect(() => guard.check()).toThrow('console.warn: Later');
  });
});
