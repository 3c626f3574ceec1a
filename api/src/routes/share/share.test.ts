/**
 * Read-only share links through HTTP (issue 19, part 3; decisions 0135–0137): create, list and
 * revoke as the project's owner; the public view, mass list and GAEB service catalogue with the
 * token and nothing else;
 * unknown, revoked and expired tokens; expiry and label rules; cross-tenant refusals; the limits
 * per address and per link; tokens stored hashed. PGlite, and PostgreSQL with
 * TEST_DATABASE_URL or CI=true.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countUp } from '../../accounts/rate-counters.ts';
import type { EntityManager } from '../../db/orm.ts';
import { SHARE_ADDRESS_LIMIT, SHARE_LINK_LIMIT } from '../../projects/share-links.ts';
import { joinOrganization, organizationOf, person, type Person } from '../../testing/people.ts';
import { createProject, put, roof } from '../../testing/planning.ts';
import { startTestApp, type Client, type TestApp } from '../../testing/test-app.ts';

let testApp: TestApp;
let anna: Person;
let mia: Person;
let otto: Person;
let anonymous: Client;

interface Link { id: string; label: string | null; creationDate: string; expiresAt: string | null; revokedAt: string | null; state: string; lastAccess: string | null; accessCount: number; token?: string; path?: string }

const em = () => testApp.app.orm.em.fork() as EntityManager;
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

async function share(client: Client, projectId: string, body: Record<string, unknown> = {}): Promise<Link & { token: string }> {
  const response = await client.post(`/api/Project/${projectId}/shareLinks`, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Link & { token: string };
}

async function list(client: Client, projectId: string): Promise<Link[]> {
  const response = await client.get(`/api/Project/${projectId}/shareLinks`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Link[];
}

const expectError = (response: { statusCode: number; body: string }, status: number, code: number) => {
  expect(response.statusCode, response.body).toBe(status);
  expect(JSON.parse(response.body)).toEqual({ type: 'ERROR', code, message: expect.any(String) as unknown });
};

/** A project of `who` with a roof draining into a trough. */
async function projectWithMeasure(who: Person, name: string): Promise<string> {
  const projectId = await createProject(who.client, { name });
  const surface = (await who.client.post(`/api/Project/${projectId}/surface`, { name: 'Dach Nord' })).json() as Record<string, unknown>;
  const measure = (await who.client.post(`/api/Project/${projectId}/measure`, { name: 'Mulde Hof' })).json() as Record<string, unknown>;
  const saved = await put(who.client, `/api/Project/${projectId}/surface/${String(surface['id'])}`, roof(surface, 420, String(measure['id'])));
  expect(saved.statusCode, saved.body).toBe(200);
  return projectId;
}

beforeAll(async () => {
  testApp = await startTestApp();
  [anna, mia, otto] = await Promise.all([person(testApp, 'Anna Eigner'), person(testApp, 'Mia Mitglied'), person(testApp, 'Otto Anders')]);
  const organization = await organizationOf(anna, [], 'Regen GmbH');
  await joinOrganization(anna, organization, [mia]);
  await organizationOf(otto, [], 'Andere AG');
  anonymous = testApp.client();
}, 90_000);
afterAll(async () => testApp?.close());

describe('creating and listing links', { timeout: 30_000 }, () => {
  it('answers the token once, lists links without it and stores only its SHA-256', async () => {
    const projectId = await projectWithMeasure(anna, 'Kita Sonnenschein');
    const created = await share(anna.client, projectId, { label: ' Untere Wasserbehörde ', expiresAt: inDays(30) });
    expect(created.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(created.token, 'base64url')).toHaveLength(32);
    expect(created).toMatchObject({ label: 'Untere Wasserbehörde', state: 'active', accessCount: 0, lastAccess: null, revokedAt: null, path: `/share/${created.token}` });
    const second = await share(anna.client, projectId);
    expect(second.token).not.toBe(created.token);
    expect(second).toMatchObject({ label: null, expiresAt: null });

    const links = await list(anna.client, projectId);
    expect(links.map((l) => l.id)).toEqual([second.id, created.id]);
    expect(JSON.stringify(links)).not.toContain(created.token);
    for (const link of links) expect(link).not.toHaveProperty('token');

    const rows = await em().getConnection().execute<Array<Record<string, unknown>>>('select * from share_link where project_id = ?', [projectId]);
    expect(JSON.stringify(rows)).not.toContain(created.token);
    expect(rows.map((r) => r['token_hash'])).toContain(createHash('sha256').update(created.token).digest('hex'));
  });

  it('refuses an expiry in the past, beyond a year or of the wrong type, and a label that is too long, storing nothing', async () => {
    const projectId = await createProject(anna.client);
    for (const body of [
      { expiresAt: inDays(-1) },
      { expiresAt: inDays(367) },
      { expiresAt: 'morgen' },
      { expiresAt: 1_900_000_000_000 },
      { label: 'x'.repeat(201) },
      { label: 12 },
      { label: 'Dach\u0000' },
    ]) {
      expectError(await anna.client.post(`/api/Project/${projectId}/shareLinks`, body), 400, 2);
    }
    expect(await list(anna.client, projectId)).toEqual([]);
    expect((await share(anna.client, projectId, { expiresAt: inDays(365), label: '' })).label).toBeNull();
  });

  it('keeps a crafted label as text (bound parameters)', async () => {
    const projectId = await createProject(anna.client);
    const label = "x'); drop table share_link; --";
    const created = await share(anna.client, projectId, { label });
    expect((await list(anna.client, projectId))[0]?.label).toBe(label);
    expect((await anonymous.get(`/api/Share/${created.token}`)).json()).toMatchObject({ link: { label } });
  });
});

