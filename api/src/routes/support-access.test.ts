/**
 * Issue 25, item 2 (decision 0186): support access ends with the support request. While support
 * is open, internal staff read and edit the customer's project (and its nodes, configurations,
 * documents); they cannot take it with them — no clone into their own account, no share link, no
 * transfer (403, code 80). Once the owner closes support, nothing of the project is reachable to
 * them any more (403, code 10), and nothing of it was left in their own account. PGlite, and
 * PostgreSQL with TEST_DATABASE_URL or CI=true.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { person, type Person } from '../testing/people.ts';
import { createProject, put, roof } from '../testing/planning.ts';
import { fileTestApp } from '../testing/test-app.ts';

const testApp = fileTestApp();
let anna: Person;
let ines: Person;
let projectId: string;
let surface: Record<string, unknown>;
let configurationId: string;

const expectError = (response: { statusCode: number; body: string }, status: number, code: number, label = '') => {
  expect(response.statusCode, `${label} ${response.body}`).toBe(status);
  expect(JSON.parse(response.body), label).toEqual({ type: 'ERROR', code, message: expect.any(String) as unknown });
};

/** Every read of the project and its parts that internal staff used while support was open. */
const reads = () => [
  `/api/Project/${projectId}`,
  `/api/Project/${projectId}/waterflow`,
  `/api/Project/${projectId}/surface/${String(surface['id'])}`,
  `/api/Project/${projectId}/raindata`,
  `/api/BoxConfigurator/configurations/${projectId}`,
  `/api/BoxConfigurator/${configurationId}`,
  `/api/BoxConfigurator/${configurationId}/boxItems`,
  `/api/Documents/${projectId}/masslist/data?groupBy=measure&languageCode=en`,
  `/api/Documents/${projectId}/serviceCatalogue?gaebFileType=GaebX82&languageCode=en`,
  `/api/Project/${projectId}/shareLinks`,
];

beforeAll(async () => {
  [anna, ines] = await Promise.all([person(testApp(), 'Anna Kundin'), person(testApp(), 'Ines Intern', ['internal'])]);
  projectId = await createProject(anna.client, { name: 'Regenrückhalt Hof' });
  surface = (await anna.client.post(`/api/Project/${projectId}/surface`, { name: 'Dach' })).json() as Record<string, unknown>;
  const measure = (await anna.client.post(`/api/Project/${projectId}/measure`, { name: 'Mulde' })).json() as Record<string, unknown>;
  const saved = await put(anna.client, `/api/Project/${projectId}/surface/${String(surface['id'])}`, roof(surface, 300, String(measure['id'])));
  expect(saved.statusCode, saved.body).toBe(200);
  surface = saved.json() as Record<string, unknown>;
  const configuration = await anna.client.post('/api/BoxConfigurator', { projectId, measureId: null, name: 'Rigole' });
  expect(configuration.statusCode, configuration.body).toBe(200);
  configurationId = (configuration.json() as { id: string }).id;
  expect((await anna.client.post(`/api/Project/${projectId}/shareLinks`, { label: 'Amt' })).statusCode).toBe(200);
}, 120_000);

describe('support access', () => {
  it('before a support request internal staff see nothing of the project', async () => {
    expectError(await ines.client.get(`/api/Project/${projectId}`), 403, 10);
  }, 60_000);

  it('while support is open: internal staff read and edit, but cannot clone, share or transfer the project (403, code 80)', async () => {
    expect((await put(anna.client, `/api/Project/${projectId}/supportState`, { state: 'OPEN' })).statusCode).toBe(200);
    for (const url of reads().filter((u) => !u.endsWith('/shareLinks'))) {
      const response = await ines.client.get(url);
      // no imported rain data in this database: 404, code 57, is the answer of a reader
      if (url.endsWith('/raindata')) expectError(response, 404, 57, url);
      else expect(response.statusCode, `${url} ${response.body.slice(0, 200)}`).toBe(200);
    }
    // editing helps the customer: allowed (decision 0186), and it stays in the customer's project
    const edited = await put(ines.client, `/api/Project/${projectId}/surface/${String(surface['id'])}`, { ...roof(surface, 320, String(surface['parentId'])), name: 'Dach (geprüft)' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await anna.client.get(`/api/Project/${projectId}/surface/${String(surface['id'])}`)).json()).toMatchObject({ name: 'Dach (geprüft)' });

    expectError(await ines.client.post(`/api/Project/${projectId}/clone`), 403, 80, 'clone');
    expectError(await ines.client.post(`/api/Project/${projectId}/clone`, { name: 'Meine Kopie' }), 403, 80, 'clone with a name');
    expectError(await ines.client.post(`/api/Project/${projectId}/shareLinks`, { label: 'für mich' }), 403, 80, 'share link');
    expectError(await ines.client.get(`/api/Project/${projectId}/shareLinks`), 403, 80, 'share link list');
    expectError(await ines.client.post('/api/User/transferProjects', [{ projectId, userId: ines.id }]), 403, 80, 'transfer');
    // and nothing of it landed in the support user's own account
    expect((await ines.client.get('/api/Project/userProjects', { PageSize: 'all' })).json()).toMatchObject({ totalCount: 0 });
    // the owner still clones
    expect((await anna.client.post(`/api/Project/${projectId}/clone`)).statusCode).toBe(200);
  }, 120_000);

  it('once the owner closes support, nothing of the project is reachable to internal staff (403, code 10)', async () => {
    expect((await put(anna.client, `/api/Project/${projectId}/supportState`, { state: 'CLOSED' })).statusCode).toBe(200);
    for (const url of [...reads(), `/api/Documents/images/${configurationId}`, `/api/Documents/${projectId}/boxConfigurator/${configurationId}/masslist/data`]) {
      expectError(await ines.client.get(url), 403, 10, url);
    }
    expectError(await put(ines.client, `/api/Project/${projectId}/surface/${String(surface['id'])}`, { ...surface, name: 'Noch einmal' }), 403, 10, 'edit');
    expectError(await ines.client.post(`/api/Project/${projectId}/clone`), 403, 10, 'clone');
    expectError(await put(ines.client, `/api/Project/${projectId}/supportState`, { state: 'OPEN' }), 403, 10, 'reopen');
    const list = (await ines.client.get('/api/Project/supportProjects', { PageSize: 'all' })).json() as { entries: Array<{ project: { projectId: string } }> };
    expect(list.entries.map((entry) => entry.project.projectId)).not.toContain(projectId);
    expect((await ines.client.get('/api/Project/userProjects', { PageSize: 'all' })).json()).toMatchObject({ totalCount: 0 });
  }, 120_000);
});
