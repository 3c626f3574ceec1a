import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INFILTRATION_DIRECTIONS, RULE_EDITIONS, type InfiltrationDirection, type RuleEdition } from '../tables/measures.ts';
import { ANNUALITIES_A, RAIN_DURATIONS_MIN, type Annuality } from '../tables/rain.ts';
import { measureDataArb, sizeableMeasureDataArb } from '../testing/arbitraries.test-helpers.ts';
import { numbersIn } from '../testing/projects.test-helpers.ts';
import { infiltrationRateMs, storageBalance, storageBalanceVolumeM3, type StorageBalanceParams } from './balance.ts';
import { a117RetentionVolume, surfaceInfiltrationArea } from './retention.ts';
import { din1986FloodingCheck, measureFloodingVolume } from './flooding.ts';
import { requiredTankLength, sizeMeasure, type SizeMeasureInput } from './sizeMeasure.ts';
import { measureKind } from '../waterflow/measureRules.ts';
import { pipeTankStorageCoefficient, retentionPipeVolumeM3, tankAvailableVolumeM3, tankRequiredLength, tankSizing } from './tank.ts';
import { troughAreaForDepth, troughGeometry, troughSizing } from './trough.ts';
import { troughTankSizing } from './troughTank.ts';
import type { RainPoint } from './rain.ts';

const RUNS = { numRuns: 300 };
const dbl = (min: number, max: number) => fc.double({ min, max, noNaN: true, noDefaultInfinity: true });

/** A design row over the 22 durations: r in (0, 1000] l/(s·ha), some missing (0). */
const rowArb: fc.Arbitrary<RainPoint[]> = fc
  .array(fc.oneof({ arbitrary: fc.constant(0), weight: 1 }, { arbitrary: dbl(0.1, 1000), weight: 6 }), { minLength: 22, maxLength: 22 })
  .map((rs) => RAIN_DURATIONS_MIN.map((durationMin, i) => ({ durationMin, rLsHa: rs[i]! })))
  .filter((row) => row.some((p) => p.rLsHa > 0));

const balanceArb: fc.Arbitrary<StorageBalanceParams> = fc.record({
  acM2: dbl(0, 1e6),
  avaM2: dbl(0, 1e4),
  asM2: dbl(0, 1e4),
  qMs: dbl(0, 1e-2),
  throttleLs: dbl(0, 100),
  safetyFactor: dbl(1, 2),
  reductionFactor: dbl(0.5, 1),
  storedUpstreamM3: dbl(0, 1000),
});

const required = (p: StorageBalanceParams, row: RainPoint[]) => storageBalance(p, row).requiredVolumeM3!;

describe('storage balance: monotonicity', () => {
  it('required volume never falls when A_C, r or f_Z rise', () => {
    fc.assert(
      fc.property(balanceArb, rowArb, dbl(0, 1e5), dbl(1, 3), dbl(0, 1), fc.nat(21), (p, row, dAc, k, dF, at) => {
        const base = required(p, row);
        expect(required({ ...p, acM2: p.acM2 + dAc }, row)).toBeGreaterThanOrEqual(base);
        expect(required({ ...p, safetyFactor: p.safetyFactor + dF }, row)).toBeGreaterThanOrEqual(base);
        expect(required(p, row.map((x) => ({ ...x, rLsHa: x.rLsHa * k })))).toBeGreaterThanOrEqual(base);
        const one = row.map((x, i) => (i === at && x.rLsHa > 0 ? { ...x, rLsHa: x.rLsHa * k } : x));
        expect(required(p, one)).toBeGreaterThanOrEqual(base);
      }),
      RUNS,
    );
  });

  it('required volume never rises when q (k_f) or the throttle rise', () => {
    fc.assert(
      fc.property(balanceArb, rowArb, dbl(0, 1e-2), dbl(0, 100), (p, row, dq, dQ) => {
        const base = required(p, row);
        expect(required({ ...p, qMs: p.qMs! + dq }, row)).toBeLessThanOrEqual(base);
        expect(required({ ...p, throttleLs: p.throttleLs! + dQ }, row)).toBeLessThanOrEqual(base);
      }),
      RUNS,
    );
  });

  it('the governing duration maximises V(D); required = max(0, V(D*))', () => {
    fc.assert(
      fc.property(balanceArb, rowArb, (p, row) => {
        const b = storageBalance(p, row);
        const vStar = storageBalanceVolumeM3(p, b.durationMin!, b.rLsHa!)!;
        for (const x of row) if (x.rLsHa > 0) expect(storageBalanceVolumeM3(p, x.durationMin, x.rLsHa)!).toBeLessThanOrEqual(vStar);
        expect(b.requiredVolumeM3).toBe(Math.max(0, vStar));
        expect(b.chart).toHaveLength(row.filter((x) => x.rLsHa > 0).length);
        // the first maximum: every shorter duration is strictly smaller
        for (const x of row) if (x.rLsHa > 0 && x.durationMin < b.durationMin!) expect(storageBalanceVolumeM3(p, x.durationMin, x.rLsHa)!).toBeLessThan(vStar);
      }),
      RUNS,
    );
  });
});