describe('the shared view', { timeout: 30_000 }, () => {
  it('opens the project read-only without an account, creates no session, counts the access and shows no people', async () => {
    const projectId = await projectWithMeasure(anna, 'Schule am Bach');
    const { token, id } = await share(anna.client, projectId, { label: 'Bauherr' });
    const fresh = testApp.client();
    const response = await fresh.get(`/api/Share/${token}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json() as { link: { label: string }; project: Record<string, unknown>; file: { schemaVersion: number; project: { name: string }; waterflow: { sealedSurfaces: Array<Record<string, unknown>>; measures: Array<Record<string, unknown>> }; rainData?: unknown; purificationFacilities: unknown[] } };
    expect(body.link).toEqual({ label: 'Bauherr', expiresAt: null });
    expect(body.project).toMatchObject({ name: 'Schule am Bach', comment: 'Kita mit Gründach', airPollution: 'L2', ruleEdition: 'DWA-A 138-1:2024', usesCustomRaindata: false });
    expect(body.project['location']).toMatchObject({ latitude: 48.137, longitude: 11.575 });
    expect(body.project['clientData']).toMatchObject({ name: 'Stadtwerke' });
    expect(body.file.project.name).toBe('Schule am Bach');
    expect(body.file.waterflow.sealedSurfaces).toHaveLength(1);
    expect(body.file.waterflow.sealedSurfaces[0]).toMatchObject({ name: 'Dach Nord', value: 420 });
    expect(body.file.waterflow.measures[0]).toMatchObject({ name: 'Mulde Hof' });
    expect(body.file.waterflow.sealedSurfaces[0]).not.toHaveProperty('version');
    expect((response.json() as { itemTypes: unknown[] }).itemTypes.length).toBeGreaterThan(0);
    // the planner who shared it is named as on the planner's own report (decision 0200); no
    // account data: not the planner's e-mail or id, nor the project's id
    expect((response.json() as { planner: unknown }).planner).toBe(anna.name);
    for (const secret of [anna.email, anna.id, projectId]) expect(response.body).not.toContain(secret);

    // the project file holds the comment and the client block, and is the planner's own file
    expect((body.file.project as Record<string, unknown>)['comment']).toBe('Kita mit Gründach');
    expect((body.file.project as Record<string, unknown>)['clientData']).toMatchObject({ name: 'Stadtwerke' });
    const own = await anna.client.get(`/api/Documents/${projectId}/projectFile`);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.headers['cache-control']).toBe('no-store');
    expect(body.file).toEqual(own.json());
    await fresh.get(`/api/Share/${token}`);
    const [link] = (await list(anna.client, projectId)).filter((l) => l.id === id);
    expect(link?.accessCount).toBe(2);
    expect(Date.now() - Date.parse(link?.lastAccess ?? '')).toBeLessThan(60_000);
  });

  it('serves the mass list of the shared project only, and only GET', async () => {
    const projectId = await createProject(anna.client, { name: 'Hof mit Rigole' });
    const config = (await anna.client.post('/api/BoxConfigurator', { projectId, measureId: null, name: 'Hof' })).json() as { id: string };
    const box = (x: number) => ({ boxId: null, boxTypeId: 'BOX_FULL', x, y: 0, z: 0, rotation: 'North', options: [] });
    expect((await put(anna.client, `/api/BoxConfigurator/${config.id}/boxItems`, { version: 1, boxItems: [box(0), box(1)] })).statusCode).toBe(200);
    const { token } = await share(anna.client, projectId);
    // the project file carries the configuration with its items, as the planner's download
    const view = (await anonymous.get(`/api/Share/${token}`)).json() as { file: { boxConfigurations: Array<{ name: string; items: unknown[] }> } };
    expect(view.file.boxConfigurations.map((c) => [c.name, c.items.length])).toEqual([['Hof', 2]]);
    const shared = await anonymous.get(`/api/Share/${token}/masslist/data`, { groupBy: 'none', languageCode: 'en' });
    expect(shared.statusCode, shared.body).toBe(200);
    const own = await anna.client.get(`/api/Documents/${projectId}/masslist/data`, { groupBy: 'none', languageCode: 'en' });
    expect(shared.json()).toEqual(own.json());
    expectError(await anonymous.get(`/api/Share/${token}/masslist/data`, { groupBy: 'everything' }), 400, 2);
    // the GAEB service catalogue (decision 0160): the planner's file, byte for byte
    for (const gaebFileType of ['GaebX81', 'GaebX82', 'Gaebd82']) {
      const file = await anonymous.get(`/api/Share/${token}/serviceCatalogue`, { gaebFileType, languageCode: 'de' });
      expect(file.statusCode, file.body).toBe(200);
      expect(file.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename=".+\\.${gaebFileType.slice(-3)}"$`, 'i'));
      expect(file.headers['cache-control']).toBe('no-store');
      const planner = await anna.client.get(`/api/Documents/${projectId}/serviceCatalogue`, { gaebFileType, languageCode: 'de' });
      expect(file.rawPayload.equals(planner.rawPayload), gaebFileType).toBe(true);
    }
    expectError(await anonymous.get(`/api/Share/${token}/serviceCatalogue`, { gaebFileType: 'GaebX83' }), 400, 2);
    expectError(await anonymous.get(`/api/Share/${token}/serviceCatalogue`), 400, 2);
    expectError(await anonymous.call({ method: 'POST', url: `/api/Share/${token}/serviceCatalogue`, body: {} }), 405, 23);
    // nothing writable under the token
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      expectError(await anonymous.call({ method, url: `/api/Share/${token}`, body: {} }), 405, 23);
    }
    // the token is not a key to anything else
    expectError(await anonymous.get(`/api/Project/${projectId}`), 401, 9);
    expectError(await anonymous.get(`/api/Documents/${projectId}/masslist/data`, { token }), 401, 9);
  });

  it('answers unknown and malformed tokens with one clear error', async () => {
    expectError(await anonymous.get(`/api/Share/${'A'.repeat(43)}`), 404, 70);
    expectError(await anonymous.get(`/api/Share/${'A'.repeat(43)}/masslist/data`), 404, 70);
    expectError(await anonymous.get(`/api/Share/${'A'.repeat(43)}/serviceCatalogue`, { gaebFileType: 'GaebX82' }), 404, 70);
    expectError(await anonymous.get('/api/Share/kurz'), 400, 2);
    expectError(await anonymous.get(`/api/Share/${'A'.repeat(42)}%00`), 400, 2);
  });

  it('answers 410 for a revoked link and for an expired one, and 404 once the project is deleted', async () => {
    const projectId = await projectWithMeasure(anna, 'Widerruf');
    const revoked = await share(anna.client, projectId);
    const expired = await share(anna.client, projectId, { expiresAt: inDays(2) });
    const kept = await share(anna.client, projectId);
    const answer = await anna.client.call({ method: 'DELETE', url: `/api/Project/${projectId}/shareLinks/${revoked.id}` });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ id: revoked.id, state: 'revoked' });
    const revokedAt = (answer.json() as Link).revokedAt;
    expectError(await anonymous.get(`/api/Share/${revoked.token}`), 410, 71);
    expectError(await anonymous.get(`/api/Share/${revoked.token}/masslist/data`), 410, 71);
    expectError(await anonymous.get(`/api/Share/${revoked.token}/serviceCatalogue`, { gaebFileType: 'GaebX81' }), 410, 71);
    // revoking again keeps the first time
    expect((await anna.client.call({ method: 'DELETE', url: `/api/Project/${projectId}/shareLinks/${revoked.id}` })).json()).toMatchObject({ revokedAt });

    await em().getConnection().execute('update share_link set expires_at = ? where id = ?', [new Date(Date.now() - 1000).toISOString(), expired.id]);
    expectError(await anonymous.get(`/api/Share/${expired.token}`), 410, 71);
    const states = Object.fromEntries((await list(anna.client, projectId)).map((l) => [l.id, l.state]));
    expect(states).toEqual({ [revoked.id]: 'revoked', [expired.id]: 'expired', [kept.id]: 'active' });
    expect((await anonymous.get(`/api/Share/${kept.token}`)).statusCode).toBe(200);

    expect((await anna.client.call({ method: 'DELETE', url: `/api/Project/${projectId}` })).statusCode).toBe(200);
    expectError(await anonymous.get(`/api/Share/${kept.token}`), 404, 70);
  });
});

