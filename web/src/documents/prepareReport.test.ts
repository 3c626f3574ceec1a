/**
 * DocumentsStore.prepareReport (decision 0228): the documents page has the worker make the
 * project's report ahead with the inputs a download sends, silently; without them (a failed call)
 * or with unsaved changes it only prepares the worker.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fixtureProject } from '../projectFile/testing.ts';
import { signedIn, testStore } from '../test/render.tsx';
import { documentsStore } from './DocumentsStore.ts';

const prepared = vi.hoisted(() => [] as unknown[]);
vi.mock('./report.ts', () => ({
  prepareReportPdf: (report?: unknown) => {
    prepared.push(report);
    return Promise.resolve();
  },
}));

const file = fixtureProject('minimal');

afterEach(() => {
  prepared.length = 0;
});

describe('DocumentsStore.prepareReport', () => {
  it("prepares the worker, then has it make the project's report with the download's inputs", async () => {
    const store = testStore({ ...signedIn(), 'GET /api/Documents/p1/projectFile': { body: file }, 'GET /api/BoxConfigurator/itemTypes': { body: [] } });
    await store.session.ensureLoaded();
    await documentsStore(store).prepareReport('p1');
    expect(prepared).toHaveLength(2);
    expect(prepared[0]).toBeUndefined();
    const report = prepared[1] as { project: { project: { name: string } }; language: string; options: { planner?: string; itemTypes: unknown[]; branding: unknown } };
    expect(report.project.project.name).toBe(file.project.name);
    expect(report.language).toBe('de');
    // no bill (the mass-list call failed): the report says so, as a download without it does
    expect(report.options).toMatchObject({ planner: 'Erika Muster', itemTypes: [], branding: null, bill: null });
    expect(store.notifications.notices).toHaveLength(0);
  });

  it('only prepares the worker when the project file cannot be loaded, and shows no notice', async () => {
    const store = testStore({ ...signedIn(), 'GET /api/Documents/p1/projectFile': { status: 503, body: { type: 'ERROR', code: 1, message: 'down' } } });
    await store.session.ensureLoaded();
    await documentsStore(store).prepareReport('p1');
    expect(prepared).toEqual([undefined]);
    expect(store.notifications.notices).toHaveLength(0);
  });
});
