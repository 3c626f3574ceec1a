/**
 * Project files with box configurations and product lists (issue 16): opening a schema-2 file
 * makes the BoxConfigurator and product-list calls with the api's new ids, and the file built back
 * from the api's answers equals the input up to ids.
 */
import { describe, expect, it } from 'vitest';
import { parseProject, serializeProject, type Project } from '@rainplan/engine';
import { fixtureProject, jsonAnswer, rootOverFakeApi } from './testing.ts';
import { configurationSettings, fileConfiguration, fileProductLine, newBoxItems, wireProductLines } from './projectFile.ts';
import { ProjectFileStore } from './ProjectFileStore.ts';

type Loose = Record<string, unknown>;

const source: Project = (() => {
  const result = parseProject(fixtureProject('box-configurations'));
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.project;
})();

/** A product line as the api answers it: quantity a number, prices with two decimals. */
const wireLine = (line: Loose): Loose => ({
  orderNumber: line['orderNumber'] ?? null,
  materialNumber: line['materialNumber'],
  ...(line['text'] === undefined ? {} : { text: line['text'] }),
  longText: line['longText'] ?? null,
  ...(line['unit'] === undefined ? {} : { unit: line['unit'] }),
  quantity: Number(line['quantity']),
  ...(line['unitPrice'] === undefined ? {} : { unitPrice: Number(line['unitPrice']).toFixed(2), totalPrice: (Number(line['unitPrice']) * Number(line['quantity'])).toFixed(2) }),
});

/**
 * A fake api that keeps what it is sent: projects, nodes, configurations (version counted per
 * change, item ids `b<n>` assigned on PUT), product lists. `failOn` answers 400 for one call.
 */
function fakeServer(failOn?: string, projectFile?: unknown) {
  let next = 0;
  let project: Loose = {};
  const nodes = new Map<string, Loose & { kind: string }>();
  const configurations = new Map<string, { settings: Loose; items: Loose[]; products: Loose[] }>();
  const measureProducts = new Map<string, Loose[]>();
  return rootOverFakeApi(({ method, path, body }) => {
    if (failOn !== undefined && `${method} ${path}`.startsWith(failOn)) return jsonAnswer(400, { type: 'ERROR', code: 2, message: 'refused' });
    let m: RegExpExecArray | null;
    if (method === 'GET' && path === '/Documents/proj-1/projectFile' && projectFile !== undefined) return jsonAnswer(200, typeof projectFile === 'string' ? JSON.parse(projectFile) : projectFile);
    if (method === 'POST' && path === '/Project') {
      project = body;
      return jsonAnswer(200, '"proj-1"');
    }
    if (method === 'GET' && path === '/Project/proj-1') {
      const p = project['project'] as Loose;
      return jsonAnswer(200, { id: 'proj-1', name: p['name'], comment: null, location: project['location'], airPollution: p['airPollutionType'], clientData: null, usesCustomRaindata: false });
    }
    if (method === 'DELETE' && path === '/Project/proj-1') return jsonAnswer(200, { type: 'MESSAGE', message: 'deleted' });
    if (method === 'GET' && path === '/Project/proj-1/waterflow') {
      const of = (kind: string) => [...nodes.values()].filter((n) => n.kind === kind).map(({ kind: _kind, ...n }) => n);
      return jsonAnswer(200, { sealedSurfaces: of('surface'), purifications: of('purification'), measures: of('measure') });
    }
    if (method === 'GET' && path === '/Project/purificationFacilities') return jsonAnswer(200, []);
    if ((m = /^\/Project\/proj-1\/(surface|purification|measure)$/.exec(path)) && method === 'POST') {
      const id = `n${++next}`;
      nodes.set(id, { kind: m[1]!, id, name: body.name, version: 1 });
      return jsonAnswer(200, { id, name: body.name, version: 1 });
    }
    if ((m = /^\/Project\/proj-1\/(surface|purification|measure)\/(\w+)$/.exec(path)) && method === 'PUT') {
      nodes.set(m[2]!, { ...body, kind: m[1]!, version: 2 });
      return jsonAnswer(200, { ...body, version: 2 });
    }
    if ((m = /^\/Project\/proj-1\/measure\/(\w+)\/additionalProducts$/.exec(path))) {
      if (!nodes.has(m[1]!)) return jsonAnswer(404, { type: 'ERROR', code: 11, message: 'no such measure' });
      if (method === 'PUT') measureProducts.set(m[1]!, body);
      return jsonAnswer(200, (measureProducts.get(m[1]!) ?? []).map(wireLine));
    }
    if (method === 'POST' && path === '/BoxConfigurator') {
      const id = `cfg-${++next}`;
      const settings = { id, projectId: body.projectId, measureId: body.measureId, name: body.name, dimensioning: {}, projectionAxes: { xProjectionAxes: [], yProjectionAxes: [] }, groundLevel: 0, plantBottomLevel: 0, stormwaterObjective: 'infiltration', version: 1 };
      configurations.set(id, { settings, items: [], products: [] });
      return jsonAnswer(200, settings);
    }
    if (method === 'GET' && path === '/BoxConfigurator/configurations/proj-1') return jsonAnswer(200, [...configurations.values()].map((c) => c.settings));
    if ((m = /^\/BoxConfigurator\/([\w-]+)(\/boxItems|\/additionalProducts)?$/.exec(path))) {
      const c = configurations.get(m[1]!);
      if (c === undefined) return jsonAnswer(404, { type: 'ERROR', code: 11, message: 'no such configuration' });
      const version = c.settings['version'] as number;
      if ((method === 'PATCH' || (method === 'PUT' && m[2] === '/boxItems')) && body.version !== version) return jsonAnswer(409, { type: 'ERROR', code: 56, message: 'stale' });
      if (method === 'PATCH') {
        const { version: _v, ...patch } = body;
        c.settings = { ...c.settings, ...patch, dimensioning: { ...(c.settings['dimensioning'] as Loose), ...(patch.dimensioning ?? {}) }, version: version + 1 };
        return jsonAnswer(200, c.settings);
      }
      if (m[2] === '/boxItems') {
        if (method === 'PUT') {
          c.items = (body.boxItems as Loose[]).map((item) => ({ ...item, boxId: item['boxId'] ?? `b${++next}` }));
          c.settings = { ...c.settings, version: version + 1 };
        }
        return jsonAnswer(200, { version: c.settings['version'], boxItems: c.items });
      }
      if (m[2] === '/additionalProducts') {
        if (method === 'PUT') c.products = body;
        return jsonAnswer(200, c.products.map(wireLine));
      }
      return jsonAnswer(200, c.settings);
    }
    return jsonAnswer(404, { type: 'ERROR', code: 11, message: 'not found' });
  });
}