describe('who may share', { timeout: 30_000 }, () => {
  it('refuses members, other organizations and anonymous callers; a link id of another project is not found', async () => {
    const projectA = await createProject(anna.client, { name: 'Projekt A' });
    const projectB = await createProject(otto.client, { name: 'Projekt B' });
    const linkA = await share(anna.client, projectA);
    const linkB = await share(otto.client, projectB);

    // the member may edit the project, but not share it
    expect((await mia.client.get(`/api/Project/${projectA}`)).statusCode).toBe(200);
    expectError(await mia.client.post(`/api/Project/${projectA}/shareLinks`, {}), 403, 10);
    expectError(await mia.client.get(`/api/Project/${projectA}/shareLinks`), 403, 10);
    expectError(await mia.client.call({ method: 'DELETE', url: `/api/Project/${projectA}/shareLinks/${linkA.id}` }), 403, 10);
    // another organization's owner
    expectError(await otto.client.post(`/api/Project/${projectA}/shareLinks`, {}), 403, 10);
    expectError(await otto.client.get(`/api/Project/${projectA}/shareLinks`), 403, 10);
    expectError(await otto.client.call({ method: 'DELETE', url: `/api/Project/${projectA}/shareLinks/${linkA.id}` }), 403, 10);
    // B's link through A's path: not found, and B's link stays active
    expectError(await anna.client.call({ method: 'DELETE', url: `/api/Project/${projectA}/shareLinks/${linkB.id}` }), 404, 11);
    expect((await list(otto.client, projectB))[0]?.state).toBe('active');
    // anonymous
    expectError(await anonymous.post(`/api/Project/${projectA}/shareLinks`, {}), 401, 9);
    expectError(await anonymous.get(`/api/Project/${projectA}/shareLinks`), 401, 9);

    // each token opens its own project only
    expect((await anonymous.get(`/api/Share/${linkA.token}`)).json()).toMatchObject({ project: { name: 'Projekt A' } });
    expect((await anonymous.get(`/api/Share/${linkB.token}`)).json()).toMatchObject({ project: { name: 'Projekt B' } });
    expect(await list(anna.client, projectA)).toHaveLength(1);
  });
});

