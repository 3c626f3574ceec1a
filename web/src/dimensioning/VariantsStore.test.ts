import { createMeasure, createSurface, type NodeKind, type Waterflow, type WaterflowNode } from '@rainplan/engine';
import { describe, expect, it } from 'vitest';
import { testStore } from '../test/render.tsx';
import { CUSTOM_RAIN, CUSTOM_RAIN_SHELL } from '../test/planning.ts';
import { saveInSpecOrder, type LoadedProject, type NodeToSave, type ProjectRepository, type ProjectShell } from './repository.ts';
import { variantsStore } from './VariantsStore.ts';

const rainData = CUSTOM_RAIN;
const shell: ProjectShell = CUSTOM_RAIN_SHELL;

/** The trial mode's kind of repository: kept in the browser, no product lists, no prices. */
class BrowserRepository implements ProjectRepository {
  readonly storage = 'browser' as const;
  readonly saves: WaterflowNode[] = [];
  waterflow: Waterflow;
  constructor(waterflow: Waterflow) {
    this.waterflow = waterflow;
  }
  async load(): Promise<LoadedProject> {
    return { shell, waterflow: this.waterflow, rainData, facilities: [] };
  }
  async createNode(): Promise<WaterflowNode> {
    throw new Error('not used');
  }
  async saveNode(_p: string, _kind: NodeKind, node: WaterflowNode): Promise<WaterflowNode> {
    this.saves.push(node);
    return node;
  }
  saveChanged(p: string, nodes: readonly NodeToSave[]) {
    return saveInSpecOrder((kind, node) => this.saveNode(p, kind, node), nodes);
  }
  async deleteNode() {}
  async setRuleEdition() {}
  saveOnUnload() {}
}

function boxTank(): Waterflow {
  let wf = createSurface({ sealedSurfaces: [], purifications: [], measures: [] }, { id: 's1', name: 'Dach' }).waterflow;
  wf = createMeasure(wf, { id: 'm1', name: 'Rigole' }).waterflow;
  return {
    ...wf,
    sealedSurfaces: wf.sealedSurfaces.map((s) => ({ ...s, value: 400, parentId: 'm1', drain: 'Groundwater', data: { runoff: 'flatRoof', cm: 0.9, cs: 1, groundPollutionM153: 'F2' } })),
    measures: wf.measures.map((m) => ({
      ...m,
      drain: 'Groundwater',
      sealedSurfaces: ['s1'],
      data: {
        installationTarget: 'Infiltration',
        installationVariant: 'infiltrationTank',
        infiltrationTankType: 'Box',
        infiltrationDirection: 'everySide',
        soilData: 'S5',
        permeabilityCoefficientX: 5.67,
        permeabilityCoefficientY: 5,
        recurrenceInterval: 5,
        safetyMargin: 20,
        throttleDischarge: 0,
        dimensioningInfiltrationTank: { width: 1.6, length: 4.8, height: 0.66, levels: 1, storageCoefficient: 95 },
      },
    })),
  } as Waterflow;
}

async function open(language: 'de' | 'en' = 'en') {
  const root = testStore({}, language);
  const repository = new BrowserRepository(boxTank());
  await root.waterflow.open('p1', repository);
  return { root, repository, variants: variantsStore(root) };
}

describe('VariantsStore in the trial mode (browser storage)', () => {
  it('adds a copy under the next English default name, names the chosen one and saves the measure with its variants', async () => {
    const { root, repository, variants } = await open('en');
    expect(await variants.add('m1')).toBe(true);
    const measure = root.waterflow.measure('m1')!;
    expect(measure.variantName).toBe('Variant 1');
    expect(measure.variants?.map((v) => [v.id, v.name])).toEqual([['v1', 'Variant 2']]);
    expect(measure.variants?.[0]?.additionalProducts).toBeUndefined();
    expect(repository.saves.at(-1)).toMatchObject({ id: 'm1', variantName: 'Variant 1' });
    expect(root.waterflow.changed.size).toBe(0);
    await variants.add('m1');
    expect(root.waterflow.measure('m1')!.variants?.map((v) => v.name)).toEqual(['Variant 2', 'Variant 3']);
    // no catalogue prices without an account
    await variants.loadPrices('m1');
    expect(variants.prices.status).toBe('unavailable');
  });

  it('compares in the engine: the chosen row is the measure as evaluated, a longer variant differs by its extra volume', async () => {
    const { root, variants } = await open();
    await variants.add('m1');
    const variantId = root.waterflow.measure('m1')!.variants![0]!.id;
    // make the variant longer by choosing it, editing it, and choosing back
    await variants.choose('m1', variantId);
    const dims = root.waterflow.measure('m1')!.data.dimensioningInfiltrationTank!;
    const { call } = await import('../engine/shared/call.ts');
    await root.waterflow.edit(call('updateMeasure', 'm1', { dimensioningInfiltrationTank: { ...dims, length: 9.6 } }));
    await variants.choose('m1', variantId);
    expect(root.waterflow.measure('m1')!.data.dimensioningInfiltrationTank!.length).toBe(4.8);
    await variants.compare('m1');
    const [chosen, longer] = variants.comparison!.rows;
    const result = root.waterflow.measureResults.get('m1')!;
    expect(chosen!.requiredVolumeM3).toBe(result.requiredVolume);
    expect(chosen!.availableVolumeM3).toBe(result.value);
    expect(longer!.footprintM2).toBeCloseTo(9.6 * 1.6, 9);
    expect(longer!.differences.footprintM2).toBeCloseTo(4.8 * 1.6, 9);
    expect(longer!.differences.availableVolumeM3!).toBeGreaterThan(0);
    expect(longer!.billTotal).toBeUndefined();
  });

  it('removes and renames variants; the engine refuses a blank name and nothing changes', async () => {
    const { root, variants } = await open();
    await variants.add('m1');
    expect(await variants.rename('m1', 'v1', 'Lang')).toBe(true);
    expect(root.waterflow.measure('m1')!.variants![0]!.name).toBe('Lang');
    expect(await variants.rename('m1', 'v1', '   ')).toBe(false);
    expect(root.waterflow.measure('m1')!.variants![0]!.name).toBe('Lang');
    expect(root.notifications.notices.at(-1)?.message).toBe('dimensioning:variants.failed.rename');
    expect(await variants.remove('m1', 'v1')).toBe(true);
    expect(root.waterflow.measure('m1')!.variants).toBeUndefined();
    await variants.renameChosen('m1', '  ');
    expect(root.waterflow.measure('m1')!.variantName).toBeUndefined();
  });
});
