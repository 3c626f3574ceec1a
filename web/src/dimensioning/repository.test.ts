import { createSurface, createMeasure, createPurification, type Waterflow } from '@rainplan/engine';
import { describe, expect, it } from 'vitest';
import { createApi } from '../api/index.ts';
import { readConfig } from '../config.ts';
import { changedNodes, saveInSpecOrder, ServerProjectRepository, type NodeToSave } from './repository.ts';

const empty: Waterflow = { sealedSurfaces: [], purifications: [], measures: [] };

function sample(): Waterflow {
  let wf = createSurface(empty, { id: 's1', name: 'Dach' }).waterflow;
  wf = createPurification(wf, { id: 'p1', name: 'Reinigung' }).waterflow;
  wf = createMeasure(wf, { id: 'm1', name: 'Rigole' }).waterflow;
  // as stored: without the editor's changed flag (the engine's operations set it)
  const plain = <T extends { changed?: boolean }>({ changed: _c, ...rest }: T) => rest;
  return { sealedSurfaces: wf.sealedSurfaces.map(plain), purifications: wf.purifications.map(plain), measures: wf.measures.map(plain) } as Waterflow;
}

interface Call {
  method: string;
  path: string;
  body: unknown;
  keepalive: boolean;
  headers: Record<string, string>;
}

