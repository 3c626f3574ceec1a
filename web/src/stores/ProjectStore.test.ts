import { describe, expect, it, vi } from 'vitest';
import { signedIn, testStore } from '../test/render.tsx';
import type { Raindata } from '../api/index.ts';
import { mayDeleteProject } from './ProjectsStore.ts';

const PROJECT = {
  id: 'p1', name: 'Neubau', comment: null, location: { latitude: 48.1, longitude: 11.5, address: 'Marienplatz 1' }, airPollution: 'L2',
  clientData: null, usesCustomRaindata: false, ruleEdition: 'DWA-A 138-1:2024', state: 'CLOSED',
};
const RAIN: Raindata = { kostraCell: null, source: { edition: 'custom' }, raindataSeries: [{ annuality: 1, valuesForDurations: [{ duration: 5, value: 200 }] }] };
const UPDATE = { project: { name: 'Neu', airPollution: 'L1' as const }, location: { latitude: 48.1, longitude: 11.5, address: 'Marienplatz 1' } };
const SUMMARY = (id: string, creator = 'u1', owner = 'u1') => ({
  projectId: id, name: id, creationDate: '2026-01-01T00:00:00Z', creator: { id: creator, name: 'C' }, owner: { id: owner, name: 'O' }, address: 'A', comment: null, isUserProject: true, state: 'CLOSED',
});

describe('ProjectStore (store.project)', () => {
  it('loads a project, closes it, and keeps the open one on a failed update without a notice', async () => {
    const store = testStore({ ...signedIn(), 'GET /api/Project/p1': { body: PROJECT }, 'PATCH /api/Project/p1': { status: 500, body: { type: 'ERROR', code: 1, message: 'x' } } });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect((await store.project.load('p1'))?.name).toBe('Neubau');
    expect(store.project.isOpen).toBe(true);
    expect(await store.project.update(UPDATE)).toBe(false);
    expect(store.project.project?.name).toBe('Neubau');
    expect(store.notifications.errors).toHaveLength(0);
    store.project.close();
    expect(store.project.isOpen).toBe(false);
    expect(store.project.projectId).toBeUndefined();
  });

  it('updates a project (notice "project updated") and takes the answer', async () => {
    const store = testStore({ ...signedIn(), 'GET /api/Project/p1': { body: PROJECT }, 'PATCH /api/Project/p1': { body: { ...PROJECT, name: 'Neu' } } });
    await store.project.load('p1');
    expect(await store.project.update(UPDATE)).toBe(true);
    expect(store.project.project?.name).toBe('Neu');
    expect(store.notifications.messages.map((n) => n.message)).toContain('project:data.updated');
  });

  it('runs the upload dialog states: WAITING → SELECTED → UPLOADING → AWAITING_CONFIRMATION → AWAITING_COMPLETION → SUCCESS', async () => {
    const store = testStore({ ...signedIn(), 'GET /api/Project/p1': { body: PROJECT }, 'PUT /api/Project/p1/customRaindata': { body: RAIN } });
    await store.project.load('p1');
    const upload = store.project.rainUpload;
    upload.start();
    expect([upload.open, upload.step]).toEqual([true, 'WAITING']);
    upload.selectFile(new File(['x'], 'regen.csv'));
    expect(upload.step).toBe('SELECTED');
    const reading = upload.upload(async () => ({ ok: true, data: RAIN }));
    expect(upload.step).toBe('UPLOADING');
    await reading;
    expect(upload.step).toBe('AWAITING_CONFIRMATION');
    const saving = upload.confirm();
    expect(upload.step).toBe('AWAITING_COMPLETION');
    await saving;
    expect(upload.step).toBe('SUCCESS');
    expect(store.project.usesCustomRaindata).toBe(true);
    expect(store.project.raindata).toEqual(RAIN);
  });

  it('shows read errors (ERROR with row and column) and COULD_NOT_SAVE; retry and change file go back to WAITING', async () => {
    const store = testStore({ ...signedIn(), 'GET /api/Project/p1': { body: PROJECT }, 'PUT /api/Project/p1/customRaindata': { status: 400, body: { type: 'ERROR', code: 2, message: 'x' } } });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await store.project.load('p1');
    const upload = store.project.rainUpload;
    upload.start();
    upload.selectFile(new File(['x'], 'regen.csv'));
    await upload.upload(async () => ({ ok: false, errors: [{ code: 'INVALID_VERSION', row: 1, column: 1 }] }));
    expect(upload.step).toBe('ERROR');
    expect(upload.errors).toEqual([{ code: 'INVALID_VERSION', row: 1, column: 1 }]);
    upload.retry();
    expect(upload.step).toBe('WAITING');
    upload.selectFile(new File(['x'], 'regen.csv'));
    await upload.upload(async () => ({ ok: true, data: RAIN }));
    await upload.confirm();
    expect([upload.step, upload.errors[0]?.code]).toEqual(['ERROR', 'COULD_NOT_SAVE']);
    upload.changeFile();
    expect([upload.step, upload.file, upload.parsed]).toEqual(['WAITING', undefined, undefined]);
  });

  it('address search skips blank input and only logs failures', async () => {
    const store = testStore(signedIn());
    const search = vi.spyOn(store.api.geocoding, 'search').mockRejectedValue(new Error('down'));
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await store.project.searchAddress('   ')).toEqual([]);
    expect(search).not.toHaveBeenCalled();
    expect(await store.project.searchAddress('Marienplatz')).toEqual([]);
    expect(log).toHaveBeenCalled();
    expect(store.notifications.errors).toHaveLength(0);
    vi.spyOn(store.api.geocoding, 'reverse').mockRejectedValue(new Error('down'));
    expect(await store.project.reverseGeocode(48, 11)).toBeUndefined();
  });
});

