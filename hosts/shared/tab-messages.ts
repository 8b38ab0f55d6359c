import { browser } from 'wxt/browser';

/**
 * Sends a message of a `@webext-core/messaging` channel to one frame of a tab, in that library's
 * envelope (`{ id, type, data, timestamp }`, answered with `{ res }` or `{ err }`), through the
 * promise-based `tabs.sendMessage`. The library's own tab path passes Chrome a callback that never
 * reads `runtime.lastError`, so every message to a tab without Cannery's script (a side panel next
 * to a page that is not Gmail) logged "Unchecked runtime.lastError: Could not establish
 * connection" twice a second. Here the same failure is a rejected promise and nothing is logged.
 */
export type TabTarget = { tabId: number; frameId?: number };

let sequence = Math.floor(Math.random() * 1e6);

export async function sendToTab(type: string, data: unknown, target: TabTarget): Promise<unknown> {
  const envelope = { id: sequence++, type, data, timestamp: Date.now() };
  const answer: unknown = await browser.tabs.sendMessage(target.tabId, envelope, target.frameId == null ? undefined : { frameId: target.frameId });
  if (typeof answer !== 'object' || answer === null) throw new Error('No response');
  const { res, err } = answer as { res?: unknown; err?: { message?: unknown } | null };
  if (err != null) throw new Error(typeof err.message === 'string' ? err.message : 'The page refused the message.');
  return res;
}

/**
 * `messenger.sendMessage` for messages to tabs, quiet where no script listens; messages without a
 * tab (to the background) go through the library as before.
 */
export function quietToTabs<M extends { sendMessage: (...args: never[]) => unknown }>(messenger: M): Pick<M, 'sendMessage'> {
  const send = (type: string, data: unknown, target?: TabTarget | number): unknown => {
    if (target == null) return (messenger.sendMessage as unknown as (type: string, data: unknown) => unknown)(type, data);
    return sendToTab(type, data, typeof target === 'number' ? { tabId: target } : target);
  };
  return { sendMessage: send };
}
