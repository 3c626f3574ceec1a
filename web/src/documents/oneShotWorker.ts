/**
 * One call in a module worker started for it and ended after it (the mass-list Excel files, the
 * variant comparison): resolves to undefined where no worker can start or load, or when the call
 * fails inside it — the caller then runs the same code on the main thread, which reports a real
 * failure (e.g. unreadable data) as it would anyway.
 */
import { wrap, type Remote } from 'comlink';

export async function inOneShotWorker<Api, T>(create: () => Worker | undefined, call: (api: Remote<Api>) => Promise<T>, what: string): Promise<T | undefined> {
  let worker: Worker | undefined;
  try {
    worker = create();
  } catch {
    return undefined;
  }
  if (worker === undefined) return undefined;
  const loadFailed = new Promise<undefined>((resolve) => {
    worker.addEventListener('error', () => resolve(undefined));
  });
  try {
    return await Promise.race([call(wrap<Api>(worker)), loadFailed]);
  } catch (error) {
    console.warn(`rainplan: the ${what} worker failed, making the file on the main thread:`, error);
    return undefined;
  } finally {
    worker.terminate();
  }
}
