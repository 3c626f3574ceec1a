/**
 * Runs `massListFile` (the Excel files; PDFs run in the documents worker of report.ts, decision
 * 0155) in a module worker started for the call and ended after it, so a long list never blocks the page; where no worker can start or load, the
 * caller runs the same code on the main thread. A failure inside the worker also falls back (the
 * main thread then reports a real failure, e.g. unreadable data, as it would anyway).
 */
import type { DocumentFile, MassListFileRequest } from './massListFiles.ts';
import type { MassListWorkerApi } from './massList.worker.ts';
import { inOneShotWorker } from './oneShotWorker.ts';

function defaultWorker(): Worker | undefined {
  if (typeof Worker === 'undefined') return undefined;
  return new Worker(new URL('./massList.worker.ts', import.meta.url), { type: 'module', name: 'rainplan-masslist' });
}

/** The file made in a worker; undefined when no worker could start or load. */
export function massListFileInWorker(request: MassListFileRequest, create: () => Worker | undefined = defaultWorker): Promise<DocumentFile | undefined> {
  return inOneShotWorker<MassListWorkerApi, DocumentFile>(create, (api) => api.massListFile(request), 'mass list');
}