describe('ProjectsStore', () => {
  it('clones and reloads the list; a failed clone shows an error notice (issue 14.3)', async () => {
    const ok = testStore({ ...signedIn(), 'POST /api/Project/p1/clone': { body: 'p2' }, 'GET /api/Project/userProjects': { body: { entries: [SUMMARY('p2'), SUMMARY('p1')], totalCount: 2 } } });
    expect(await ok.projects.clone('p1')).toBe('p2');
    expect(ok.projects.cloning).toBeUndefined();
    expect(ok.projects.userProjects.entries).toHaveLength(2);
    const failing = testStore({ ...signedIn(), 'POST /api/Project/p1/clone': { status: 500, body: { type: 'ERROR', code: 1, message: 'x' } } });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await failing.projects.clone('p1')).toBeUndefined();
    expect(failing.notifications.errors.map((n) => n.message)).toEqual(['projects:list.cloneFailed']);
  });

  it('steps back a page after deleting the last entry of the last page', async () => {
    const store = testStore({ ...signedIn(), 'DELETE /api/Project/p11': { body: { type: 'MESSAGE', code: 0, message: 'Project deleted' } }, 'GET /api/Project/userProjects': { body: { entries: [], totalCount: 10 } } });
    const list = store.projects.userProjects;
    list.query.page = 2;
    list.totalCount = 11;
    expect(await store.projects.delete('p11')).toBe(true);
    expect(list.query.page).toBe(1);
    expect(store.notifications.messages.map((n) => n.message)).toContain('projects:list.deleted');
  });

  it('allows deleting to the creator, the owner and administrators', () => {
    const user = { id: 'u1', isAdmin: false } as never;
    expect(mayDeleteProject(SUMMARY('p', 'u1', 'x') as never, user)).toBe(true);
    expect(mayDeleteProject(SUMMARY('p', 'x', 'u1') as never, user)).toBe(true);
    expect(mayDeleteProject(SUMMARY('p', 'x', 'y') as never, user)).toBe(false);
    expect(mayDeleteProject(SUMMARY('p', 'x', 'y') as never, { id: 'a', isAdmin: true } as never)).toBe(true);
    expect(mayDeleteProject(SUMMARY('p') as never, undefined)).toBe(false);
  });
});
