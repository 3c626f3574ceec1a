import { describe, expect, it, vi } from 'vitest';
import { createApi } from './index.ts';
import { ApiError, RequiredError, queryString } from './http.ts';
import { readConfig } from '../config.ts';

interface Call {
  url: string;
  init: RequestInit;
}

/** A fetch stub answering every call with `body` (string → raw text) and `status`. */
function stub(body: unknown, status = 200, statusText = '') {
  const calls: Call[] = [];
  const fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    const text = typeof body === 'string' ? body : body === undefined ? '' : JSON.stringify(body);
    return new Response(text === '' ? null : text, { status, statusText });
  });
  const errors: ApiError[] = [];
  const logger = { error: vi.fn(), warn: vi.fn() };
  const api = createApi({ config: readConfig({}), fetch: fetch as typeof globalThis.fetch, culture: () => 'en', onError: (e) => errors.push(e) });
  // the client logs non-JSON answers; route the log into the spy
  (api.http as unknown as { logger: typeof logger }).logger = logger;
  return { api, calls, errors, logger };
}

describe('API client conventions', () => {
  it('uses the base path, credentials and JSON bodies', async () => {
    const { api, calls } = stub({ type: 'MESSAGE', code: 0, message: 'ok' });
    await api.user.login({ email: 'a@b.de', password: 'x' });
    expect(calls[0]?.url).toBe('/api/User/login');
    expect(calls[0]?.init.method).toBe('POST');
    expect(calls[0]?.init.credentials).toBe('include');
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ email: 'a@b.de', password: 'x' });
  });

  it('sends X-XSRF-TOKEN on state-changing calls only', async () => {
    const { api, calls } = stub({});
    api.http.setToken('tok');
    await api.user.logout();
    await api.user.roles();
    expect((calls[0]?.init.headers as Record<string, string>)['X-XSRF-TOKEN']).toBe('tok');
    expect((calls[1]?.init.headers as Record<string, string>)['X-XSRF-TOKEN']).toBeUndefined();
  });

  it('honours a configured base path', async () => {
    const { calls } = stub({});
    const api = createApi({ config: readConfig({ VITE_API_BASE_PATH: '/backend/' }), fetch: (async (url: string) => {
      calls.push({ url, init: {} });
      return new Response('{}');
    }) as unknown as typeof fetch });
    await api.user.roles();
    expect(calls[0]?.url).toBe('/backend/User/roles');
  });

  it('writes list parameters and query arrays', async () => {
    const { api, calls } = stub({ entries: [], totalCount: 0 });
    await api.project.userProjects({ SearchString: 'Haus', Page: 2, PageSize: 20, SortAscending: false, SortByColumn: 'creationDate', SearchInColumn: 'name' });
    expect(calls[0]?.url).toBe('/api/Project/userProjects?SearchString=Haus&Page=2&PageSize=20&SortAscending=false&SortByColumn=creationDate&SearchInColumn=name');
    expect(queryString({ id: ['a', 'b'], skip: undefined, none: null })).toBe('?id=a&id=b');
  });

  it('passes uiCulture and languageCode from the current language', async () => {
    const { api, calls } = stub({ type: 'MESSAGE', code: 0, message: 'sent' });
    await api.user.forgotPassword('a@b.de');
    await api.project.products();
    expect(calls[0]?.url).toBe('/api/User/forgotPassword?uiCulture=en');
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ email: 'a@b.de', uiCulture: 'en' });
    expect(calls[1]?.url).toBe('/api/Project/products?languageCode=en');
  });
});

