/**
 * Issue 13.1: a crafted name once rewrote every row of a table on PGlite. Per table, a rename
 * changes exactly the target row, with names of every awkward shape (stored and read back
 * exactly), and the crafted shape itself (lone surrogates, NUL) is refused with 400, code 2,
 * changing nothing. Runs on PGlite and, with TEST_DATABASE_URL or CI=true, on PostgreSQL.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { EntityManager } from './orm.ts';
import { bindParameters, IllFormedParameterError, isStorableText } from './bound-parameters.ts';
import { createProject, put } from '../testing/planning.ts';
import { organizationOf, person, type Person } from '../testing/people.ts';
import { fileTestApp } from '../testing/test-app.ts';

/** The probe of the issue: a 2-byte character and a lone low surrogate, 51 times. */
const CRAFTED = 'X' + 'ä\udc00'.repeat(51);
const ILL_FORMED = [CRAFTED, 'ä\ud800'.repeat(51), '\udc00', 'Dach\u0000Nord', 'a\ud83d'];
/** Well-formed names that exercise quoting, placeholders and multi-byte text. */
const AWKWARD = [
  'X' + 'ä😀'.repeat(51),
  "O'Brien \\ ? ?? $1 \\? '; update project set name = 'x' --",
  'Zeile\nzwei\t"zitiert" ${name} %s',
  '𝔑𝔞𝔪𝔢 — ümlaut ß',
];

const testApp = fileTestApp();
let anna: Person;
let bert: Person;
const em = () => testApp().app.orm.em.fork() as EntityManager;

beforeAll(async () => {
  [anna, bert] = await Promise.all([person(testApp(), 'Anna Planer'), person(testApp(), 'Bert Nachbar')]);
  await organizationOf(bert, [], 'Büro Bert');
  await createProject(bert.client, { name: 'Bert sein Projekt' });
}, 60_000);

