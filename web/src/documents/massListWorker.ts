/**
 * Runs `massListFile` (the Excel files; PDFs run in the documents worker of report.ts, decision
 * 0155) in a module worker started for the call and ended after it, so a long list never blocks the page; where no worker can start or load, the
 * caller runs the same code on the main thread. A failure inside the worker also falls back (the
 * main thread then reports a real failure, e.g. unreadable data, as it would anyway).
 */
import { wrap, type Remote } from 'comlink';
import type { DocumentFile, MassListFileRequest } from './massListFiles.ts';
import type { MassListWorkerApi } from './massList.worker.ts';

function defaultWorker(): Worker | undefined {
  if (typeof Worker === 'undefined') return undefined;
  return new Worker(new URL('./massList.worker.ts', import.meta.url), { type: 'module', name: 'rainplan-masslist' });
}

/** The file made in a worker; undefined when no worker could start or load. */
export async function massListFileInWorker(request: MassListFileRequest, create: () => Worker | undefined = defaultWorker): Promise<DocumentFile | undefined> {
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
    const api: Remote<MassListWorkerApi> = wrap<MassListWorkerApi>(worker);
    return await Promise.race([api.massListFile(request), loadFailed]);
  } catch (error) {
    // Whatever failed in the worker runs again on the main thread, which reports a real failure.
    console.warn('rainplan: the mass list worker failed, making the file on the main thread:', error);
    return undefined;
  } finally {
    worker.terminate();
  }
}