function recordingApi(answer: (call: Call) => { status?: number; body?: unknown }) {
  const calls: Call[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const call: Call = {
      method: init?.method ?? 'GET',
      path: url.pathname + url.search,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      keepalive: init?.keepalive === true,
      headers: (init?.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    const a = answer(call);
    return new Response(a.body === undefined ? null : JSON.stringify(a.body), { status: a.status ?? 200 });
  }) as typeof fetch;
  return { api: createApi({ config: readConfig({}), fetch: fetchImpl }), calls, fetchImpl };
}

describe('changedNodes / saveInSpecOrder', () => {
  it('orders changed nodes surfaces → measures → purifications', () => {
    const nodes = changedNodes(sample(), new Set(['p1', 'm1', 's1']));
    expect(nodes.map((n) => `${n.kind}:${n.node.id}`)).toEqual(['surface:s1', 'measure:m1', 'purification:p1']);
  });

  it('saves one after the other, collects failures and goes on', async () => {
    const order: string[] = [];
    const nodes: NodeToSave[] = changedNodes(sample(), new Set(['p1', 'm1', 's1'])).reverse();
    const result = await saveInSpecOrder(async (kind, node) => {
      order.push(node.id);
      if (kind === 'measure') throw new Error('boom');
      return node;
    }, nodes);
    expect(order).toEqual(['s1', 'm1', 'p1', 'm1']);
    expect(result.saved.map((n) => n.node.id)).toEqual(['s1', 'p1']);
    expect(result.failed.map((f) => f.id)).toEqual(['m1']);
  });

  it('tries a refused node again after the others were saved (links depend on each other)', async () => {
    const order: string[] = [];
    let purificationSaved = false;
    const nodes = changedNodes(sample(), new Set(['p1', 'm1']));
    const result = await saveInSpecOrder(async (kind, node) => {
      order.push(node.id);
      if (kind === 'measure' && !purificationSaved) throw new Error('SURFACE_NOT_ELIGIBLE');
      if (kind === 'purification') purificationSaved = true;
      return node;
    }, nodes);
    expect(order).toEqual(['m1', 'p1', 'm1']);
    expect(result.failed).toEqual([]);
    expect(result.saved.map((n) => n.node.id)).toEqual(['p1', 'm1']);
  });
});

describe('ServerProjectRepository', () => {
  const wf = sample();
  const versioned = {
    sealedSurfaces: wf.sealedSurfaces.map((n) => ({ ...n, version: 3 })),
    purifications: wf.purifications.map((n) => ({ ...n, version: 1 })),
    measures: wf.measures.map((n) => ({ ...n, version: 2 })),
  };

  it('loads shell, waterflow (without versions), rain data and facilities', async () => {
    const { api } = recordingApi((c) => {
      if (c.path === '/api/Project/pr1') return { body: { id: 'pr1', name: 'P', location: { latitude: 48.1, longitude: 11.5, address: 'München' }, airPollution: 'L2', ruleEdition: 'DWA-A 138:2005', usesCustomRaindata: false } };
      if (c.path === '/api/Project/pr1/waterflow') return { body: versioned };
      if (c.path === '/api/Project/pr1/raindata') return { body: { kostraCell: null, source: { edition: 'custom' }, raindataSeries: [] } };
      if (c.path === '/api/Project/purificationFacilities') return { body: [{ businessId: 'f1' }] };
      return { status: 404, body: { type: 'ERROR', code: 11, message: 'x' } };
    });
    const loaded = await new ServerProjectRepository(api).load('pr1');
    expect(loaded.shell).toEqual({ id: 'pr1', name: 'P', location: { latitude: 48.1, longitude: 11.5, address: 'München' }, airPollution: 'L2', ruleEdition: 'DWA-A 138:2005', usesCustomRaindata: false });
    expect(loaded.waterflow).toEqual(wf);
    expect(loaded.rainData).toEqual({ source: { edition: 'custom' }, raindataSeries: [] });
    expect(loaded.facilities).toEqual([{ businessId: 'f1' }]);
  });

  it('treats 404 rain data as none', async () => {
    const { api } = recordingApi((c) => {
      if (c.path === '/api/Project/pr1') return { body: { id: 'pr1', name: 'P', location: null } };
      if (c.path === '/api/Project/pr1/waterflow') return { body: versioned };
      if (c.path === '/api/Project/pr1/raindata') return { status: 404, body: { type: 'ERROR', code: 57, message: 'none' } };
      return { body: [] };
    });
    const loaded = await new ServerProjectRepository(api).load('pr1');
    expect(loaded.rainData).toBeUndefined();
    expect(loaded.shell.ruleEdition).toBe('DWA-A 138-1:2024');
  });

  it('sends the version it read, without the changed flag, and remembers the new one', async () => {
    let version = 3;
    const { api, calls } = recordingApi((c) => {
      if (c.path === '/api/Project/pr1/waterflow') return { body: versioned };
      if (c.method === 'PUT') return { body: { ...(c.body as object), version: ++version } };
      return { body: {} };
    });
    const repo = new ServerProjectRepository(api);
    await repo.load('pr1').catch(() => undefined);
    await api.waterflow.all('pr1');
    const surface = { ...wf.sealedSurfaces[0]!, value: 120, changed: true };
    const stored = await repo.saveNode('pr1', 'surface', surface);
    expect(stored).toEqual({ ...wf.sealedSurfaces[0]!, value: 120 });
    await repo.saveNode('pr1', 'surface', surface);
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts.map((c) => (c.body as { version: number }).version)).toEqual([3, 4]);
    expect(puts[0]!.body).not.toHaveProperty('changed');
    expect(puts[0]!.path).toBe('/api/Project/pr1/surface/s1');
  });

  it('resends over the current version on a version conflict (the edit wins)', async () => {
    const { api, calls } = recordingApi((c) => {
      if (c.method !== 'PUT') return { body: {} };
      const v = (c.body as { version?: number }).version;
      if (v === undefined) return { status: 409, body: { type: 'ERROR', code: 56, message: 'conflict', current: { ...wf.measures[0]!, version: 7 } } };
      return { body: { ...(c.body as object), version: v + 1 } };
    });
    const repo = new ServerProjectRepository(api);
    await repo.saveNode('pr1', 'measure', wf.measures[0]!);
    expect(calls.filter((c) => c.method === 'PUT').map((c) => (c.body as { version?: number }).version)).toEqual([undefined, 7]);
  });

  it('rejects other failures (the store keeps the node changed)', async () => {
    const { api } = recordingApi(() => ({ status: 500, body: { type: 'ERROR', code: 1, message: 'down' } }));
    await expect(new ServerProjectRepository(api).saveNode('pr1', 'surface', wf.sealedSurfaces[0]!)).rejects.toThrow();
  });

  it('creates, deletes with detach and sets the rule edition with a partial PATCH', async () => {
    const { api, calls } = recordingApi((c) => (c.method === 'POST' ? { body: { ...wf.sealedSurfaces[0]!, id: 'new', version: 1 } } : { body: {} }));
    const repo = new ServerProjectRepository(api);
    expect((await repo.createNode('pr1', 'surface', 'Dach 2')).id).toBe('new');
    await repo.deleteNode('pr1', 'measure', 'm1');
    await repo.setRuleEdition('pr1', 'DWA-A 138:2005');
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/Project/pr1/surface', 'DELETE /api/Project/pr1/measure/m1?detach=true', 'PATCH /api/Project/pr1']);
    expect(calls[0]!.body).toEqual({ name: 'Dach 2' });
    expect(calls[2]!.body).toEqual({ project: { ruleEdition: 'DWA-A 138:2005' } });
  });

  it('saves on unload with keepalive PUTs in spec order, with the anti-forgery token', () => {
    const sent: { url: string; init: RequestInit }[] = [];
    const original = globalThis.fetch;
    globalThis.fetch = ((url: string, init: RequestInit) => {
      sent.push({ url, init });
      return Promise.resolve(new Response('{}'));
    }) as typeof fetch;
    try {
      const { api } = recordingApi(() => ({ body: {} }));
      api.http.setToken('tok');
      new ServerProjectRepository(api).saveOnUnload('pr1', changedNodes(wf, new Set(['p1', 's1'])).reverse());
    } finally {
      globalThis.fetch = original;
    }
    expect(sent.map((s) => s.url)).toEqual(['/api/Project/pr1/surface/s1', '/api/Project/pr1/purification/p1']);
    expect(sent[0]!.init.keepalive).toBe(true);
    expect((sent[0]!.init.headers as Record<string, string>)['X-XSRF-TOKEN']).toBe('tok');
  });
});
