import { describe, expect, it } from 'vitest';
import { createApi } from '../api/index.ts';
import { readConfig } from '../config.ts';
import type { RootStore } from '../stores/RootStore.ts';
import { fixtureProject, jsonAnswer, rootOverFakeApi } from './testing.ts';
import { ProjectFileStore } from './ProjectFileStore.ts';

const minimal = fixtureProject('minimal');

/** A small fake api: POST /Project, nodes with fresh ids, PUT echoes; `failOn` answers 422 for one call. */
function fakeServer(failOn?: string) {
  let next = 0;
  return rootOverFakeApi(({ method, path, body }) => {
    if (failOn !== undefined && `${method} ${path}`.startsWith(failOn)) return jsonAnswer(422, { type: 'ERROR', code: 55, message: 'nope' });
    if (method === 'POST' && path === '/Project') return jsonAnswer(200, 'proj-1');
    if (method === 'POST' && /^\/Project\/proj-1\/(surface|purification|measure)$/.test(path)) return jsonAnswer(200, { id: `n${++next}`, name: body.name, version: 1 });
    if (method === 'PUT') return jsonAnswer(200, { ...body, version: 2 });
    if (method === 'DELETE') return jsonAnswer(200, { type: 'MESSAGE', message: 'deleted' });
    return jsonAnswer(404, { type: 'ERROR', code: 11, message: 'not found' });
  });
}

const file = (value: unknown, name = 'p.rainplan.json') => new File([typeof value === 'string' ? value : JSON.stringify(value)], name, { type: 'application/json' });

describe('ProjectFileStore.open', () => {
  it('creates the project, its nodes and saves them with remapped ids in order', async () => {
    const { root, calls } = fakeServer();
    const store = new ProjectFileStore(root);
    const id = await store.open(file(minimal));
    expect(id).toBe('proj-1');
    expect(store.status).toBe('idle');
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /Project',
      'POST /Project/proj-1/surface',
      'POST /Project/proj-1/purification',
      'POST /Project/proj-1/measure',
      'PUT /Project/proj-1/surface/n1',
      'PUT /Project/proj-1/purification/n2',
      'PUT /Project/proj-1/measure/n3',
    ]);
    expect(calls[0]!.body).toMatchObject({ project: { name: 'Einfamilienhaus Berger, Ulm-Söflingen', airPollutionType: 'L1' }, location: { latitude: 48.3925 } });
    expect(calls[4]!.body).toMatchObject({ id: 'n1', parentId: 'n2', version: 1, value: 120 });
    expect(calls[5]!.body).toMatchObject({ id: 'n2', parentId: 'n3', sealedSurfaces: ['n1'], version: 1 });
    expect(calls[6]!.body).toMatchObject({ id: 'n3', parentId: null, sealedSurfaces: ['n1'] });
    expect(calls[6]!.body).not.toHaveProperty('AC');
  });

  it('uploads custom rain data before the nodes', async () => {
    const { root, calls } = fakeServer();
    const rainData = { source: { edition: 'custom' }, raindataSeries: [{ annuality: 5, valuesForDurations: [{ duration: 5, value: 300 }] }] };
    calls.length = 0;
    await new ProjectFileStore(root).open(file({ ...minimal, rainData }));
    expect(calls[1]).toMatchObject({ method: 'PUT', path: '/Project/proj-1/customRaindata', body: { raindataSeries: rainData.raindataSeries, kostraCell: null } });
  });

  it('deletes the half-created project when a save fails', async () => {
    const { root, calls } = fakeServer('PUT /Project/proj-1/measure');
    const store = new ProjectFileStore(root);
    expect(await store.open(file(minimal))).toBeUndefined();
    expect(store.status).toBe('failed');
    expect(calls.at(-1)).toMatchObject({ method: 'DELETE', path: '/Project/proj-1' });
  });

  it('lists the problems of an unreadable file with their JSON paths and calls nothing', async () => {
    const { root, calls } = fakeServer();
    const store = new ProjectFileStore(root);
    expect(await store.open(file('{ not json'))).toBeUndefined();
    expect(store.status).toBe('invalid');
    expect(store.errors[0]).toMatchObject({ code: 'INVALID_JSON', path: '$' });
    const broken = { ...minimal, waterflow: { ...minimal.waterflow, measures: [{ ...minimal.waterflow.measures[0], data: { ...minimal.waterflow.measures[0]!.data, safetyMargin: '20' } }] } };
    await store.open(file(broken));
    expect(store.errors.map((e) => e.path)).toContain('$.waterflow.measures[0].data.safetyMargin');
    const noLocation = { ...minimal, project: { name: 'X', airPollution: 'L1' } };
    await store.open(file(noLocation));
    expect(store.errors.map((e) => e.path)).toEqual(['$.project.location']);
    expect(calls).toEqual([]);
    store.dismiss();
    expect(store.status).toBe('idle');
  });

  it('creates elsewhere when given a target (trial mode)', async () => {
    const { root, calls } = fakeServer();
    let got: unknown;
    const id = await new ProjectFileStore(root).open(file({ ...minimal, project: { name: 'ohne Ort' } }), async (project) => {
      got = project;
      return 'local-1';
    });
    expect(id).toBe('local-1');
    expect(got).toMatchObject({ project: { name: 'ohne Ort' } });
    expect(calls).toEqual([]);
  });
});

describe('ProjectFileStore.serverProjectFile', () => {
  const serve = (answer: unknown, status = 200) => {
    const { root } = fakeServer();
    const paths: string[] = [];
    const api = createApi({
      config: readConfig({}),
      fetch: (async (input: RequestInfo | URL) => {
        paths.push(new URL(String(input), 'http://localhost').pathname);
        return new Response(JSON.stringify(answer), { status });
      }) as typeof fetch,
    });
    return { store: new ProjectFileStore({ ...root, api } as unknown as RootStore), paths };
  };

  it("reads the api's one project file of every document (with comment and client) and parses it", async () => {
    const file = {
      schemaVersion: 4,
      project: { name: 'Neu', comment: 'Gründach', location: { latitude: 1, longitude: 2, address: 'A' }, airPollution: 'L2', clientData: { name: 'Stadtwerke' } },
      waterflow: { sealedSurfaces: [{ id: 's', name: 'S', parentId: null, data: {} }], purifications: [], measures: [] },
    };
    const { store, paths } = serve(file);
    const project = await store.serverProjectFile('p9');
    expect(paths).toEqual(['/api/Documents/p9/projectFile']);
    expect(project.project).toEqual(file.project);
    expect(project.waterflow).toEqual(file.waterflow);
  });

  it('refuses a file that does not parse', async () => {
    const { store } = serve({ schemaVersion: 4, project: {}, waterflow: {} });
    await expect(store.serverProjectFile('p9')).rejects.toThrow(/does not parse/);
  });
});