describe('project files with box configurations and product lists', () => {
  it('opening creates each configuration for the new measure id, patches its settings, puts its items (ids null) and products, then the measure lists', async () => {
    const { root, calls } = fakeServer();
    const store = new ProjectFileStore(root);
    const id = await store.createOnServer(source);
    expect(id).toBe('proj-1');
    const measureId = (name: string) => (calls.find((c) => c.method === 'PUT' && (c.body as Loose)['name'] === name)!.body as Loose)['id'];
    const rigole = measureId('Rigole Garten (Boxen)');
    const rohr = measureId('Rohrrigole Hof');
    const after = calls.slice(calls.findIndex((c) => c.path === '/BoxConfigurator')).map((c) => `${c.method} ${c.path.replace(/cfg-\d+/, 'C')}`);
    expect(after).toEqual([
      'POST /BoxConfigurator',
      'PUT /BoxConfigurator/C/boxItems',
      'PATCH /BoxConfigurator/C',
      'PUT /BoxConfigurator/C/boxItems',
      'POST /BoxConfigurator',
      'PATCH /BoxConfigurator/C',
      'PUT /BoxConfigurator/C/boxItems',
      'PUT /BoxConfigurator/C/additionalProducts',
      `PUT /Project/proj-1/measure/${rohr}/additionalProducts`,
    ]);
    const [createGarden, clearGarden, patchGarden, itemsGarden, createYard, patchYard] = calls.slice(calls.findIndex((c) => c.path === '/BoxConfigurator'));
    expect(clearGarden!.body).toEqual({ version: 1, boxItems: [] });
    expect(createGarden!.body).toEqual({ projectId: 'proj-1', measureId: rigole, name: 'Rigole Garten' });
    expect(createYard!.body).toEqual({ projectId: 'proj-1', measureId: null, name: 'Rückhaltung Hof' });
    expect(patchGarden!.body).toEqual({ version: 2, dimensioning: { width: 1.6, length: 2.4, levels: 2, storageCoefficient: 95 }, groundLevel: 0, plantBottomLevel: 0, stormwaterObjective: 'infiltration' });
    expect(patchYard!.body).toMatchObject({ version: 1, groundLevel: 2, plantBottomLevel: 0.5, stormwaterObjective: 'retention' });
    const items = (itemsGarden!.body as { version: number; boxItems: Loose[] });
    expect(items.version).toBe(3);
    expect(items.boxItems).toHaveLength(12);
    expect(items.boxItems.every((i) => i['boxId'] === null)).toBe(true);
    expect(calls.at(-2)!.body).toEqual([{ materialNumber: '600110', quantity: '4' }, { materialNumber: '600100', quantity: '1', unitPrice: '199.90' }]);
    expect(calls.at(-1)!.body).toEqual([{ materialNumber: '500100', quantity: '1' }]);
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it('the download is the api’s one project file (GET /Documents/{id}/projectFile), read by the engine', async () => {
    // the round trip through the real api (open a file, download it, the same configurations and
    // lists) is the browser test projectFile.e2e.test.ts; here: the web takes the server's file as is
    const { root, calls } = fakeServer(undefined, serializeProject(source));
    const store = new ProjectFileStore(root);
    const back = await store.serverProjectFile('proj-1');
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /Documents/proj-1/projectFile']);
    expect(back).toEqual(source);
  });

  it('a server file the engine cannot read is an error, not a download', async () => {
    const { root } = fakeServer(undefined, { schemaVersion: 'x' });
    const store = new ProjectFileStore(root);
    await expect(store.serverProjectFile('proj-1')).rejects.toThrow(/does not parse/);
  });

  it('a refused configuration call deletes the half-created project and shows the error', async () => {
    for (const failOn of ['POST /BoxConfigurator', 'PUT /BoxConfigurator', 'PATCH /BoxConfigurator', 'PUT /Project/proj-1/measure/n4/']) {
      const { root, calls } = fakeServer(failOn);
      const store = new ProjectFileStore(root);
      await expect(store.createOnServer(source)).rejects.toBeDefined();
      expect(calls.at(-1), failOn).toMatchObject({ method: 'DELETE', path: '/Project/proj-1' });
      expect(root.notifications.notices.map((n) => n.code)).toContain(2);
    }
  });

  it('a file without configurations and product lists makes no such calls', async () => {
    const { root, calls } = fakeServer();
    const store = new ProjectFileStore(root);
    const { boxConfigurations: _b, measureProducts: _p, ...plain } = source;
    await store.createOnServer(plain);
    expect(calls.filter((c) => c.path.includes('BoxConfigurator') || c.path.endsWith('additionalProducts'))).toEqual([]);
  });
});

describe('product lines and configurations between the api and the file', () => {
  it('turns api lines into file lines: decimal strings, the line’s text kept, totalPrice left out', () => {
    expect(fileProductLine({ orderNumber: null, materialNumber: '600110', text: 'Rigolenbox', longText: null, unit: 'Stk', quantity: 2.5, unitPrice: '12.50', totalPrice: '31.25' })).toEqual({
      materialNumber: '600110',
      text: 'Rigolenbox',
      unit: 'Stk',
      quantity: '2.5',
      unitPrice: '12.50',
    });
    expect(fileProductLine({ materialNumber: '1', quantity: 100, unitPrice: 3 })).toEqual({ materialNumber: '1', quantity: '100', unitPrice: '3' });
    expect(fileProductLine({ materialNumber: '1', quantity: 0.1 + 0.2 })).toEqual({ materialNumber: '1', quantity: '0.3' });
    expect(parseProject({ ...source, measureProducts: [{ measureId: 'm-rohr', products: [fileProductLine({ materialNumber: '1', quantity: 100, unitPrice: '0.10' })] }] })).toMatchObject({ ok: true });
  });

  it('turns an api configuration into a file configuration and back into calls', () => {
    const c = fileConfiguration({
      settings: { id: 'x', projectId: 'p', measureId: null, name: 'N', dimensioning: { width: 0.8, length: 1.6, height: 0.66, levels: 1, storageCoefficient: 95 }, groundLevel: 0, itemCount: 1, version: 7 },
      boxItems: [{ boxId: 'b1', boxTypeId: 'BOX_FULL', x: 0, y: 0, z: 0, rotation: 'North', options: [] }],
      additionalProducts: [],
    });
    expect(c).toEqual({ id: 'x', name: 'N', dimensioning: { width: 0.8, length: 1.6, height: 0.66, levels: 1, storageCoefficient: 95 }, groundLevel: 0, items: [{ boxId: 'b1', boxTypeId: 'BOX_FULL', x: 0, y: 0, z: 0, rotation: 'North' }], additionalProducts: [] });
    expect(configurationSettings({ ...c, dimensioning: { width: 0.8, length: null, height: null } })).toEqual({ dimensioning: { width: 0.8 }, groundLevel: 0 });
    expect(newBoxItems(c)).toEqual([{ boxId: null, boxTypeId: 'BOX_FULL', x: 0, y: 0, z: 0, rotation: 'North' }]);
    expect(wireProductLines([{ materialNumber: '1', quantity: '2', unitPrice: null, text: null }])).toEqual([{ materialNumber: '1', quantity: '2' }]);
  });
});