const directionArb = fc.constantFrom(...INFILTRATION_DIRECTIONS);
const editionArb = fc.constantFrom(...RULE_EDITIONS);

const tankArb = fc.record({
  acM2: dbl(1, 1e5),
  avaM2: dbl(0, 200),
  widthM: dbl(0.3, 5),
  heightM: dbl(0.3, 3),
  storageCoefficient: dbl(0.05, 1),
  direction: directionArb,
  edition: editionArb,
  qMs: dbl(0, 1e-3),
  throttleLs: dbl(0, 10),
  safetyFactor: dbl(1, 2),
  reductionFactor: dbl(0.5, 1),
  storedUpstreamM3: dbl(0, 100),
});

describe('tanks', () => {
  it('available volume is linear in the length', () => {
    fc.assert(
      fc.property(dbl(0, 1000), dbl(0, 1000), dbl(0.1, 10), dbl(0.1, 5), dbl(0, 1), dbl(0, 1500), (L1, L2, B, H, s, d) => {
        const v = (L: number) => tankAvailableVolumeM3({ lengthM: L, widthM: B, heightM: H, storageCoefficient: s })!;
        expect(v(L1 + L2)).toBeCloseTo(v(L1) + v(L2), 12 - Math.ceil(Math.log10(1 + v(L1 + L2))));
        expect(Math.abs(v(L1 + L2) - v(L1) - v(L2))).toBeLessThanOrEqual(1e-12 * Math.max(1, v(L1 + L2)));
        const p = (L: number) => retentionPipeVolumeM3(L, d)!;
        expect(Math.abs(p(L1 + L2) - p(L1) - p(L2))).toBeLessThanOrEqual(1e-12 * Math.max(1, p(L1 + L2)));
      }),
      RUNS,
    );
  });

  it('the auto-dimensioned length gives available = required (1e-9 of the gross inflow volume)', () => {
    fc.assert(
      fc.property(tankArb, rowArb, (p, row) => {
        const L = tankRequiredLength(p, row);
        expect(L.issues).toEqual([]);
        const t = tankSizing({ ...p, lengthM: L.lengthM! }, row);
        const f = p.safetyFactor * p.reductionFactor;
        const gross = Math.max(...row.map((x) => (p.acM2 + p.avaM2) * 1e-7 * x.rLsHa * x.durationMin * 60 * f)) + p.storedUpstreamM3;
        expect(Math.abs(t.requiredVolumeM3! - t.availableVolumeM3!)).toBeLessThanOrEqual(1e-9 * Math.max(gross, t.availableVolumeM3!));
      }),
      RUNS,
    );
  });

  it('with f_K = 1 the 2024 edition never requires more than 2005 (tank at a given length, length, trough)', () => {
    fc.assert(
      fc.property(tankArb, dbl(0, 500), dbl(1e-7, 1e-3), rowArb, (p, L, kf, row) => {
        const at = (edition: RuleEdition) => ({ ...p, edition, qMs: infiltrationRateMs(kf, edition)! });
        const v24 = tankSizing({ ...at('DWA-A 138-1:2024'), lengthM: L }, row).requiredVolumeM3!;
        const v05 = tankSizing({ ...at('DWA-A 138:2005'), lengthM: L }, row).requiredVolumeM3!;
        expect(v24).toBeLessThanOrEqual(v05);
        expect(tankRequiredLength(at('DWA-A 138-1:2024'), row).lengthM!).toBeLessThanOrEqual(tankRequiredLength(at('DWA-A 138:2005'), row).lengthM!);
      }),
      RUNS,
    );
    fc.assert(
      fc.property(dbl(0, 1e5), dbl(0.5, 100), dbl(0.5, 10), dbl(0.05, 1), dbl(0, 4), dbl(1e-7, 1e-3), dbl(1, 2), rowArb, (ac, L, B, z, m, kf, fZ, row) => {
        const t = (edition: RuleEdition) =>
          troughSizing({ acM2: ac, lengthM: L, widthM: B, depthM: z, slope: m, qMs: infiltrationRateMs(kf, edition)!, safetyFactor: fZ }, row).requiredVolumeM3!;
        expect(t('DWA-A 138-1:2024')).toBeLessThanOrEqual(t('DWA-A 138:2005'));
      }),
      RUNS,
    );
  });
});

