/** The registry of measure kinds (decision 0164): lookup from the data, incomplete choices, exhaustiveness. */
import { describe, expect, it } from 'vitest';
import type { MeasureData } from '../model/measure.ts';
import { measureKind } from '../waterflow/measureRules.ts';
import { MEASURE_KINDS, measureKindCandidates, measureKindOf, requiredKindInputs, tankPart } from './registry.ts';
import { TROUGH_KIND } from './trough.ts';
import { MEASURE_KIND_IDS, TANK_PART_IDS, type MeasureKindId, type MeasureKindModule } from './types.ts';

describe('measure kind registry', () => {
  it('finds every kind from its own selection, and only it', () => {
    for (const id of MEASURE_KIND_IDS) {
      const k = MEASURE_KINDS[id];
      expect(k.id).toBe(id);
      expect(k.labelKey).toBe(`variants.type.${id}`);
      expect(measureKindOf({ ...k.selection })?.id).toBe(id);
      expect(measureKind({ ...k.selection })).toMatchObject({ id, stepsEnabled: true, trough: k.trough !== null, tank: k.tank?.id ?? null, throttle: k.throttle, soil: k.infiltrates });
    }
  });

  it('infiltrating kinds are the infiltration target; retention kinds throttle and do not infiltrate', () => {
    for (const k of Object.values(MEASURE_KINDS)) {
      expect(k.infiltrates).toBe(k.selection.installationTarget === 'Infiltration');
      expect(k.check).toBe(k.infiltrates ? 'infiltration' : 'retention');
      if (!k.infiltrates) expect(k.throttle).toBe(true);
      expect(k.design).toBe(k.tank === null ? 'troughArea' : 'tankLength');
      const dims: Pick<MeasureData, 'dimensioningTrough' | 'dimensioningInfiltrationTank'> = k.defaultDimensions();
      expect(dims.dimensioningTrough !== undefined).toBe(k.trough !== null);
      expect(dims.dimensioningInfiltrationTank !== undefined).toBe(k.tank !== null);
    }
    expect(TANK_PART_IDS.map((id) => tankPart(id).id)).toEqual(TANK_PART_IDS);
  });

  it('an incomplete choice has no kind and keeps what every kind it can become shares', () => {
    const cases: [MeasureData, Partial<ReturnType<typeof measureKind>>, MeasureKindId[]][] = [
      [{}, { stepsEnabled: false, trough: false, tank: null, throttle: false, soil: false }, []],
      [{ installationTarget: 'Retention' }, { stepsEnabled: false, retention: true, throttle: true, soil: false, tank: null }, ['retentionBasin', 'backwaterChannel']],
      [{ installationTarget: 'Infiltration' }, { stepsEnabled: false, trough: false, throttle: false, soil: true }, ['trough', 'boxTank', 'pipeTank', 'troughBoxTank', 'troughPipeTank']],
      [{ installationTarget: 'Infiltration', installationVariant: 'troughInfiltrationTank' }, { stepsEnabled: false, trough: true, tank: null, throttle: true }, ['troughBoxTank', 'troughPipeTank']],
      [{ installationTarget: 'Infiltration', installationVariant: 'trough', infiltrationTankType: 'Box' }, { id: 'trough', tank: null, throttle: false }, ['trough']],
      [{ installationTarget: 'Infiltration', installationType: 'retentionBasin' }, { stepsEnabled: false, retention: false }, ['trough', 'boxTank', 'pipeTank', 'troughBoxTank', 'troughPipeTank']],
    ];
    for (const [data, kind, candidates] of cases) {
      expect(measureKind(data)).toMatchObject(kind);
      expect(measureKindCandidates(data).map((k) => k.id)).toEqual(candidates);
    }
    expect(requiredKindInputs({ installationTarget: 'Infiltration' })).toEqual(['installationVariant', 'soilData']);
    expect(requiredKindInputs({ installationTarget: 'Infiltration', installationVariant: 'troughInfiltrationTank' })).toEqual(['installationVariant', 'infiltrationTankType', 'soilData', 'recurrenceIntervalTrough']);
    expect(requiredKindInputs({ installationTarget: 'Retention' })).toEqual(['installationType']);
    expect(requiredKindInputs({})).toEqual([]);
    // Values outside the tables classify as no kind (and are not kept by the registry's memo).
    for (let i = 0; i < 2; i++) expect(measureKindCandidates({ installationTarget: 'Elsewhere' } as unknown as MeasureData)).toEqual([]);
    expect(measureKindOf({ installationTarget: 'Infiltration', installationVariant: 'trough' })).toBe(measureKindOf({ installationTarget: 'Infiltration', installationVariant: 'trough' }));
  });

  it('a registry that misses a kind, or a kind that misses a part, does not compile', () => {
    // @ts-expect-error every kind id needs its module
    const missing: { readonly [K in MeasureKindId]: MeasureKindModule<K> } = { trough: TROUGH_KIND };
    const { defaultDimensions: _d, ...partial } = TROUGH_KIND;
    // @ts-expect-error a module without its default dimensions
    const incomplete: MeasureKindModule<'trough'> = partial;
    expect([missing, incomplete].length).toBe(2);
  });
});
