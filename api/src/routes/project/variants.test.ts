/**
 * Variants of a measure through HTTP (issue 19 part 2, decisions 0145–0147): add, change, delete,
 * choose (with the product list swapped), the comparison with bill totals, versions, the rule
 * errors, the node PUT round trip and the clone.
 */
import { parseProject, SCHEMA_VERSION, type VariantComparison } from '@rainplan/engine';
import { variantComparisonModel } from '@rainplan/engine/documents';
import { describe, expect, it } from 'vitest';
import { CUSTOM_RAIN, TROUGH_INPUTS } from '../../testing/measure-inputs.ts';
import { BOX_TANK_INPUTS, createProject, del, put, roof, signedInPlanners } from '../../testing/planning.ts';
import { fileTestApp } from '../../testing/test-app.ts';

const testApp = fileTestApp();
const { anna, carl } = signedInPlanners(testApp, { anna: 'Anna Planer', carl: 'Carl Fremd' });

type Node = Record<string, unknown> & { id: string; version: number; data: Record<string, unknown>; variants?: Variant[]; variantName?: string | null };
type Variant = { id: string; name: string; value?: number; data: Record<string, unknown>; additionalProducts?: Array<Record<string, unknown>> };

/** A project with rain data, a roof and a sized trough with a product list. */
async function sizedTrough(): Promise<{ projectId: string; measure: Node; url: string }> {
  const projectId = await createProject(anna.client);
  expect((await put(anna.client, `/api/Project/${projectId}/customRaindata`, CUSTOM_RAIN)).statusCode).toBe(200);
  const surface = (await anna.client.post(`/api/Project/${projectId}/surface`, { name: 'Dach' })).json() as Node;
  const created = (await anna.client.post(`/api/Project/${projectId}/measure`, { name: 'Mulde' })).json() as Node;
  expect((await put(anna.client, `/api/Project/${projectId}/surface/${surface.id}`, roof(surface, 800, created.id))).statusCode).toBe(200);
  const url = `/api/Project/${projectId}/measure/${created.id}`;
  const current = (await anna.client.get(url)).json() as Node;
  const saved = await put(anna.client, url, { ...current, value: null, data: { ...current.data, ...TROUGH_INPUTS } });
  expect(saved.statusCode, saved.body).toBe(200);
  expect((await put(anna.client, `${url}/additionalProducts`, [{ materialNumber: '100100', quantity: 4 }])).statusCode).toBe(200);
  return { projectId, measure: saved.json() as Node, url };
}

const measureOf = async (url: string) => (await anna.client.get(url)).json() as Node;

