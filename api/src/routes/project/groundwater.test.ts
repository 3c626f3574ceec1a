/**
 * The groundwater clearance of a measure through HTTP (decision 0173): the inputs are stored, the
 * server recomputes the check with the engine and answers it in GET …/measure/{id} and the
 * waterflow; bad levels are refused with code 2 and nothing is stored.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { BOX_TANK_DIMENSIONS } from '../../testing/measure-inputs.ts';
import { BOX_TANK_INPUTS, createProject, planner, type Planner, put, roofedMeasure } from '../../testing/planning.ts';
import { fileTestApp } from '../../testing/test-app.ts';

const testApp = fileTestApp();
let anna: Planner;

beforeAll(async () => {
  anna = await planner(testApp(), 'Anna Planer');
}, 120_000);

type Node = Record<string, unknown> & { id: string; version: number; data: Record<string, unknown> };

describe('measure: groundwater clearance', () => {
  it('stores MHGW and levels, answers the recomputed check in the node and the waterflow, refuses bad levels without storing anything', async () => {
    const projectId = await createProject(anna.client);
    const { url, current } = await roofedMeasure(anna.client, projectId, 200);
    const tank = {
      ...current,
      data: {
        ...current.data,
        ...BOX_TANK_INPUTS,
        dimensioningInfiltrationTank: BOX_TANK_DIMENSIONS,
        groundLevel: 100,
        coverDepth: 0.5,
        meanHighestGroundwaterLevel: 98.2,
        // A client's stale status is replaced by the server's.
        groundwaterClearance: 'pass',
      },
    };
    const saved = await put(anna.client, url, tank);
    expect(saved.statusCode, saved.body).toBe(200);
    // 100 − 0.5 − 0.66 = 98.84 m; − 98.2 = 0.64 m < 1 m.
    expect((saved.json() as Node).data).toMatchObject({ seepageZoneBaseLevel: 98.84, seepageZoneThickness: 0.64, groundwaterClearance: 'fail' });
    const read = (await anna.client.get(url)).json() as Node;
    expect(read.data).toMatchObject({ meanHighestGroundwaterLevel: 98.2, groundLevel: 100, coverDepth: 0.5, seepageZoneThickness: 0.64, groundwaterClearance: 'fail' });
    const waterflow = (await anna.client.get(`/api/Project/${projectId}/waterflow`)).json() as { measures: Node[] };
    expect(waterflow.measures[0]?.data).toMatchObject({ seepageZoneBaseLevel: 98.84, groundwaterClearance: 'fail' });

    // A disagreeing computed figure is refused with 55.
    const wrong = await put(anna.client, url, { ...read, data: { ...read.data, seepageZoneThickness: 3 } });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ code: 55, message: expect.stringContaining('seepageZoneThickness') as unknown });

    // Bad levels: a code and a message, nothing half-saved.
    for (const bad of [{ meanHighestGroundwaterLevel: 1e9 }, { groundLevel: '100' }, { coverDepth: -1 }, { baseLevel: -1e4 }, { groundwaterClearance: 'ok' }]) {
      const r = await put(anna.client, url, { ...read, data: { ...read.data, ...bad } });
      expect(r.statusCode, JSON.stringify(bad)).toBe(400);
      expect(r.json(), JSON.stringify(bad)).toMatchObject({ type: 'ERROR', code: 2 });
    }
    const after = (await anna.client.get(url)).json() as Node;
    expect(after.version).toBe(read.version);
    expect(after.data).toMatchObject({ meanHighestGroundwaterLevel: 98.2, groundLevel: 100, coverDepth: 0.5 });

    // Without MHGW the check is not done (incomplete), never a pass.
    const { meanHighestGroundwaterLevel: _mhgw, ...withoutMhgw } = after.data;
    const unchecked = await put(anna.client, url, { ...after, data: { ...withoutMhgw, seepageZoneThickness: null } });
    expect(unchecked.statusCode, unchecked.body).toBe(200);
    expect((unchecked.json() as Node).data).toMatchObject({ groundwaterClearance: 'incomplete', seepageZoneThickness: null, seepageZoneBaseLevel: 98.84 });
  }, 120_000);
});
