/**
 * Office.js sets `history.pushState` and `history.replaceState` to null when it loads (a leftover
 * from Internet Explorer support, documented by Microsoft). The app's hash router replaces history
 * entries on redirects, so the task pane puts the browser's own methods back once Office is ready.
 */
export function restoreHistoryApi(history: History = globalThis.history): void {
  const methods = ['pushState', 'replaceState'] as const;
  for (const name of methods) {
    if (typeof history[name] === 'function') continue;
    // Office.js assigns an own property that shadows History.prototype; removing it restores the method.
    delete (history as Partial<Pick<History, typeof name>>)[name];
    const original = typeof History === 'undefined' ? undefined : Object.getOwnPropertyDescriptor(History.prototype, name);
    if (typeof history[name] !== 'function' && original) Object.defineProperty(history, name, original);
  }
}
