import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import type { RainData } from '@rainplan/engine';
import { createApi } from '../api/index.ts';
import { readConfig } from '../config.ts';
import { createI18n } from '../i18n/index.ts';
import { RootStore } from '../stores/RootStore.ts';
import { fixtureProject } from '../projectFile/testing.ts';
import { LocalProjectRepository } from './LocalProjectRepository.ts';
import { TrialStore } from './TrialStore.ts';

const trialSeries = [1, 2, 3, 5, 10, 20, 30, 50, 100].map((annuality) => ({ annuality, valuesForDurations: [{ duration: 5, value: 200 + annuality }, { duration: 60, value: 60 + annuality }] }));
let trialAnswer: 'server' | 'offline' = 'server';

function setup() {
  const calls: string[] = [];
  let next = 0;
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname.replace(/^\/api/, '');
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${path}`);
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const json = (value: unknown) => new Response(JSON.stringify(value));
    if (method === 'GET' && path === '/Raindata/trial') {
      const q = new URL(String(input), 'http://localhost').searchParams;
      if (trialAnswer === 'offline') throw new TypeError('Failed to fetch');
      if (Number(q.get('latitude')) > 55) return new Response(JSON.stringify({ type: 'ERROR', code: 57, message: 'no rain data' }), { status: 404 });
      if (Number(q.get('latitude')) === 51.172) {
        const body = { type: 'ERROR', code: 61, message: 'no rain data in the cell', edition: 'KOSTRA-DWD-2010R', kostraCell: { id: '52001', row: 52, column: 1 } };
        return new Response(JSON.stringify(body), { status: 404 });
      }
      return json({ kostraCell: { row: 93, column: 49 }, source: { edition: 'KOSTRA-DWD-2010R', cell: '93049' }, raindataSeries: trialSeries });
    }
    if (method === 'POST' && path === '/Project') return json('server-1');
    if (method === 'POST') return json({ id: `n${++next}`, name: body.name, version: 1 });
    if (method === 'PUT') return json({ ...body, version: 2 });
    return new Response(JSON.stringify({ type: 'ERROR', code: 9, message: 'not signed in' }), { status: 401 });
  }) as typeof globalThis.fetch;
  const i18n = createI18n('de');
  const root: RootStore = new RootStore({ i18n, api: createApi({ config: readConfig({}), fetch, onError: (e) => root.notifications.error(e) }) });
  const repository = new LocalProjectRepository({ indexedDB: new IDBFactory() });
  return { trial: new TrialStore(root, repository), repository, calls, root };
}

describe('TrialStore', () => {
  it('looks up the rain data of the location without an account and keeps it with the project; custom data stay', async () => {
    const { trial, calls } = setup();
    const id = await trial.createProject(fixtureProject('minimal'));
    const munich = { latitude: 48.137, longitude: 11.575 };
    await trial.updateProjectData(id, { ...(await trial.project(id)).project, location: munich });
    trialAnswer = 'server';
    expect(await trial.lookUpRainData(id)).toBe('found');
    expect(calls).toContain('GET /Raindata/trial');
    const rain = (await trial.project(id)).rainData!;
    expect(rain.source).toEqual({ edition: 'KOSTRA-DWD-2010R', cell: '93049' });
    expect(rain.kostraCell).toEqual({ row: 93, column: 49 });
    expect(rain.raindataSeries).toEqual(trialSeries);

    // out of the datasets: no rain data (and none kept from before)
    await trial.updateProjectData(id, { ...(await trial.project(id)).project, location: { latitude: 56, longitude: 5 } });
    expect(await trial.lookUpRainData(id)).toBe('none');
    expect((await trial.project(id)).rainData ?? undefined).toBeUndefined();
    expect(trial.rainCellWithoutData).toBeUndefined();

    // inside the KOSTRA grid, in a cell without data (code 61): the cell is named, no rain data kept
    await trial.updateProjectData(id, { ...(await trial.project(id)).project, location: munich });
    expect(await trial.lookUpRainData(id)).toBe('found');
    await trial.updateProjectData(id, { ...(await trial.project(id)).project, location: { latitude: 51.172, longitude: 5.895 } });
    expect(await trial.lookUpRainData(id)).toBe('cellWithoutData');
    expect(trial.rainCellWithoutData).toEqual({ edition: 'KOSTRA-DWD-2010R', cell: '52001' });
    expect((await trial.project(id)).rainData ?? undefined).toBeUndefined();
    const i18n = createI18n('en');
    expect(i18n.t('trial:projectData.noRainInCell', { edition: 'KOSTRA-DWD-2010R', cell: '52001' })).toBe(
      'The location lies in cell 52001 of the KOSTRA-DWD-2010R grid, which has no rain data (sea, abroad): upload custom rain data to size measures.',
    );

    // the server cannot be reached: said so, nothing changed
    await trial.updateProjectData(id, { ...(await trial.project(id)).project, location: munich });
    trialAnswer = 'offline';
    expect(await trial.lookUpRainData(id)).toBe('failed');
    trialAnswer = 'server';

    // custom rain data are never replaced by the lookup
    const custom = { source: { edition: 'custom' }, raindataSeries: trialSeries } as unknown as RainData;
    await trial.setRainData(id, custom);
    const before = calls.length;
    expect(await trial.lookUpRainData(id)).toBe('custom');
    expect(calls.slice(before)).not.toContain('GET /Raindata/trial');
    expect((await trial.project(id)).rainData?.source.edition).toBe('custom');
  });

  it('ensures exactly one trial project, also when asked twice at once', async () => {
    const { trial } = setup();
    const [a, b] = await Promise.all([trial.ensureProject('Probeprojekt'), trial.ensureProject('Probeprojekt')]);
    expect(a).toBe(b);
    expect(await trial.ensureProject('x')).toBe(a);
    expect(trial.projects.map((p) => p.project.project.name)).toEqual(['Probeprojekt']);
  });

  it('refuses to move a project without location and air pollution, naming what is missing', async () => {
    const { trial, calls } = setup();
    const id = await trial.ensureProject('Probeprojekt');
    expect(await trial.moveToAccount(id)).toBeUndefined();
    expect(trial.moveProblems.map((p) => p.path)).toEqual(['$.project.location', '$.project.airPollution']);
    expect(calls).toEqual([]);
    expect(trial.projects).toHaveLength(1);
  });

  it('moves a complete project into the account in one step and removes it from the browser', async () => {
    const { trial, calls, root } = setup();
    const id = await trial.createProject(fixtureProject('minimal'));
    expect(await trial.moveToAccount(id)).toBe('server-1');
    expect(calls[0]).toBe('POST /Project');
    expect(calls.filter((c) => c.startsWith('PUT'))).toHaveLength(3);
    expect(trial.projects).toEqual([]);
    expect(root.notifications.notices.map((n) => n.message)).toContain('trial:moved');
  });

  it('stores project data and custom rain data locally', async () => {
    const { trial, repository } = setup();
    const id = await trial.ensureProject('Probeprojekt');
    expect(await trial.updateProjectData(id, { name: 'Neu', airPollution: 'L2', location: { latitude: 48, longitude: 11 } })).toBe(true);
    const rain: RainData = { source: { edition: 'custom' }, raindataSeries: [{ annuality: 5, valuesForDurations: [{ duration: 5, value: 300 }] }] };
    expect(await trial.setRainData(id, rain)).toBe(true);
    const loaded = await repository.load(id);
    expect(loaded.shell).toMatchObject({ name: 'Neu', airPollution: 'L2', usesCustomRaindata: true });
    expect(loaded.rainData).toEqual(rain);
  });
});
