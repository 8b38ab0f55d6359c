import { HostError, type HostErrorCode } from '../host';

/** The part of `Office.AsyncResult` this host reads; real results carry more. */
export interface AsyncResultLike<T> {
  status: Office.AsyncResultStatus | string;
  value: T;
  error?: { code?: number; name?: string; message?: string } | null;
}

/**
 * Runs one Office.js `*Async` call as a promise that rejects with `HostError(code)`.
 *
 * Office.js reports failure through the result object, and some clients also throw synchronously
 * on bad arguments; both become a rejection here, so no caller ever throws inside a callback.
 * Status is compared with the host's own `AsyncResultStatus` because the typings declare it as a
 * numeric enum while Office.js uses the strings `'succeeded'`/`'failed'` at run time.
 */
export function officeAsync<T>(
  office: typeof Office,
  code: HostErrorCode,
  what: string,
  invoke: (callback: (result: AsyncResultLike<T>) => void) => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    try {
      invoke((result) => {
        if (result.status === office.AsyncResultStatus.Failed) {
          reject(new HostError(code, describeFailure(what, result.error), { cause: result.error }));
        } else {
          resolve(result.value);
        }
      });
    } catch (error) {
      reject(new HostError(code, `${what} failed: ${messageOf(error)}`, { cause: error }));
    }
  });
}

/** Calls a synchronous Office.js method, turning a throw into `HostError(code)`. */
export function officeSync<T>(code: HostErrorCode, what: string, invoke: () => T): T {
  try {
    return invoke();
  } catch (error) {
    throw new HostError(code, `${what} failed: ${messageOf(error)}`, { cause: error });
  }
}

function describeFailure(what: string, error: AsyncResultLike<unknown>['error']): string {
  if (!error) return `${what} failed`;
  const code = error.code === undefined ? '' : ` (${error.code})`;
  return `${what} failed${code}: ${error.message ?? error.name ?? 'unknown error'}`;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
