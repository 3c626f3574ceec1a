/**
 * The project shell through HTTP: creation, detail, update, lists, support state, deletion and
 * clone, with the rights of every role (creator/owner, organization member, stranger, internal
 * staff before and after a support request, administrator).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { cloneProject } from '../../projects/clone.ts';
import { Project } from '../../db/entities/project.ts';
import { User } from '../../db/entities/user.ts';
import { WaterflowNode } from '../../db/entities/waterflow-node.ts';
import { MeasureProducts } from '../../db/entities/catalogue.ts';
import type { EntityManager } from '../../db/orm.ts';
import { createProject, del, MUNICH, organizationWith, planner, put, roof, type Planner } from '../../testing/planning.ts';
import { fileTestApp } from '../../testing/test-app.ts';

const testApp = fileTestApp();
let anna: Planner; // creator and owner
let bert: Planner; // member of Anna's organization
let carl: Planner; // stranger
let ines: Planner; // internal staff
let ada: Planner; // administrator

beforeAll(async () => {
  [anna, bert, carl, ines, ada] = await Promise.all([
    planner(testApp(), 'Anna Planer'),
    planner(testApp(), 'Bert Kollege'),
    planner(testApp(), 'Carl Fremd'),
    planner(testApp(), 'Ines Intern', ['internal']),
    planner(testApp(), 'Ada Admin', ['Administrator']),
  ]);
  await organizationWith(anna, [bert]);
}, 60_000);

const em = () => testApp().app.orm.em.fork() as EntityManager;

describe('POST /Project and GET /Project/{id}', () => {
  it('creates a project and answers its id as a quoted JSON string', async () => {
    const response = await anna.client.post('/api/Project', {
      project: { name: '  Kita Sonnenschein ', airPollutionType: 'L3', comment: 'Gründach' },
      location: MUNICH,
      clientData: { formOfAddress: 'COMPANY', name: 'Stadt', street: '', streetNo: null, zipCode: '80331', city: 'München' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.body).toMatch(/^"[0-9a-f-]{36}"$/);
    const id = response.json() as string;
    const detail = await anna.client.get(`/api/Project/${id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      id,
      name: 'Kita Sonnenschein',
      comment: 'Gründach',
      location: MUNICH,
      airPollution: 'L3',
      clientData: { formOfAddress: 'COMPANY', name: 'Stadt', zipCode: '80331', city: 'München' },
      usesCustomRaindata: false,
      ruleEdition: 'DWA-A 138-1:2024',
      state: 'CLOSED',
      creator: { id: anna.id, name: 'Anna Planer' },
      owner: { id: anna.id, name: 'Anna Planer' },
      isUserProject: true,
    });
    expect((detail.json() as { clientData: Record<string, unknown> }).clientData).not.toHaveProperty('street');
  });

  it('stores the older rule edition when asked, and refuses what the spec requires', async () => {
    const id = await createProject(anna.client, { ruleEdition: 'DWA-A 138:2005' });
    expect((await anna.client.get(`/api/Project/${id}`)).json()).toMatchObject({ ruleEdition: 'DWA-A 138:2005' });
    const cases = [
      { project: { name: ' ', airPollutionType: 'L1' }, location: MUNICH },
      { project: { name: 'X' }, location: MUNICH },
      { project: { name: 'X', airPollutionType: 'L9' }, location: MUNICH },
      { project: { name: 'X', airPollutionType: 'L1' } },
      { project: { name: 'X', airPollutionType: 'L1' }, location: { ...MUNICH, latitude: 91 } },
      { project: { name: 'X', airPollutionType: 'L1', ruleEdition: 'DWA-A 138:1990' }, location: MUNICH },
    ];
    for (const body of cases) {
      const response = await anna.client.post('/api/Project', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ type: 'ERROR', code: 2 });
    }
    const anonymous = await testApp().client().post('/api/Project', { project: { name: 'X', airPollutionType: 'L1' }, location: MUNICH });
    expect(anonymous.statusCode).toBe(401);
    const forged = await anna.client.call({ method: 'POST', url: '/api/Project', body: { project: { name: 'X', airPollutionType: 'L1' }, location: MUNICH }, antiForgery: false });
    expect(forged.json()).toMatchObject({ code: 21 });
  });

  it('answers 404 for an unknown project and 400 for a malformed id', async () => {
    expect((await anna.client.get('/api/Project/00000000-0000-4000-8000-000000000000')).json()).toMatchObject({ code: 11 });
    expect((await anna.client.get('/api/Project/not-a-uuid')).statusCode).toBe(400);
  });
});

describe('rights by role', () => {
  it('lets creator, owner, organization members and administrators read and edit; internal staff only while support is open', async () => {
    const id = await createProject(anna.client, { name: 'Rechte' });
    const canRead = async (who: Planner) => (await who.client.get(`/api/Project/${id}`)).statusCode;
    const canEdit = async (who: Planner) => (await who.client.patch(`/api/Project/${id}`, { project: { comment: `von ${who.name}` } })).statusCode;
    expect([await canRead(anna), await canRead(bert), await canRead(ada), await canRead(carl), await canRead(ines)]).toEqual([200, 200, 200, 403, 403]);
    expect([await canEdit(anna), await canEdit(bert), await canEdit(ada), await canEdit(carl), await canEdit(ines)]).toEqual([200, 200, 200, 403, 403]);
    expect((await carl.client.get(`/api/Project/${id}`)).json()).toMatchObject({ code: 10 });

    // Only creator, owner and administrators may ask for support; then internal staff may see it and close it.
    expect((await put(bert.client, `/api/Project/${id}/supportState`, { state: 'OPEN' })).statusCode).toBe(403);
    expect((await put(ines.client, `/api/Project/${id}/supportState`, { state: 'OPEN' })).statusCode).toBe(403);
    const opened = await put(anna.client, `/api/Project/${id}/supportState`, { state: 'open' });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ state: 'OPEN' });
    expect(await canRead(ines)).toBe(200);
    expect(await canEdit(ines)).toBe(200);
    expect((await del(ines.client, `/api/Project/${id}`)).statusCode).toBe(403);
    const closed = await put(ines.client, `/api/Project/${id}/supportState`, { state: 'Closed' });
    expect(closed.json()).toMatchObject({ state: 'CLOSED', supportRequestDate: null });
    expect(await canRead(ines)).toBe(403);
    expect((await put(anna.client, `/api/Project/${id}/supportState`, { state: 'maybe' })).statusCode).toBe(400);
  });

  it('lets only creator, owner and administrators delete, with the waterflow', async () => {
    const ids = await Promise.all([createProject(anna.client), createProject(anna.client), createProject(bert.client)]);
    const [own, forAdmin, bertsOwn] = ids as [string, string, string];
    await anna.client.post(`/api/Project/${own}/surface`, { name: 'Dach' });
    expect((await del(bert.client, `/api/Project/${own}`)).json()).toMatchObject({ code: 10 });
    expect((await del(carl.client, `/api/Project/${own}`)).statusCode).toBe(403);
    const deleted = await del(anna.client, `/api/Project/${own}`);
    expect(deleted.json()).toEqual({ type: 'MESSAGE', code: 0, message: 'Project deleted' });
    expect(await em().count(WaterflowNode, { project: own })).toBe(0);
    expect((await anna.client.get(`/api/Project/${own}`)).statusCode).toBe(404);
    expect((await del(ada.client, `/api/Project/${forAdmin}`)).statusCode).toBe(200);
    expect((await del(anna.client, `/api/Project/${bertsOwn}`)).statusCode).toBe(403); // Anna owns the organization, not the project
    // A project whose owner left keeps its creator's rights.
    await em().nativeUpdate(Project, { id: bertsOwn }, { owner: anna.id });
    expect((await del(bert.client, `/api/Project/${bertsOwn}`)).statusCode).toBe(200);
  });
});

describe('PATCH /Project/{id}', () => {
  it('changes fields partially and keeps the rest', async () => {
    const id = await createProject(anna.client);
    const moved = { latitude: 52.52, longitude: 13.405, address: 'Alexanderplatz, Berlin' };
    const patched = await anna.client.patch(`/api/Project/${id}`, { project: { name: 'Umbenannt', airPollution: 'L4', comment: '' }, location: moved, clientData: null });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ name: 'Umbenannt', airPollution: 'L4', comment: null, location: moved, clientData: null, ruleEdition: 'DWA-A 138-1:2024' });
    const edition = await anna.client.patch(`/api/Project/${id}`, { project: { ruleEdition: 'DWA-A 138:2005' } });
    expect(edition.json()).toMatchObject({ name: 'Umbenannt', ruleEdition: 'DWA-A 138:2005' });
    expect((await anna.client.patch(`/api/Project/${id}`, { project: { name: '' } })).statusCode).toBe(400);
  });
});

describe('GET /Project/userProjects and /Project/supportProjects', () => {
  it('lists own and organization projects, newest first, paged, sorted and searched', async () => {
    const fresh = await planner(testApp(), 'Frieda Liste');
    const names = ['Alpha Halle', 'Beta Schule', 'Gamma Kita'];
    for (const name of names) await createProject(fresh.client, { name });
    await em().nativeUpdate(Project, { name: 'Alpha Halle', owner: fresh.id }, { creationDate: new Date('2020-01-01T00:00:00Z') });
    const list = await fresh.client.get('/api/Project/userProjects');
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json() as { entries: Array<Record<string, unknown>>; totalCount: number };
    expect(body.totalCount).toBe(3);
    expect(body.entries.map((e) => e['name'])).toEqual(['Gamma Kita', 'Beta Schule', 'Alpha Halle']);
    expect(body.entries[0]).toMatchObject({ creator: { id: fresh.id, name: 'Frieda Liste' }, owner: { id: fresh.id }, address: MUNICH.address, comment: 'Kita mit Gründach', isUserProject: true, state: 'CLOSED' });
    expect(Object.keys(body.entries[0] ?? {}).sort()).toEqual(['address', 'comment', 'creationDate', 'creator', 'isUserProject', 'name', 'owner', 'projectId', 'state']);

    const paged = await fresh.client.get('/api/Project/userProjects', { Page: '2', PageSize: '2', SortByColumn: 'name', SortAscending: 'true' });
    expect(paged.json()).toMatchObject({ totalCount: 3, entries: [{ name: 'Gamma Kita' }] });
    const searched = await fresh.client.get('/api/Project/userProjects', { SearchString: 'kita', SearchInColumn: 'name' });
    expect(searched.json()).toMatchObject({ totalCount: 1, entries: [{ name: 'Gamma Kita' }] });
    expect((await fresh.client.get('/api/Project/userProjects', { SortByColumn: 'nope' })).json()).toMatchObject({ code: 2 });
    expect((await fresh.client.get('/api/Project/userProjects', { SearchString: 'frieda', SearchInColumn: 'creator' })).json()).toMatchObject({ totalCount: 3 });
    expect((await fresh.client.get('/api/Project/userProjects', { SearchString: '100%_' })).json()).toMatchObject({ totalCount: 0, entries: [] });
    expect((await fresh.client.get('/api/Project/userProjects', { Page: '5' })).json()).toEqual({ totalCount: 3, entries: [] });
    const byCreator = (await fresh.client.get('/api/Project/userProjects', { SortByColumn: 'Creator', SortAscending: 'false', PageSize: 'all' })).json() as { entries: unknown[] };
    expect(byCreator.entries).toHaveLength(3);

    // Bert sees Anna's projects (same organization), not as his own; Carl sees none of them.
    const annas = await createProject(anna.client, { name: 'Organisationsprojekt' });
    const berts = (await bert.client.get('/api/Project/userProjects', { PageSize: 'all' })).json() as { entries: Array<{ projectId: string; isUserProject: boolean }> };
    expect(berts.entries.find((e) => e.projectId === annas)).toMatchObject({ isUserProject: false });
    const carls = (await carl.client.get('/api/Project/userProjects', { PageSize: 'all' })).json() as { entries: Array<{ projectId: string }> };
    expect(carls.entries.find((e) => e.projectId === annas)).toBeUndefined();
  });

  it('shows open support requests to internal staff and administrators only', async () => {
    const id = await createProject(anna.client, { name: 'Hilfe bitte' });
    expect((await put(anna.client, `/api/Project/${id}/supportState`, { state: 'OPEN' })).statusCode).toBe(200);
    expect((await anna.client.get('/api/Project/supportProjects')).statusCode).toBe(403);
    for (const who of [ines, ada]) {
      const list = await who.client.get('/api/Project/supportProjects', { PageSize: 'all' });
      expect(list.statusCode, list.body).toBe(200);
      const entry = (list.json() as { entries: Array<{ creationDate: string; project: { projectId: string; state: string } }> }).entries.find((e) => e.project.projectId === id);
      expect(entry).toMatchObject({ project: { name: 'Hilfe bitte', state: 'OPEN' } });
      expect(Date.parse(entry?.creationDate ?? '')).toBeGreaterThan(Date.now() - 60_000);
    }
    await put(anna.client, `/api/Project/${id}/supportState`, { state: 'CLOSED' });
    const after = (await ines.client.get('/api/Project/supportProjects', { PageSize: 'all' })).json() as { entries: Array<{ project: { projectId: string } }> };
    expect(after.entries.some((e) => e.project.projectId === id)).toBe(false);
  });
});

describe('POST /Project/{id}/clone', () => {
  async function filledProject(): Promise<{ id: string; surface: string; measure: string; purification: string }> {
    const id = await createProject(anna.client, { name: 'Original' });
    const post = async (kind: string, name: string) => (await anna.client.post(`/api/Project/${id}/${kind}`, { name })).json() as { id: string; version: number };
    const measure = await post('measure', 'Mulde');
    const purification = await post('purification', 'Schacht');
    const surface = await post('surface', 'Dach');
    const purificationNode = (await anna.client.get(`/api/Project/${id}/purification/${purification.id}`)).json() as Record<string, unknown>;
    expect((await put(anna.client, `/api/Project/${id}/purification/${purification.id}`, { ...purificationNode, parentId: measure.id })).statusCode).toBe(200);
    expect((await put(anna.client, `/api/Project/${id}/surface/${surface.id}`, roof(surface, 300, purification.id))).statusCode).toBe(200);
    const products = await put(anna.client, `/api/Project/${id}/measure/${measure.id}/additionalProducts`, [{ materialNumber: '300100', quantity: 25 }]);
    expect(products.statusCode, products.body).toBe(200);
    const rain = await put(anna.client, `/api/Project/${id}/customRaindata`, { raindataSeries: [{ annuality: 5, valuesForDurations: [{ duration: 15, value: 200 }] }] });
    expect(rain.statusCode, rain.body).toBe(200);
    return { id, surface: surface.id, measure: measure.id, purification: purification.id };
  }

  it('copies the project with new node ids, remapped links, custom rain data and product lists', async () => {
    const original = await filledProject();
    const cloned = await bert.client.post(`/api/Project/${original.id}/clone`);
    expect(cloned.statusCode, cloned.body).toBe(200);
    const copyId = cloned.json() as string;
    expect(copyId).not.toBe(original.id);
    const detail = (await bert.client.get(`/api/Project/${copyId}`)).json() as Record<string, unknown>;
    expect(detail).toMatchObject({ name: 'Original (Kopie)', usesCustomRaindata: true, creator: { id: bert.id }, owner: { id: bert.id }, state: 'CLOSED' });
    const [before, after] = await Promise.all([anna.client.get(`/api/Project/${original.id}/waterflow`), bert.client.get(`/api/Project/${copyId}/waterflow`)]);
    const a = before.json() as { sealedSurfaces: Array<{ id: string; parentId: string; value: number }>; purifications: Array<{ id: string; parentId: string; sealedSurfaces: string[]; AC: number }>; measures: Array<{ id: string; sealedSurfaces: string[]; AC: number }> };
    const b = after.json() as typeof a;
    expect(b.sealedSurfaces).toHaveLength(1);
    const [surface, purification, measure] = [b.sealedSurfaces[0], b.purifications[0], b.measures[0]];
    expect([surface?.id, purification?.id, measure?.id].some((x) => [original.surface, original.purification, original.measure].includes(x ?? ''))).toBe(false);
    expect(surface).toMatchObject({ parentId: purification?.id, value: 300 });
    expect(purification).toMatchObject({ parentId: measure?.id, sealedSurfaces: [surface?.id], AC: a.purifications[0]?.AC });
    expect(measure).toMatchObject({ sealedSurfaces: [surface?.id], AC: a.measures[0]?.AC });
    const products = await bert.client.get(`/api/Project/${copyId}/measure/${measure?.id}/additionalProducts`);
    expect(products.json()).toMatchObject([{ materialNumber: '300100', quantity: 25 }]);
    expect((await bert.client.get(`/api/Project/${copyId}/raindata`)).json()).toMatchObject({ source: { edition: 'custom' } });

    const named = await anna.client.post(`/api/Project/${original.id}/clone`, { name: 'Variante B' });
    expect((await anna.client.get(`/api/Project/${named.json() as string}`)).json()).toMatchObject({ name: 'Variante B' });
    expect((await carl.client.post(`/api/Project/${original.id}/clone`)).statusCode).toBe(403);
  });

  it('leaves nothing behind when a step fails midway', async () => {
    const original = await filledProject();
    const counts = async () => [await em().count(Project, {}), await em().count(WaterflowNode, {}), await em().count(MeasureProducts, {})];
    const before = await counts();
    for (const step of ['project', 'nodes', 'products'] as const) {
      const manager = em();
      const source = await manager.findOneOrFail(Project, { id: original.id });
      const user = await manager.findOneOrFail(User, { id: anna.id });
      await expect(
        cloneProject(manager, source, user, {
          afterStep: (done) => {
            if (done === step) throw new Error(`injected failure after ${step}`);
          },
        }),
      ).rejects.toThrow(`injected failure after ${step}`);
      expect(await counts()).toEqual(before);
    }
  });

  it('is documented as an extension in the OpenAPI document', async () => {
    const doc = (await testApp().app.inject({ url: '/docs/json' })).json() as { paths: Record<string, Record<string, Record<string, unknown>>> };
    expect(doc.paths['/api/Project/{id}/clone']?.['post']).toMatchObject({ 'x-rainplan-extension': true });
    expect(doc.paths['/api/Project/{projectId}/waterflow']?.['get']).toMatchObject({ 'x-rainplan-extension': true });
  });
});