// ---------------------------------------------------------------------------------------------
// sizeMeasure on realistic measures

const base = (T: number, D: number) => (2500 * (1 + 0.35 * Math.log(T))) / (D + 9) ** 0.8;
/** A rain table with random per-cell factors (a realistic shape with noise). */
const tableArb = fc.array(dbl(0.5, 2), { minLength: 9 * 22, maxLength: 9 * 22 }).map((k) => (scale: number) => ({
  yieldsLsHa: ANNUALITIES_A.map((T, t) => RAIN_DURATIONS_MIN.map((D, d) => base(T, D) * k[t * 22 + d]! * scale)),
}));

const measureArb = sizeableMeasureDataArb;

const req = (input: SizeMeasureInput) => sizeMeasure(input).data.requiredVolume;

describe('sizeMeasure: properties', () => {
  it('required volume never falls when A_C, r or the safety margin rise, never rises when k_f or the throttle rise', () => {
    fc.assert(
      fc.property(measureArb, tableArb, dbl(0, 20000), dbl(0, 20000), dbl(1, 3), dbl(0, 50), dbl(0, 5), dbl(0, 5), editionArb, (data, table, ac, dAc, k, dM, dX, dQ, ruleEdition) => {
        const input = { data, acM2: ac, rain: table(1), ruleEdition };
        const v = req(input);
        expect(v).not.toBeNull();
        expect(req({ ...input, acM2: ac + dAc })!).toBeGreaterThanOrEqual(v!);
        expect(req({ ...input, rain: table(k) })!).toBeGreaterThanOrEqual(v!);
        expect(req({ ...input, data: { ...data, safetyMargin: data.safetyMargin! + dM } })!).toBeGreaterThanOrEqual(v!);
        expect(req({ ...input, data: { ...data, permeabilityCoefficientX: (data.permeabilityCoefficientX ?? 1) + dX } })!).toBeLessThanOrEqual(v!);
        expect(req({ ...input, data: { ...data, throttleDischarge: data.throttleDischarge! + dQ } })!).toBeLessThanOrEqual(v!);
      }),
      RUNS,
    );
  });

  it('available volume is linear in the tank length (lengths of whole 0.8 m cells: a box block is rounded down to them)', () => {
    const cells = fc.integer({ min: 0, max: 125 }).map((n) => (n * 800) / 1000);
    fc.assert(
      fc.property(measureArb, tableArb, cells, cells, (data, table, L1, L2) => {
        fc.pre(data.dimensioningInfiltrationTank != null);
        const planned = (L: number) =>
          sizeMeasure({ data: { ...data, dimensioningInfiltrationTank: { ...data.dimensioningInfiltrationTank, length: L } }, acM2: 500, rain: table(1) }).data.plannedVolumeInfiltrationTank;
        const [a, b, c] = [planned(L1), planned(L2), planned(L1 + L2)];
        if (c === null) return; // pipes that do not fit: no volume at any length
        expect(Math.abs(c - a! - b!)).toBeLessThanOrEqual(1e-12 * Math.max(1, c));
      }),
      RUNS,
    );
  });

  it('the one-click length makes available = required for every tank kind', () => {
    fc.assert(
      fc.property(measureArb, tableArb, dbl(0, 20000), editionArb, (data, table, ac, ruleEdition) => {
        fc.pre(data.dimensioningInfiltrationTank != null);
        const input = { data, acM2: ac, rain: table(1), ruleEdition };
        const l = requiredTankLength(input);
        if (l.lengthM === undefined) {
          expect(l.issues.map((i) => i.code)).toContain('PIPES_DO_NOT_FIT');
          return;
        }
        const sizedAt = (lengthM: number) => sizeMeasure({ ...input, data: { ...data, dimensioningInfiltrationTank: { ...data.dimensioningInfiltrationTank, length: lengthM } } });
        if (measureKind(data).tank === 'Box') {
          // boxes are evaluated on the grid (decision 0168): the rounded-up length holds the volume, one box less does not
          const rounded = sizedAt(l.roundedLengthM!);
          expect(rounded.data.plannedVolumeInfiltrationTank! >= rounded.data.requiredVolumeInfiltrationTank! * (1 - 1e-9)).toBe(true);
          if (l.roundedLengthM! >= 1.6 - 1e-9 && l.lengthM > 1e-9) {
            const less = sizedAt(l.roundedLengthM! - 0.8);
            expect(less.data.plannedVolumeInfiltrationTank! < less.data.requiredVolumeInfiltrationTank! * (1 + 1e-9)).toBe(true);
          }
          return;
        }
        const sized = sizedAt(l.lengthM);
        const reqT = sized.data.requiredVolumeInfiltrationTank!;
        const avail = sized.data.plannedVolumeInfiltrationTank!;
        const gross = ac * 1e-7 * 2 * base(100, 10080) * 10080 * 60 * 1.5 + (sized.data.plannedVolumeTrough ?? 0) + (sized.data.troughArea ?? 0) * 1e-7 * 6000 * 10080 * 60 * 1.5;
        expect(Math.abs(reqT - avail)).toBeLessThanOrEqual(1e-9 * Math.max(gross, avail));
        if (l.roundedLengthM !== l.lengthM) {
          const rounded = sizeMeasure({ ...input, data: { ...data, dimensioningInfiltrationTank: { ...data.dimensioningInfiltrationTank, length: l.roundedLengthM! } } });
          expect(rounded.data.plannedVolumeInfiltrationTank! >= rounded.data.requiredVolumeInfiltrationTank! * (1 - 1e-9)).toBe(true);
        }
      }),
      RUNS,
    );
  });

  it('with f_K = 1 the 2024 edition never requires more volume than 2005 (troughs and tanks)', () => {
    fc.assert(
      fc.property(measureArb, tableArb, dbl(0, 20000), (data, table, ac) => {
        fc.pre(data.installationTarget === 'Infiltration');
        const at = (ruleEdition: RuleEdition) => sizeMeasure({ data, acM2: ac, rain: table(1), ruleEdition }).data;
        const [a, b] = [at('DWA-A 138-1:2024'), at('DWA-A 138:2005')];
        expect(a.requiredVolume!).toBeLessThanOrEqual(b.requiredVolume!);
        if (a.requiredVolumeTrough !== null) expect(a.requiredVolumeTrough).toBeLessThanOrEqual(b.requiredVolumeTrough!);
        if (a.requiredVolumeInfiltrationTank !== null) expect(a.requiredVolumeInfiltrationTank).toBeLessThanOrEqual(b.requiredVolumeInfiltrationTank!);
      }),
      RUNS,
    );
  });

  it('the governing duration maximises the chart', () => {
    fc.assert(
      fc.property(measureArb, tableArb, dbl(1, 20000), (data, table, ac) => {
        const r = sizeMeasure({ data, acM2: ac, rain: table(1) }).data;
        const charts = [
          [r.reportData?.troughDrainingTimeChart, r.durationTrough, r.requiredVolumeTrough],
          [r.reportData?.infiltrationTankDrainingTimeChart ?? r.reportData?.retentionDrainingTimeChart, r.durationInfiltrationTank, r.requiredVolumeInfiltrationTank],
        ] as const;
        for (const [chart, D, V] of charts) {
          if (chart == null) continue;
          const max = Math.max(...chart.map((p) => p.volume));
          expect(V).toBe(max);
          if (max > 0) expect(chart.find((p) => p.volume === max)!.duration).toBe(D);
        }
      }),
      RUNS,
    );
  });
});

