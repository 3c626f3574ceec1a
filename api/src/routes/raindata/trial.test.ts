/**
 * GET /api/Raindata/trial: the rain data of a position without an account (trial mode), the same
 * answer as the signed-in GET /api/Raindata, bounded input and a rate limit per client address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadShippedRainData } from '../../rain/shipped.ts';
import { planner, type Planner } from '../../testing/planning.ts';
import { startTestApp, type TestApp } from '../../testing/test-app.ts';
import { TRIAL_LOOKUP_LIMIT } from './index.ts';

const MUNICH = { latitude: '48.137', longitude: '11.575' };

describe('GET /api/Raindata/trial', () => {
  let testApp: TestApp;
  let user: Planner;

  beforeAll(async () => {
    testApp = await startTestApp();
    user = await planner(testApp, 'Tina Trial');
  }, 60_000);
  afterAll(async () => testApp?.close());

  it('answers 404, code 57, before any rain data exists', async () => {
    const r = await testApp.app.inject({ method: 'GET', url: '/api/Raindata/trial', query: MUNICH, remoteAddress: '10.0.0.1' });
    expect(r.statusCode).toBe(404);
    expect(r.json()).toMatchObject({ type: 'ERROR', code: 57 });
  });

  it('rejects positions out of range and non-numbers with code 2', async () => {
    for (const query of [{ latitude: '91', longitude: '11' }, { latitude: '48', longitude: '-181' }, { latitude: 'x', longitude: '11' }, { latitude: '48' }, {}]) {
      const r = await testApp.app.inject({ method: 'GET', url: '/api/Raindata/trial', query, remoteAddress: '10.0.0.2' });
      expect(r.statusCode, JSON.stringify(query)).toBe(400);
      expect(r.json()).toMatchObject({ type: 'ERROR', code: 2 });
    }
  });

  it('answers without an account what a signed-in user gets from GET /api/Raindata (shipped data)', { timeout: 120_000 }, async () => {
    await loadShippedRainData(testApp.app.orm.em);
    const anonymous = await testApp.app.inject({ method: 'GET', url: '/api/Raindata/trial', query: MUNICH, remoteAddress: '10.0.0.3' });
    expect(anonymous.statusCode, anonymous.body).toBe(200);
    const signedIn = await user.client.get('/api/Raindata', MUNICH);
    expect(signedIn.statusCode).toBe(200);
    expect(anonymous.json()).toEqual(signedIn.json());
    expect(anonymous.json()).toMatchObject({ source: { edition: 'KOSTRA-DWD-2010R', cell: '93049' } });
    const sea = await testApp.app.inject({ method: 'GET', url: '/api/Raindata/trial', query: { latitude: '55.5', longitude: '5' }, remoteAddress: '10.0.0.3' });
    expect(sea.statusCode).toBe(404);
    expect(sea.json()).toMatchObject({ code: 57 });
    const abroad = await testApp.app.inject({ method: 'GET', url: '/api/Raindata/trial', query: { latitude: '51.172', longitude: '5.895' }, remoteAddress: '10.0.0.3' });
    expect(abroad.statusCode).toBe(404);
    expect(abroad.json()).toMatchObject({ code: 61, edition: 'KOSTRA-DWD-2010R', kostraCell: { id: '52001', row: 52, column: 1 } });
  });

  it(`allows ${TRIAL_LOOKUP_LIMIT.max} lookups per client address in its window, then 429 with code 15; other addresses are not affected`, async () => {
    const ask = (remoteAddress: string) => testApp.app.inject({ method: 'GET', url: '/api/Raindata/trial', query: { latitude: '55.5', longitude: '5' }, remoteAddress });
    for (let i = 0; i < TRIAL_LOOKUP_LIMIT.max; i++) expect((await ask('10.0.0.9')).statusCode).toBe(404);
    const refused = await ask('10.0.0.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ type: 'ERROR', code: 15 });
    expect((await ask('10.0.0.10')).statusCode).toBe(404);
  });
});