/** Every row's name by id (a node's name sits in its JSON, its key is project and node id). */
async function names(table: string): Promise<Map<string, string>> {
  const select = table === 'waterflow_node' ? `select project_id || '/' || id as id, data->>'name' as name from waterflow_node` : `select id, name from ${table}`;
  const rows = await em().getConnection().execute<Array<{ id: string; name: string }>>(select);
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Renames the target through the api and returns its status and body. */
type Rename = (name: string) => Promise<{ status: number; body: string }>;

interface Target {
  readonly table: string;
  readonly id: string;
  readonly rename: Rename;
}

const targets: Record<string, () => Promise<Target>> = {
  app_user: async () => {
    const user = ((await anna.client.get('/api/User')).json() as { user: Record<string, unknown> }).user;
    const fields = ['formOfAddress', 'name', 'email', 'company', 'street', 'houseNumber', 'zipCode', 'city', 'phoneNumber'];
    const body = Object.fromEntries(fields.filter((field) => user[field] !== undefined).map((field) => [field, user[field]]));
    return {
      table: 'app_user',
      id: anna.id,
      rename: async (name) => {
        const response = await anna.client.patch('/api/User', { ...body, name });
        return { status: response.statusCode, body: response.body };
      },
    };
  },
  organization: async () => {
    const id = await organizationOf(anna, [], 'Büro Anna');
    return {
      table: 'organization',
      id,
      rename: async (name) => {
        const response = await anna.client.patch(`/api/Organization/${id}`, { name });
        return { status: response.statusCode, body: response.body };
      },
    };
  },
  project: async () => {
    const id = await createProject(anna.client);
    return {
      table: 'project',
      id,
      rename: async (name) => {
        const response = await anna.client.patch(`/api/Project/${id}`, { project: { name } });
        return { status: response.statusCode, body: response.body };
      },
    };
  },
  waterflow_node: async () => {
    const projectId = await createProject(anna.client);
    const created = await anna.client.post(`/api/Project/${projectId}/surface`, { name: 'Dach' });
    expect(created.statusCode, created.body).toBe(200);
    const other = await createProject(bert.client);
    expect((await bert.client.post(`/api/Project/${other}/surface`, { name: 'Hof' })).statusCode).toBe(200);
    let node = created.json() as Record<string, unknown> & { id: string };
    return {
      table: 'waterflow_node',
      id: `${projectId}/${node.id}`,
      rename: async (name) => {
        const response = await put(anna.client, `/api/Project/${projectId}/surface/${node.id}`, { ...node, name });
        if (response.statusCode === 200) node = response.json() as typeof node;
        return { status: response.statusCode, body: response.body };
      },
    };
  },
};

describe('a name of any shape changes exactly one row', () => {
  for (const [table, makeTarget] of Object.entries(targets)) {
    it(`${table}: awkward names are stored exactly, crafted ones refused with 400 code 2`, async () => {
      const target = await makeTarget();
      for (const name of AWKWARD) {
        const before = await names(target.table);
        expect(before.size).toBeGreaterThan(1);
        const answer = await target.rename(name);
        expect(answer.status, answer.body).toBe(200);
        const after = await names(target.table);
        expect(after.get(target.id)).toBe(name);
        for (const [id, old] of before) if (id !== target.id) expect(after.get(id), `${table} ${id}`).toBe(old);
        expect(after.size).toBe(before.size);
      }
      for (const name of ILL_FORMED) {
        const before = await names(target.table);
        const answer = await target.rename(name);
        expect(answer.status, answer.body).toBe(400);
        expect(JSON.parse(answer.body)).toMatchObject({ type: 'ERROR', code: 2 });
        expect(await names(target.table)).toEqual(before);
      }
    });
  }
});

describe('the json body parser', () => {
  it('refuses NUL and lone surrogates anywhere in a body, a key, a query or a path, also before login', async () => {
    const raw = (url: string, payload: string, method: 'POST' | 'PATCH' = 'POST') =>
      testApp().app.inject({ method, url, payload, headers: { 'content-type': 'application/json' } });
    for (const payload of [
      '{"email":"a\\u0000@b.de","password":"x"}',
      '{"email":"a@b.de","password":"\\udc00"}',
      '{"email":"a@b.de","password":"x","\\ud800":1}',
      '[["\\u0000"]]',
    ]) {
      const response = await raw('/api/User/login', payload);
      expect(response.statusCode, payload).toBe(400);
      expect(response.json()).toMatchObject({ type: 'ERROR', code: 2 });
    }
    const query = await anna.client.get('/api/Project/userProjects', { SearchString: 'a\u0000b' });
    expect(query.statusCode, query.body).toBe(400);
    expect(query.json()).toMatchObject({ code: 2 });
    const escapedQuery = await anna.client.call({ url: '/api/Project/userProjects?SearchString=%ED%B0%80' });
    expect(escapedQuery.statusCode, escapedQuery.body).toBeLessThan(500);
    const deep = await raw('/api/User/login', '['.repeat(5000) + ']'.repeat(5000));
    expect(deep.statusCode).toBe(400);
  });
});

describe('bindParameters', () => {
  const platform = () => testApp().app.orm.em.getPlatform() as Parameters<typeof bindParameters>[0];

  it('turns ? into $n, keeps identifiers (??) and the \\? escape in the text, and binds every value', () => {
    const bound = bindParameters(platform(), 'update ?? set "name" = ?, "data" = ? where "id" in (?) and x \\? y', [
      'project',
      "it's",
      { a: 1 },
      ['a', 'b'],
    ]);
    expect(bound.sql).toBe('update "project" set "name" = $1, "data" = $2 where "id" in ($3, $4) and x ? y');
    expect(bound.parameters).toEqual(["it's", '{"a":1}', 'a', 'b']);
  });

  it('refuses strings PostgreSQL cannot store, and accepts surrogate pairs', () => {
    expect(() => bindParameters(platform(), 'select ?', [CRAFTED])).toThrow(IllFormedParameterError);
    expect(() => bindParameters(platform(), 'select ?', ['a\u0000'])).toThrow(IllFormedParameterError);
    expect(isStorableText('ä😀')).toBe(true);
    expect(isStorableText('😀'.slice(0, 1))).toBe(false);
  });

  it('sends the crafted text to the database as a parameter, never as SQL', async () => {
    const connection = em().getConnection();
    await expect(connection.execute('select ? as name', [CRAFTED])).rejects.toThrow(IllFormedParameterError);
    const [row] = await connection.execute<Array<{ name: string }>>('select ?::text as name', [AWKWARD[1]]);
    expect(row?.name).toBe(AWKWARD[1]);
  });
});
