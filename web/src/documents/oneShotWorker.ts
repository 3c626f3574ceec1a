/**
 * One call in a module worker started for it and ended after it (the mass-list Excel files, the
 * variant comparison), through the app's one worker lifecycle ({@link WorkerBridge}, idle 0):
 * resolves to undefined where no worker can start or load, or when the call fails inside it — the
 * caller then runs the same code on the main thread, which reports a real failure (e.g. unreadable
 * data) as it would anyway. `signal` cancels the call (AbortError) and ends its worker.
 */
import type { Remote } from 'comlink';
import { startWith, WorkerBridge } from '../workers/WorkerBridge.ts';

export function inOneShotWorker<Api, T>(create: () => Worker | undefined, call: (api: Remote<Api>) => Promise<T>, what: string, signal?: AbortSignal): Promise<T | undefined> {
  return new WorkerBridge<Api>({ name: what, create: startWith(create) }).call(call, { fallbackOnError: true, signal });
}