describe('response inspection (platform spec section 8)', () => {
  it('rejects an ERROR body with its code and message, and reports it', async () => {
    const { api, errors } = stub({ type: 'ERROR', code: 33, message: 'owner cannot leave' }, 409);
    const error = await api.user.leaveOrganization().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 33, message: 'owner cannot leave', status: 409 });
    expect(errors).toHaveLength(1);
  });

  it('rejects an ERROR body even with status 200', async () => {
    const { api } = stub({ type: 'ERROR', code: 2, message: 'validation failed' }, 200);
    await expect(api.user.roles()).rejects.toMatchObject({ code: 2 });
  });

  it('rejects a body with a title but no message, using the title as message', async () => {
    const { api } = stub({ title: 'One or more validation errors occurred.', status: 400 }, 400);
    await expect(api.user.roles()).rejects.toMatchObject({ message: 'One or more validation errors occurred.' });
  });

  it('lets an empty object and an empty body pass', async () => {
    expect(await stub({}).api.user.logout()).toEqual({});
    expect(await stub(undefined).api.user.logout()).toBeUndefined();
  });

  it('logs and rejects a body that is not JSON', async () => {
    const { api, logger } = stub('<html>proxy error</html>', 200);
    await expect(api.user.roles()).rejects.toBeInstanceOf(ApiError);
    expect(logger.error).toHaveBeenCalled();
  });

  it('lets a MESSAGE body pass', async () => {
    const body = { type: 'MESSAGE', code: 0, message: 'Confirmation e-mail sent' };
    expect(await stub(body).api.user.resendConfirmationEmail('a@b.de')).toEqual(body);
  });

  it('counts a body carrying a code field as failure', async () => {
    await expect(stub({ code: 51, message: 'measure still linked' }).api.user.roles()).rejects.toMatchObject({ code: 51 });
  });

  it('rejects any status outside 200–299 even with a plain body', async () => {
    await expect(stub({ something: 1 }, 500, 'Internal Server Error').api.user.roles()).rejects.toMatchObject({ status: 500, message: 'Internal Server Error' });
  });

  it('strips the quotes of the id answered by POST /Project', async () => {
    const { api } = stub('"3f1c-uuid"');
    const id = await api.project.create({
      project: { name: 'P', airPollutionType: 'L1' },
      location: { latitude: 48, longitude: 11, address: 'München' },
    });
    expect(id).toBe('3f1c-uuid');
  });

  it('raises "required parameter was null or undefined" for a missing path parameter, without a request', async () => {
    const { api, calls } = stub({});
    expect(() => api.project.get(undefined as unknown as string)).toThrow(RequiredError);
    expect(() => api.organization.members(null as unknown as string)).toThrow(/required parameter id was null or undefined/i);
    expect(calls).toHaveLength(0);
  });

  it('calls the api extensions: whole waterflow, atomic clone, delete with detach', async () => {
    const { api, calls } = stub('"new-id"');
    expect(await api.project.clone('p1')).toBe('new-id');
    await api.waterflow.delete('p1', 'measure', 'm1', { detach: false });
    expect(calls.map((c) => `${c.init.method} ${c.url}`)).toEqual(['POST /api/Project/p1/clone', 'DELETE /api/Project/p1/measure/m1?detach=false']);
    const second = stub({ sealedSurfaces: [], purifications: [], measures: [] });
    await second.api.waterflow.all('p1');
    expect(second.calls[0]?.url).toBe('/api/Project/p1/waterflow');
  });

  it('rejects deleting a waterflow node without project id with "No project id specified."', async () => {
    await expect(stub({}).api.waterflow.delete(undefined, 'measure', 'm1')).rejects.toThrow('No project id specified.');
  });

  it('does not report silent failures but still rejects them', async () => {
    const { api, errors, logger } = stub({ type: 'ERROR', code: 1, message: 'x' }, 500);
    await expect(api.project.get('p1', { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(errors).toHaveLength(0);
    expect(logger.warn).toHaveBeenCalled();
  });

  it('turns a network failure into "servers unreachable"', async () => {
    const api = createApi({ config: readConfig({}), fetch: (() => Promise.reject(new TypeError('Failed to fetch'))) as unknown as typeof fetch });
    await expect(api.user.get()).rejects.toMatchObject({ status: 0, message: 'servers unreachable' });
  });
});