describe('variants of a measure', () => {
  it('adds, changes, compares, chooses (swapping the product list) and deletes variants', async () => {
    const { projectId, measure, url } = await sizedTrough();
    expect(measure.data['requiredVolume']).toEqual(expect.any(Number));

    // Add: a copy of the chosen variant with its inputs and product list; computed fields stripped.
    const added = await anna.client.post(`${url}/variants`, { version: measure.version });
    expect(added.statusCode, added.body).toBe(201);
    const { variant, version } = added.json() as { variant: Variant; version: number };
    expect(version).toBe(measure.version + 1);
    expect(variant).toMatchObject({ id: 'v1', name: 'V2', data: { installationVariant: 'trough', dimensioningTrough: { length: 20 } } });
    expect(variant.data['requiredVolume']).toBeUndefined();
    expect(variant.additionalProducts).toEqual([expect.objectContaining({ materialNumber: '100100', quantity: '4', unitPrice: '189.00' })]);
    expect((await measureOf(url)).variants).toEqual([variant]);

    // A stale version answers 409, code 56, with the current measure; nothing changes.
    const stale = await anna.client.post(`${url}/variants`, { version: measure.version, name: 'Alt' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ type: 'ERROR', code: 56, current: { id: measure.id, version } });

    // Change: a longer trough, a name, another product list.
    const patched = await anna.client.patch(`${url}/variants/v1`, {
      version,
      name: ' Lange Mulde ',
      data: { ...variant.data, dimensioningTrough: { length: 40, width: 3, depth: 0.3, slope: 2 } },
      additionalProducts: [{ materialNumber: '100100', quantity: 10 }],
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const changed = patched.json() as { variant: Variant; version: number };
    expect(changed.version).toBe(version + 1);
    expect(changed.variant).toMatchObject({ id: 'v1', name: 'Lange Mulde', data: { dimensioningTrough: { length: 40 } } });
    expect(changed.variant.additionalProducts).toEqual([expect.objectContaining({ materialNumber: '100100', quantity: '10', unitPrice: '189.00', text: expect.any(String) as unknown })]);
    expect((await anna.client.get(`${url}/variants/v1`)).json()).toEqual(changed);

    // The comparison: the chosen row first, then the variant, with bill totals and differences.
    const compared = await anna.client.get(`${url}/variants`);
    expect(compared.statusCode, compared.body).toBe(200);
    const comparison = compared.json() as { rows: Array<Record<string, unknown> & { differences: Record<string, unknown> }>; currency: string; maxVariants: number; catalogueVersion: unknown; billUnavailableReason: unknown };
    expect(comparison).toMatchObject({ measureId: measure.id, measureName: 'Mulde', currency: 'EUR', maxVariants: 10, billUnavailableReason: null, catalogueVersion: { version: expect.any(Number) as unknown } });
    const [chosenRow, variantRow] = comparison.rows;
    // A figure the engine cannot compute is left out, as in its own comparison (a trough has no tank length),
    // so the answer prints with the engine's comparison document as it is.
    expect(chosenRow !== undefined && 'requiredLengthM' in chosenRow).toBe(false);
    const printed = variantComparisonModel({ comparison: compared.json() as VariantComparison, projectName: 'Neubau', date: new Date('2026-11-28'), language: 'de' });
    expect(printed.rows).toHaveLength(2);
    // The bill totals are the measure's mass list (the documents call) with the chosen and with the variant's list.
    const billTotal = async () => ((await anna.client.get(`/api/Documents/${projectId}/measure/${measure.id}/masslist/data`)).json() as { totalPrice: string }).totalPrice;
    const chosenTotal = await billTotal();
    expect(chosenRow).toMatchObject({ variantId: null, chosen: true, name: 'V1', type: 'trough', requiredVolumeM3: measure.data['requiredVolume'], billTotal: chosenTotal });
    expect(chosenRow?.differences).toMatchObject({ requiredVolumeM3: 0, billTotal: '0.00' });
    expect(variantRow).toMatchObject({ variantId: 'v1', chosen: false, name: 'Lange Mulde', type: 'trough', billTotal: expect.stringMatching(/^\d+\.\d\d$/) as unknown });
    expect(Number(variantRow?.differences['billTotal'])).toBeCloseTo(Number(variantRow?.['billTotal']) - Number(chosenTotal), 2);
    expect(Number(variantRow?.differences['billTotal'])).toBeGreaterThanOrEqual(6 * 189);
    expect(Number(variantRow?.['availableVolumeM3'])).toBeGreaterThan(Number(chosenRow?.['availableVolumeM3']));
    expect(variantRow?.differences['footprintM2']).toBeCloseTo(Number(variantRow?.['footprintM2']) - Number(chosenRow?.['footprintM2']), 6);

    // Choose: the variant becomes the measure, the product lists swap, in one call.
    const chosen = await anna.client.post(`${url}/variants/v1/choose`, { version: changed.version });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const now = chosen.json() as Node;
    expect(now).toMatchObject({ id: measure.id, name: 'Mulde', variantName: 'Lange Mulde', version: changed.version + 1, data: { dimensioningTrough: { length: 40 } } });
    expect(now.value).toBeCloseTo(Number(variantRow?.['availableVolumeM3']), 6);
    expect(now.data['requiredVolume']).toEqual(expect.any(Number));
    expect(now.variants).toEqual([expect.objectContaining({ id: 'v1', name: 'V1', data: expect.objectContaining({ dimensioningTrough: { length: 20, width: 3, depth: 0.3, slope: 2 } }) as unknown })]);
    expect(now.variants?.[0]?.additionalProducts).toEqual([expect.objectContaining({ materialNumber: '100100', quantity: '4' })]);
    const lines = (await anna.client.get(`${url}/additionalProducts`)).json() as Array<Record<string, unknown>>;
    expect(lines).toEqual([expect.objectContaining({ materialNumber: '100100', quantity: 10, totalPrice: '1890.00' })]);
    expect(await measureOf(url)).toEqual(now);
    expect(await billTotal()).toBe(variantRow?.['billTotal']);

    // Choosing back restores the inputs and the list.
    const back = (await anna.client.post(`${url}/variants/v1/choose`, { version: now.version })).json() as Node;
    expect(back.data['dimensioningTrough']).toEqual(TROUGH_INPUTS.dimensioningTrough);
    expect(back.data['requiredVolume']).toBeCloseTo(Number(measure.data['requiredVolume']), 9);
    expect(back.value).toBeCloseTo(Number(measure.value), 9);
    expect(((await anna.client.get(`${url}/additionalProducts`)).json() as Array<Record<string, unknown>>)[0]).toMatchObject({ quantity: 4 });

    // Delete: unknown variant 404, then gone; the version goes up.
    expect((await del(anna.client, `${url}/variants/v9`, { version: String(back.version) })).json()).toMatchObject({ code: 11 });
    const removed = await del(anna.client, `${url}/variants/v1`, { version: String(back.version) });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ type: 'MESSAGE', code: 0, version: back.version + 1 });
    expect((await measureOf(url)).variants).toBeUndefined();
  }, 30_000);

  it('a variant changed to another kind (trough → box tank) no longer carries the old kind\'s value (decision 0214)', { timeout: 60_000 }, async () => {
    const { measure, url } = await sizedTrough();
    expect(measure.value).toEqual(expect.any(Number));
    const added = (await anna.client.post(`${url}/variants`, { version: measure.version })).json() as { variant: Variant; version: number };
    expect(added.variant.value).toBe(measure.value);
    // the same kind, other dimensions: the value stays until the variant is chosen and evaluated
    const longer = await anna.client.patch(`${url}/variants/v1`, { version: added.version, data: { ...added.variant.data, dimensioningTrough: { length: 30, width: 3, depth: 0.3, slope: 2 } } });
    expect(longer.statusCode, longer.body).toBe(200);
    const same = longer.json() as { variant: Variant; version: number };
    expect(same.variant.value).toBe(measure.value);
    // another kind without a value: the trough's volume is gone
    const box = {
      ...BOX_TANK_INPUTS,
      dimensioningInfiltrationTank: { width: 1.6, length: 4.8, levels: 1, height: 0.66, storageCoefficient: 95 },
    };
    const patched = await anna.client.patch(`${url}/variants/v1`, { version: same.version, data: box });
    expect(patched.statusCode, patched.body).toBe(200);
    const changed = patched.json() as { variant: Variant; version: number };
    expect(changed.variant.data['infiltrationTankType']).toBe('Box');
    expect(changed.variant).not.toHaveProperty('value');
    expect(((await anna.client.get(`${url}/variants/v1`)).json() as { variant: Variant }).variant).not.toHaveProperty('value');
    // another kind with its own value takes it
    const valued = await anna.client.patch(`${url}/variants/v1`, { version: changed.version, data: TROUGH_INPUTS, value: 3.5 });
    expect((valued.json() as { variant: Variant }).variant.value).toBe(3.5);
  });

  it('refuses the 11th variant (422, code 59), unknown measures and variants (404), bad bodies (400)', async () => {
    const { projectId, measure, url } = await sizedTrough();
    let version = measure.version;
    const badFrom = await anna.client.post(`${url}/variants`, { version, from: 'v99' });
    expect(badFrom.json()).toMatchObject({ code: 11, message: expect.stringMatching(/^engineError\.VARIANT_NOT_FOUND/) as unknown });
    for (let i = 0; i < 10; i++) {
      const response = await anna.client.post(`${url}/variants`, { version, ...(i === 3 ? { from: 'v1', name: 'Kopie von V2' } : {}) });
      expect(response.statusCode, response.body).toBe(201);
      version = (response.json() as { version: number }).version;
    }
    const eleventh = await anna.client.post(`${url}/variants`, { version });
    expect(eleventh.statusCode).toBe(422);
    expect(eleventh.json()).toMatchObject({ type: 'ERROR', code: 59, message: expect.stringMatching(/^engineError\.TOO_MANY_VARIANTS: /) as unknown });
    expect((await measureOf(url)).variants?.map((v) => v.id)).toEqual(['v1', 'v2', 'v3', 'v4', 'v5', 'v6', 'v7', 'v8', 'v9', 'v10']);

    // A well-formed unknown measure id is 404, code 11; a malformed one 400, code 2 (docs/api.md).
    expect((await anna.client.post(`/api/Project/${projectId}/measure/${crypto.randomUUID()}/variants`, { version })).json()).toMatchObject({ code: 11 });
    expect((await anna.client.get(`/api/Project/${projectId}/measure/${crypto.randomUUID()}/variants`)).statusCode).toBe(404);
    expect((await anna.client.post(`/api/Project/${projectId}/measure/nope/variants`, { version })).json()).toMatchObject({ code: 2 });
    expect((await anna.client.get(`/api/Project/${projectId}/measure/nope/variants`)).statusCode).toBe(400);
    expect((await anna.client.post(`${url}/variants/v77/choose`, { version })).json()).toMatchObject({ code: 11, message: expect.stringMatching(/^engineError\.VARIANT_NOT_FOUND/) as unknown });
    expect((await anna.client.get(`${url}/variants/v77`)).statusCode).toBe(404);

    const bad = [
      await anna.client.post(`${url}/variants`, { version: '1' }),
      await anna.client.post(`${url}/variants`, {}),
      await anna.client.post(`${url}/variants`, { version, name: '   ' }),
      await anna.client.patch(`${url}/variants/v1`, { version, value: -1 }),
      await anna.client.patch(`${url}/variants/v1`, { version, name: 'x'.repeat(201) }),
      await anna.client.patch(`${url}/variants/v1`, { version, data: { installationVariant: 'castle' } }),
      await anna.client.patch(`${url}/variants/v1`, { version, additionalProducts: [{ materialNumber: 'NOPE', quantity: 1 }] }),
      await del(anna.client, `${url}/variants/v1`),
      await anna.client.post(`${url}/variants/v1/choose`, { version: null }),
    ];
    for (const response of bad) {
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ type: 'ERROR', code: 2 });
    }
    expect((await measureOf(url)).version).toBe(version);
  }, 30_000);

  it('stores variants with a node PUT (a body without them has none) and refuses bad lists', async () => {
    const { measure, url } = await sizedTrough();
    const variant = { id: 'b1', name: 'Rigole', value: 12.5, data: { ...TROUGH_INPUTS, requiredVolume: 99, dimensioningTrough: { length: 10, width: 2, depth: 0.3, slope: 2 } } };
    const saved = await put(anna.client, url, { ...measure, variantName: 'Mulde groß', variants: [variant] });
    expect(saved.statusCode, saved.body).toBe(200);
    const node = saved.json() as Node;
    // Computed fields of a variant are dropped (a variant stores inputs only).
    expect(node.variants).toEqual([{ id: 'b1', name: 'Rigole', value: 12.5, data: expect.not.objectContaining({ requiredVolume: 99 }) as unknown }]);
    expect(node.variantName).toBe('Mulde groß');
    expect(await measureOf(url)).toEqual(node);

    // The body is the measure: other fields change, the variants sent stay.
    const kept = (await put(anna.client, url, { ...node, name: 'Mulde Nord' })).json() as Node;
    expect(kept).toMatchObject({ name: 'Mulde Nord', variantName: 'Mulde groß', variants: node.variants });

    const tooMany = Array.from({ length: 11 }, (_, i) => ({ id: `v${i + 1}`, name: `V${i + 2}`, data: {} }));
    const bad = [
      { variants: tooMany },
      { variants: [variant, { ...variant, name: 'Doppelt' }] },
      { variants: [{ ...variant, name: '' }] },
      { variants: [{ ...variant, id: '' }] },
      { variants: [{ ...variant, data: { installationVariant: 'castle' } }] },
      { variants: [{ ...variant, additionalProducts: [{ materialNumber: '100100', quantity: '1.2345' }] }] },
      { variants: null },
      { variantName: 'x'.repeat(201) },
    ];
    for (const change of bad) {
      const response = await put(anna.client, url, { ...kept, ...change });
      expect(response.statusCode, `${JSON.stringify(change).slice(0, 80)}: ${response.body}`).toBe(400);
      expect(response.json()).toMatchObject({ type: 'ERROR', code: 2, message: expect.stringContaining('variant') as unknown });
    }
    const cleared = (await put(anna.client, url, { ...kept, variants: [], variantName: null })).json() as Node;
    expect(cleared.variants).toBeUndefined();
    expect(cleared.variantName ?? null).toBeNull();
    // As the engine leaves a measure whose last variant was removed: no `variants` field at all.
    const again = (await put(anna.client, url, { ...cleared, variantName: 'A', variants: [variant] })).json() as Node;
    const { variants: _v, variantName: _n, ...without } = again;
    const none = (await put(anna.client, url, without)).json() as Node;
    expect(none.variants).toBeUndefined();
    expect(none.variantName ?? null).toBeNull();
  }, 30_000);

  it('copies variants and their product lists with the project', async () => {
    const { projectId, measure, url } = await sizedTrough();
    await anna.client.post(`${url}/variants`, { version: measure.version, name: 'Zweite' });
    const clone = await anna.client.post(`/api/Project/${projectId}/clone`, {});
    expect(clone.statusCode, clone.body).toBe(200);
    const copy = (await anna.client.get(`/api/Project/${clone.json() as string}/waterflow`)).json() as { measures: Node[] };
    expect(copy.measures[0]?.variants).toEqual([expect.objectContaining({ id: 'v1', name: 'Zweite', additionalProducts: [expect.objectContaining({ materialNumber: '100100' })] })]);
  }, 30_000);

  it("exports variants in the project file (variants since schema version 3; written at the current version) that the engine reads back", async () => {
    const { projectId, measure, url } = await sizedTrough();
    await anna.client.post(`${url}/variants`, { version: measure.version, name: 'Zweite' });
    const token = ((await anna.client.post(`/api/Project/${projectId}/shareLinks`, { label: 'Behörde' })).json() as { token: string }).token;
    const shared = await testApp().client().get(`/api/Share/${token}`);
    expect(shared.statusCode, shared.body).toBe(200);
    const file = (shared.json() as { file: unknown }).file;
    expect(SCHEMA_VERSION).toBe(4);
    const parsed = parseProject(file);
    expect(parsed.ok, JSON.stringify(parsed).slice(0, 300)).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.project.schemaVersion).toBe(SCHEMA_VERSION);
    const exported = parsed.project.waterflow.measures.find((m) => m.id === measure.id);
    expect(exported?.variants).toEqual([expect.objectContaining({ id: 'v1', name: 'Zweite', additionalProducts: [expect.objectContaining({ materialNumber: '100100', quantity: '4' })] })]);
    expect(parsed.project.measureProducts).toEqual([{ measureId: measure.id, products: [expect.objectContaining({ materialNumber: '100100' })] }]);
  }, 30_000);

  it('keeps other users out', async () => {
    const { measure, url } = await sizedTrough();
    await anna.client.post(`${url}/variants`, { version: measure.version });
    expect((await carl.client.get(`${url}/variants`)).statusCode).toBe(403);
    expect((await carl.client.post(`${url}/variants`, { version: measure.version + 1 })).statusCode).toBe(403);
    expect((await carl.client.patch(`${url}/variants/v1`, { version: measure.version + 1, name: 'X' })).statusCode).toBe(403);
    expect((await carl.client.post(`${url}/variants/v1/choose`, { version: measure.version + 1 })).statusCode).toBe(403);
    expect((await del(carl.client, `${url}/variants/v1`, { version: String(measure.version + 1) })).statusCode).toBe(403);
    expect((await measureOf(url)).version).toBe(measure.version + 1);
  }, 30_000);
});