// ---------------------------------------------------------------------------------------------
// No NaN or ±∞ for any input the schema accepts (and for non-finite numbers as well)

const wildNumber = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -0, 1e-300, 1e300, -1e300, Number.MAX_VALUE, Number.MIN_VALUE),
  dbl(-10, 1000),
);
const anyNumber = fc.oneof(wildNumber, fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY));
const wildTableArb = fc.oneof(
  fc.array(fc.array(wildNumber, { minLength: 0, maxLength: 22 }), { minLength: 0, maxLength: 9 }).map((m) => ({ yieldsLsHa: m })),
  fc.array(wildNumber, { minLength: 198, maxLength: 198 }).map((v) => ({ rLsHa: (D: number, T: Annuality) => v[ANNUALITIES_A.indexOf(T) * 22 + RAIN_DURATIONS_MIN.indexOf(D as never)]! })),
);
const wildRowArb = fc.array(fc.record({ durationMin: anyNumber, rLsHa: anyNumber }), { maxLength: 25 });

const allFinite = (value: unknown) => {
  for (const { path, value: v } of numbersIn(value)) if (!Number.isFinite(v)) throw new Error(`${path} = ${v}`);
};

describe('no NaN or ±∞', () => {
  it('sizeMeasure and requiredTankLength on any measure data the schema accepts', () => {
    const wildMeasure = fc.oneof(measureDataArb('wild'), measureArb);
    fc.assert(
      fc.property(wildMeasure, fc.option(wildNumber, { nil: undefined }), fc.option(wildNumber, { nil: null }), fc.option(wildNumber), fc.option(wildTableArb, { nil: undefined }), editionArb, (data, ac, peak, catchment, rain, ruleEdition) => {
        const input = { data, acM2: ac, peakAreaM2: peak, catchmentAreaM2: catchment, rain, ruleEdition };
        allFinite(sizeMeasure(input));
        allFinite(requiredTankLength(input));
      }),
      { numRuns: 1000 },
    );
  });

  it('the standard calculations on any numbers', () => {
    const edition = editionArb;
    fc.assert(
      fc.property(fc.array(anyNumber, { minLength: 12, maxLength: 12 }), wildRowArb, edition, directionArb, (n, row, e, dir: InfiltrationDirection) => {
        const [a, b, c, d, f, g, h, i, j, k, l, m] = n as [number, number, number, number, number, number, number, number, number, number, number, number];
        allFinite(storageBalance({ acM2: a, avaM2: b, asM2: c, qMs: d, throttleLs: f, safetyFactor: g, reductionFactor: h, storedUpstreamM3: i }, row));
        allFinite(troughGeometry({ lengthM: a, widthM: b, depthM: c, slope: d }));
        allFinite(troughSizing({ acM2: a, lengthM: b, widthM: c, depthM: d, slope: f, qMs: g, safetyFactor: h }, row));
        allFinite(troughAreaForDepth({ acM2: a, depthM: b, qMs: c, safetyFactor: d, edition: e }, row));
        const tank = { acM2: a, avaM2: b, widthM: c, heightM: d, storageCoefficient: f, direction: dir, edition: e, qMs: g, throttleLs: h, safetyFactor: i, storedUpstreamM3: j };
        allFinite(tankSizing({ ...tank, lengthM: k }, row));
        allFinite(tankRequiredLength(tank, row));
        allFinite(pipeTankStorageCoefficient({ widthM: a, heightM: b, numberOfPipes: c, innerDiameterMm: d, outerDiameterMm: f, materialStorageCoefficient: g }));
        allFinite(a117RetentionVolume({ acM2: a, throttleLs: b, safetyFactor: c }, row));
        allFinite(surfaceInfiltrationArea({ acM2: a, qMs: b }, row));
        allFinite(measureFloodingVolume({ peakAreaM2: a, avaM2: b, asM2: c, qMs: d, throttleLs: f, floodingFactor: g }, row));
        allFinite(din1986FloodingCheck({ totalAreaM2: a, roofAreaM2: b, roofCs: c, pavedAreaM2: d, pavedCs: f, fullFlowLs: g, connectedAreaM2: h }, row, row));
        allFinite(
          troughTankSizing(
            { acM2: a, edition: e, trough: { lengthM: b, widthM: c, depthM: d, slope: f, qMs: g, safetyFactor: h }, tank: { lengthM: i, widthM: j, heightM: k, storageCoefficient: l, direction: dir, qMs: m, safetyFactor: h } },
            row,
            row,
          ),
        );
      }),
      { numRuns: 1000 },
    );
  });
});