describe('limits', { timeout: 30_000 }, () => {
  it('answers 429 once a link or an address has used its calls, with Retry-After', async () => {
    const projectId = await createProject(anna.client);
    const busy = await share(anna.client, projectId);
    const other = await share(anna.client, projectId);
    await countUp(em(), `share:link:${busy.id}`, SHARE_LINK_LIMIT, SHARE_LINK_LIMIT.max);
    const refused = await anonymous.get(`/api/Share/${busy.token}`);
    expectError(refused, 429, 15);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // the other link of the same project still opens
    expect((await anonymous.get(`/api/Share/${other.token}`)).statusCode).toBe(200);

    // per address: inject's address is 127.0.0.1; every token, known or not, counts
    await countUp(em(), 'share:ip:127.0.0.1', SHARE_ADDRESS_LIMIT, SHARE_ADDRESS_LIMIT.max);
    expectError(await anonymous.get(`/api/Share/${other.token}`), 429, 15);
    expectError(await anonymous.get(`/api/Share/${'B'.repeat(43)}`), 429, 15);
    await em().getConnection().execute("delete from rate_counter where key like 'share:%'", []);
    expect((await anonymous.get(`/api/Share/${other.token}`)).statusCode).toBe(200);
  });

  it('holds at most 100 links per project', async () => {
    const projectId = await createProject(anna.client);
    const rows = Array.from({ length: 100 }, (_, i) => [projectId, createHash('sha256').update(`t${i}-${projectId}`).digest('hex')]);
    for (const [project, hash] of rows) {
      await em().getConnection().execute("insert into share_link (id, project_id, token_hash, creation_date, access_count) values (gen_random_uuid(), ?, ?, now(), 0)", [project, hash]);
    }
    expectError(await anna.client.post(`/api/Project/${projectId}/shareLinks`, {}), 409, 72);
  });
});
