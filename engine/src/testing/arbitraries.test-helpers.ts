/**
 * fast-check arbitraries and helpers for the engine's property tests (`*.properties.test.ts`).
 * Test-only: imported from tests, excluded from the build (tsconfig.json excludes src/testing/**).
 *
 * Two kinds of projects:
 * - `projectArb({ mode: 'sane' })`: realistic values (areas 0 … 1e7 m², cm/cs in [0, 1], facility
 *   values in [0, 1]); the waterflow's derived fields (lists, drains, AC, automatic flooding
 *   verification) are normalised by the engine itself, so a no-op operation changes nothing.
 *   With `coherent: true` every attached surface has its parent's drain (assignments can be undone).
 * - `projectArb({ mode: 'wild' })`: anything the schema accepts (cm/cs and facility values of any
 *   finite size, tiny maxArea, random derived fields, mismatched drains and categories).
 *
 * Random waterflow operations: waterflowOps.test-helpers.ts; plain-data helpers and small
 * hand-built projects: projects.test-helpers.ts.
 */
import fc from 'fast-check';
import { defaultMeasureData, renameNode, type MeasureData, type Project, type PurificationData, type SealedSurface, type SealedSurfaceData, type TreatmentFacility, type Waterflow } from '../index.ts';
import { MEASURE_KINDS } from '../kinds/registry.ts';
import { INPUT_LIMITS, SIZE_LIMITS } from '../tables/defaults.ts';
import { ABOVE_GROUND_PROPORTION_IDS, AIR_POLLUTION_IDS, ANNUALITIES_A, AREA_GROUP_IDS, BYPASS_TYPES, DRAINS, FLOODING_SAFETY_MARGIN_IDS, GROUND_POLLUTION_IDS, INFILTRATION_DIRECTIONS, INFILTRATION_TANK_TYPES, INSTALLATION_TARGETS, INSTALLATION_TYPES, INSTALLATION_VARIANTS, PIPE_TYPE_IDS, PRETREATMENT_OPTION_IDS, RAIN_DATASET_EDITIONS, RAIN_DURATIONS_MIN, REGULATION_TYPES, RULE_EDITIONS, RUNOFF_TYPES, RUNOFF_TYPE_IDS, SOIL_CATEGORY_IDS, THROTTLE_TYPES, WATER_CATEGORY_IDS, type Drain } from '../tables/index.ts';
import { allNodes, toPlain, type AnyNode } from './projects.test-helpers.ts';

export type Mode = 'sane' | 'wild';

// ---------------------------------------------------------------------------------------------
// Generic helpers

const noNegativeZero = (x: number): number => (Object.is(x, -0) ? 0 : x);

// ---------------------------------------------------------------------------------------------
// Values

/** Three states of an optional wire field: absent, null or a value (keys are optional in fc.record). */
const opt = <T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | null> => fc.option(arb, { nil: null, freq: 4 });

export const finiteDouble = fc.double({ noNaN: true, noDefaultInfinity: true }).map(noNegativeZero);
const nonNegativeDouble = fc.double({ min: 0, noNaN: true, noDefaultInfinity: true });

/** Sealed area A_E in m²: 0, small integers, any double up to 1e7, the extreme 1e7. */
export const areaArb = fc.oneof(
  { arbitrary: fc.constant(0), weight: 1 },
  { arbitrary: fc.integer({ min: 1, max: 5000 }), weight: 3 },
  { arbitrary: fc.double({ min: 0, max: 1e7, noNaN: true }), weight: 3 },
  { arbitrary: fc.constant(1e7), weight: 1 },
);

/** Runoff coefficient in [0, 1] (table values or any double). */
export const coefficientArb = fc.oneof(
  fc.constantFrom(0, 1, ...RUNOFF_TYPES.map((t) => t.cm)),
  fc.double({ min: 0, max: 1, noNaN: true }),
);

const wildCoefficientArb = fc.oneof(coefficientArb, finiteDouble, fc.double({ min: -2, max: 2, noNaN: true }).map(noNegativeZero));

export const nameArb = fc.oneof(fc.constantFrom('Roof', 'Yard', ' ', ''), fc.string({ maxLength: 8 }));

// ---------------------------------------------------------------------------------------------
// Facilities, surfaces, purifications, measures

export function facilityArb(mode: Mode, businessId: string): fc.Arbitrary<TreatmentFacility> {
  return fc
    .record(
      {
        businessId: fc.constant(businessId),
        type: fc.constantFrom('sedimentShaft', 'filterShaft', 'hydroShark'),
        m153Type: opt(fc.constantFrom('D21', 'D24', 'D25')),
        // The schema bounds a facility's throughput value / efficiency to [0, 1].
        value: mode === 'sane' ? fc.double({ min: 0, max: 1, noNaN: true }) : fc.oneof(fc.double({ min: 0, max: 1, noNaN: true }), fc.constantFrom(0, 1, Number.MIN_VALUE)),
        maxArea:
          mode === 'sane'
            ? fc.double({ min: 1, max: 1e5, noNaN: true })
            : fc.oneof(fc.double({ min: 1, max: 1e5, noNaN: true }), fc.double({ min: Number.MIN_VALUE, noNaN: true, noDefaultInfinity: true })),
        bypassType: fc.constantFrom(...BYPASS_TYPES),
        regulationType: fc.constantFrom(...REGULATION_TYPES),
        url: opt(fc.string({ maxLength: 6 })),
        neededAmount: opt(fc.nat(50)),
      },
      { requiredKeys: ['businessId', 'type', 'value', 'maxArea', 'bypassType', 'regulationType'] },
    )
    .map(toPlain);
}

export const facilitiesArb = (mode: Mode): fc.Arbitrary<TreatmentFacility[]> =>
  fc.nat(4).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => facilityArb(mode, `F${i}`))));

export function surfaceDataArb(mode: Mode): fc.Arbitrary<SealedSurfaceData> {
  const coefficient = mode === 'sane' ? coefficientArb : wildCoefficientArb;
  return fc.record(
    {
      runoff: opt(fc.constantFrom(...RUNOFF_TYPE_IDS)),
      cm: opt(coefficient),
      cs: opt(coefficient),
      groundPollutionM153: opt(fc.constantFrom(...GROUND_POLLUTION_IDS)),
      areaGroupA102: opt(fc.constantFrom(...AREA_GROUP_IDS)),
    },
    { requiredKeys: [] },
  );
}

interface RawSurface {
  name: string;
  value?: number | null;
  drain?: Drain | null;
  data: SealedSurfaceData;
  fullyCompleted?: boolean;
  changed?: boolean;
  parentPick: number;
}

function rawSurfaceArb(mode: Mode): fc.Arbitrary<RawSurface> {
  return fc.record(
    {
      name: nameArb,
      value: opt(areaArb),
      drain: opt(fc.constantFrom(...DRAINS)),
      data: surfaceDataArb(mode),
      fullyCompleted: fc.boolean(),
      changed: fc.boolean(),
      parentPick: fc.nat(),
    },
    { requiredKeys: ['name', 'data', 'parentPick'] },
  );
}

function purificationDataArb(mode: Mode, facilityIds: readonly string[]): fc.Arbitrary<PurificationData> {
  const businessId = fc.constantFrom(...facilityIds, 'noOption', 'unknown-facility');
  const computed =
    mode === 'wild'
      ? {
          dischargedLoad: opt(finiteDouble),
          surfacesM153Data: opt(
            fc.array(fc.record({ surfaceId: fc.string({ minLength: 1, maxLength: 4 }), area: finiteDouble, areaShare: finiteDouble, dischargedLoad: finiteDouble }), { maxLength: 2 }),
          ),
          purificationA102Data: opt(
            fc.record(
              {
                totalAblation: finiteDouble,
                areaSpecificAblation: finiteDouble,
                ablationOfBypass: finiteDouble,
                intakeWithBypass: finiteDouble,
                permittedAblation: finiteDouble,
                requiredRestraint: finiteDouble,
                categoryI: fc.record({ totalAblation: finiteDouble, area: finiteDouble, areaProportion: finiteDouble }),
              },
              { requiredKeys: ['totalAblation', 'areaSpecificAblation', 'ablationOfBypass', 'intakeWithBypass', 'permittedAblation'] },
            ),
          ),
        }
      : {};
  return fc.record(
    {
      waterCategory: opt(fc.constantFrom(...WATER_CATEGORY_IDS)),
      externalBypass: opt(fc.boolean()),
      purificationFacilityData: opt(fc.record({ businessId, neededAmount: opt(fc.nat(20)) }, { requiredKeys: ['businessId'] })),
      purificationAboveGround: opt(
        fc.record(
          {
            proportion: opt(fc.constantFrom(...ABOVE_GROUND_PROPORTION_IDS)),
            pretreatmentOption: opt(fc.constantFrom(...PRETREATMENT_OPTION_IDS)),
            withD4: opt(fc.boolean()),
          },
          { requiredKeys: [] },
        ),
      ),
      ...computed,
    },
    { requiredKeys: [] },
  ) as fc.Arbitrary<PurificationData>;
}

export const annualityArb = fc.constantFrom(...ANNUALITIES_A);
const nonNegative = (mode: Mode) => (mode === 'sane' ? fc.double({ min: 0, max: 100, noNaN: true }) : nonNegativeDouble);
/** A non-negative value up to a schema maximum (`SIZE_LIMITS`), the maximum itself included. */
const upTo = (mode: Mode, max: number) =>
  mode === 'sane' ? fc.double({ min: 0, max: Math.min(100, max), noNaN: true }) : fc.oneof(fc.double({ min: 0, max, noNaN: true }), fc.constant(max));

export function measureDataArb(mode: Mode): fc.Arbitrary<MeasureData> {
  const dims = fc.record(
    {
      width: opt(upTo(mode, SIZE_LIMITS.measureLengthMaxM)),
      length: opt(upTo(mode, SIZE_LIMITS.measureLengthMaxM)),
      depth: opt(upTo(mode, SIZE_LIMITS.measureHeightMaxM)),
      slope: opt(upTo(mode, SIZE_LIMITS.troughSlopeMax)),
    },
    { requiredKeys: [] },
  );
  const tank = fc.record(
    {
      width: opt(upTo(mode, SIZE_LIMITS.measureLengthMaxM)),
      length: opt(upTo(mode, SIZE_LIMITS.measureLengthMaxM)),
      height: opt(upTo(mode, SIZE_LIMITS.measureHeightMaxM)),
      levels: opt(fc.oneof(fc.constantFrom(0.5, 1, 1.5, 7, 8), nonNegative(mode))),
      numberOfPipes: opt(fc.oneof(fc.nat(5), upTo(mode, SIZE_LIMITS.numberOfPipesMax))),
      pipeType: opt(fc.constantFrom(...PIPE_TYPE_IDS)),
      storageCoefficient: opt(fc.double({ min: 0, max: 100, noNaN: true })),
      storageCoefficientMaterial: opt(fc.double({ min: 0, max: 100, noNaN: true })),
    },
    { requiredKeys: [] },
  );
  const chart = fc.array(fc.record({ duration: finiteDouble, volume: finiteDouble }), { maxLength: 3 });
  return fc
    .record(
      {
        installationTarget: opt(fc.constantFrom(...INSTALLATION_TARGETS)),
        installationVariant: opt(fc.constantFrom(...INSTALLATION_VARIANTS)),
        infiltrationTankType: opt(fc.constantFrom(...INFILTRATION_TANK_TYPES)),
        installationType: opt(fc.constantFrom(...INSTALLATION_TYPES)),
        infiltrationDirection: opt(fc.constantFrom(...INFILTRATION_DIRECTIONS)),
        soilData: opt(fc.constantFrom(...SOIL_CATEGORY_IDS)),
        permeabilityCoefficientX: opt(nonNegative(mode)),
        permeabilityCoefficientY: opt(mode === 'sane' ? fc.integer({ min: 0, max: 9 }) : finiteDouble),
        permeabilityFactorSite: opt(fc.double({ min: 0, max: 1, noNaN: true })),
        recurrenceInterval: opt(annualityArb),
        recurrenceIntervalTrough: opt(annualityArb),
        safetyMargin: opt(nonNegative(mode)),
        throttleDischarge: opt(nonNegative(mode)),
        throttleType: opt(fc.constantFrom(...THROTTLE_TYPES)),
        degreeOfSealing: opt(fc.boolean()),
        floodingVerification: opt(fc.boolean()),
        calculateFlooding: opt(fc.boolean()),
        recurrenceIntervalFloodingVerification: opt(annualityArb),
        safetyMarginFlooding: opt(fc.constantFrom(...FLOODING_SAFETY_MARGIN_IDS)),
        dimensioningTrough: opt(dims),
        dimensioningInfiltrationTank: opt(tank),
        groundLevel: opt(levelArb()),
        meanHighestGroundwaterLevel: opt(levelArb()),
        baseLevel: opt(levelArb()),
        coverDepth: opt(dbl(INPUT_LIMITS.coverDepthMinM, INPUT_LIMITS.coverDepthMaxM)),
        requiredVolume: opt(finiteDouble),
        duration: opt(finiteDouble),
        reportData: opt(fc.record({ troughDrainingTimeChart: opt(chart) }, { requiredKeys: [] })),
      },
      { requiredKeys: [] },
    )
    .map((data) => ({ ...defaultMeasureData(), ...data }) as MeasureData);
}

const dbl = (min: number, max: number) => fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
/** A level within INPUT_LIMITS (−0 becomes 0: JSON has no negative zero). */
const levelArb = () => dbl(INPUT_LIMITS.levelMinM, INPUT_LIMITS.levelMaxM).map((v) => (v === 0 ? 0 : v));
type Kind = 'trough' | 'box' | 'pipe' | 'combined' | 'basin' | 'channel';
/**
 * Realistic, sizeable measure data of every kind (trough, box tank, pipe tank, trough with box
 * tank, retention basin, backwater channel) with random dimensions, soils, margins and throttles.
 */
export const sizeableMeasureDataArb: fc.Arbitrary<MeasureData> = fc
  .record({
    kind: fc.constantFrom<Kind>('trough', 'box', 'pipe', 'combined', 'basin', 'channel'),
    direction: fc.constantFrom(...INFILTRATION_DIRECTIONS),
    x: dbl(0.1, 9.99),
    y: fc.integer({ min: 3, max: 7 }),
    xTrough: dbl(0.1, 9.99),
    yTrough: fc.integer({ min: 3, max: 7 }),
    T: annualityArb,
    TTrough: annualityArb,
    margin: dbl(0, 50),
    throttle: dbl(0, 5),
    troughDims: fc.record({ length: dbl(0.5, 100), width: dbl(0.5, 10), depth: dbl(0.05, 1), slope: dbl(0, 4) }),
    length: dbl(0, 100),
    width: dbl(0.8, 8),
    levels: fc.integer({ min: 1, max: 14 }).map((n) => n / 2),
    pipeHeight: dbl(0.5, 2),
    pipes: fc.integer({ min: 0, max: 2 }),
    pipeType: fc.constantFrom('DN_ID_200', 'DN_ID_350'),
    channelPipe: fc.constantFrom('DN_ID_500', 'DN_OD_630', 'DN_ID_1200'),
    flooding: fc.boolean(),
  })
  .map((g): MeasureData => {
    const common = { recurrenceInterval: g.T, safetyMargin: g.margin, throttleDischarge: g.throttle, floodingVerification: g.flooding };
    const soil = { infiltrationDirection: g.direction, permeabilityCoefficientX: g.x, permeabilityCoefficientY: g.y };
    const box = { length: g.length, width: g.width, levels: g.levels };
    switch (g.kind) {
      case 'trough':
        return { ...MEASURE_KINDS.trough.selection, ...common, ...soil, dimensioningTrough: g.troughDims };
      case 'box':
        return { ...MEASURE_KINDS.boxTank.selection, ...common, ...soil, dimensioningInfiltrationTank: box };
      case 'pipe':
        return {
          ...MEASURE_KINDS.pipeTank.selection,
          ...common,
          ...soil,
          dimensioningInfiltrationTank: { length: g.length, width: g.width, height: g.pipeHeight, numberOfPipes: g.pipes, pipeType: g.pipeType },
        };
      case 'combined':
        return {
          ...MEASURE_KINDS.troughBoxTank.selection,
          ...common,
          ...soil,
          recurrenceIntervalTrough: g.TTrough,
          permeabilityCoefficientXTrough: g.xTrough,
          permeabilityCoefficientYTrough: g.yTrough,
          dimensioningTrough: g.troughDims,
          dimensioningInfiltrationTank: box,
        };
      case 'basin':
        return { ...MEASURE_KINDS.retentionBasin.selection, ...common, dimensioningInfiltrationTank: box };
      case 'channel':
        return { ...MEASURE_KINDS.backwaterChannel.selection, ...common, dimensioningInfiltrationTank: { length: g.length, pipeType: g.channelPipe } };
    }
  });

// ---------------------------------------------------------------------------------------------
// Waterflows and projects

export interface ProjectOptions {
  readonly mode?: Mode;
  /** Attached surfaces carry their parent's drain and matching categories (so every link can be re-made by the operations). */
  readonly coherent?: boolean;
  readonly maxSurfaces?: number;
  readonly maxPurifications?: number;
  readonly maxMeasures?: number;
}

const idArb = fc.oneof(fc.string({ minLength: 1, maxLength: 5 }), fc.nat(999).map((n) => `n${n}`));

/** A waterflow the schema and checkWaterflowLinks accept (see the file comment for the options). */
export function waterflowArb(options: ProjectOptions = {}, facilityIds: readonly string[] = []): fc.Arbitrary<Waterflow> {
  const mode = options.mode ?? 'sane';
  const coherent = options.coherent ?? false;
  return fc
    .record({
      nS: fc.integer({ min: 1, max: options.maxSurfaces ?? 6 }),
      nP: fc.integer({ min: 0, max: options.maxPurifications ?? 3 }),
      nM: fc.integer({ min: 0, max: options.maxMeasures ?? 3 }),
    })
    .chain(({ nS, nP, nM }) =>
      fc.record({
        ids: fc.uniqueArray(idArb, { minLength: nS + nP + nM, maxLength: nS + nP + nM }),
        surfaces: fc.array(rawSurfaceArb(mode), { minLength: nS, maxLength: nS }),
        purifications: fc.array(
          fc.record({
            name: nameArb,
            parentPick: fc.nat(),
            drain: fc.constantFrom(...DRAINS),
            changed: fc.boolean(),
            data: purificationDataArb(mode, facilityIds),
            value: opt(finiteDouble),
            AC: opt(finiteDouble),
            derivedDrain: opt(fc.constantFrom(...DRAINS)),
          }),
          { minLength: nP, maxLength: nP },
        ),
        measures: fc.array(
          fc.record({
            name: nameArb,
            drain: fc.constantFrom(...DRAINS),
            changed: fc.boolean(),
            data: measureDataArb(mode),
            value: opt(mode === 'sane' ? fc.double({ min: 0, max: 1e4, noNaN: true }) : finiteDouble),
            AC: opt(finiteDouble),
            derivedDrain: opt(fc.constantFrom(...DRAINS)),
          }),
          { minLength: nM, maxLength: nM },
        ),
      }),
    )
    .map(({ ids, surfaces, purifications, measures }) => {
      const sIds = ids.slice(0, surfaces.length);
      const pIds = ids.slice(surfaces.length, surfaces.length + purifications.length);
      const mIds = ids.slice(surfaces.length + purifications.length);
      const measureDrain = new Map(measures.map((m, i) => [mIds[i]!, m.drain]));
      const pParent = purifications.map((p) => {
        const k = p.parentPick % (mIds.length + 1);
        return k === 0 ? null : mIds[k - 1]!;
      });
      const nodeDrain = new Map<string, Drain>([...measureDrain, ...purifications.map((p, i) => [pIds[i]!, pParent[i] === null ? p.drain : measureDrain.get(pParent[i]!)!] as const)]);
      const parents = [null, ...pIds, ...mIds];
      const sealedSurfaces: SealedSurface[] = surfaces.map((raw, i) => {
        const { parentPick, ...rest } = raw;
        let parentId = parents[parentPick % parents.length] ?? null;
        let drain = raw.drain;
        let data = raw.data;
        if (coherent) {
          if (parentId !== null) drain = nodeDrain.get(parentId)!;
          if (drain == null) parentId = null;
          const { groundPollutionM153, areaGroupA102, ...others } = data;
          data = {
            ...others,
            ...(drain === 'Groundwater' && groundPollutionM153 !== undefined ? { groundPollutionM153 } : {}),
            ...(drain === 'Watercourse' && areaGroupA102 !== undefined ? { areaGroupA102 } : {}),
          };
        }
        return { ...rest, id: sIds[i]!, parentId, ...(drain === undefined ? {} : { drain }), data };
      });
      const listOf = (id: string, viaPurifications: boolean) =>
        sealedSurfaces
          .filter((s) => s.parentId === id || (viaPurifications && s.parentId != null && pParent[pIds.indexOf(s.parentId)] === id))
          .map((s) => s.id);
      const waterflow: Waterflow = {
        sealedSurfaces,
        purifications: purifications.map((p, i) => ({
          id: pIds[i]!,
          name: p.name,
          parentId: pParent[i]!,
          changed: p.changed,
          sealedSurfaces: listOf(pIds[i]!, false),
          data: p.data,
          ...(mode === 'wild' ? { value: p.value, AC: p.AC, drain: p.derivedDrain } : {}),
        })),
        measures: measures.map((m, i) => ({
          id: mIds[i]!,
          name: m.name,
          parentId: null,
          changed: m.changed,
          sealedSurfaces: listOf(mIds[i]!, true),
          data: m.data,
          value: m.value,
          ...(mode === 'wild' ? { AC: m.AC, drain: m.derivedDrain } : {}),
        })),
      };
      return toPlain(mode === 'sane' ? normalizeDerived(waterflow) : waterflow);
    });
}

/**
 * Lets the engine derive lists, drains, AC and automatic flooding verification (a no-op rename runs
 * the operations' common `finish`), then restores the generated `changed` flags.
 */
export function normalizeDerived(waterflow: Waterflow): Waterflow {
  const first = waterflow.sealedSurfaces[0]!;
  const derived = renameNode(waterflow, first.id, first.name).waterflow;
  const changedOf = new Map(allNodes(waterflow).map((n) => [n.id, n.changed]));
  const restore = <T extends AnyNode>(n: T): T => {
    const c = changedOf.get(n.id);
    const { changed: _c, ...rest } = n;
    return (c === undefined ? rest : { ...rest, changed: c }) as T;
  };
  return {
    sealedSurfaces: derived.sealedSurfaces.map(restore),
    purifications: derived.purifications.map(restore),
    measures: derived.measures.map(restore),
  };
}

const rainDataArb = fc.record(
  {
    source: fc.record({ edition: fc.constantFrom(...RAIN_DATASET_EDITIONS), cell: opt(fc.string({ maxLength: 8 })) }, { requiredKeys: ['edition'] }),
    kostraCell: opt(fc.record({ row: fc.nat(300), column: fc.nat(300) })),
    raindataSeries: fc.array(
      fc.record({
        annuality: annualityArb,
        valuesForDurations: fc.array(fc.record({ duration: fc.constantFrom(...RAIN_DURATIONS_MIN), value: fc.double({ min: 0, max: 1000, noNaN: true }) }), { maxLength: 4 }),
      }),
      { maxLength: 3 },
    ),
  },
  { requiredKeys: ['source', 'raindataSeries'] },
);

const boxConfigurationArb = fc.record(
  {
    id: fc.string({ minLength: 1, maxLength: 4 }),
    name: fc.string({ maxLength: 6 }),
    measureId: opt(fc.string({ maxLength: 4 })),
    groundLevel: opt(finiteDouble),
    stormwaterObjective: opt(fc.constantFrom('retention' as const, 'infiltration' as const)),
    projectionAxes: opt(fc.record({ xProjectionAxes: fc.array(finiteDouble, { maxLength: 2 }), yProjectionAxes: fc.array(finiteDouble, { maxLength: 2 }) })),
    items: fc.array(
      fc.record(
        {
          boxId: opt(fc.string({ maxLength: 4 })),
          boxTypeId: fc.string({ maxLength: 4 }),
          x: fc.integer({ min: -5, max: 20 }),
          y: fc.nat(7),
          z: fc.integer({ min: -5, max: 20 }),
          rotation: fc.constantFrom('North' as const, 'West' as const, 'South' as const, 'East' as const),
        },
        { requiredKeys: ['boxTypeId', 'x', 'y', 'z', 'rotation'] },
      ),
      { maxLength: 2 },
    ),
  },
  { requiredKeys: ['id', 'name'] },
);

/** A whole project file accepted by parseProject. */
export function projectArb(options: ProjectOptions = {}): fc.Arbitrary<Project> {
  const mode = options.mode ?? 'sane';
  return facilitiesArb(mode).chain((facilities) =>
    fc
      .record(
        {
          $schema: fc.constant('https://rainplan.dev/schema/project-file-1.json'),
          schemaVersion: fc.constant(4 as const),
          project: fc.record(
            {
              name: nameArb,
              comment: opt(fc.string({ maxLength: 10 })),
              location: opt(
                fc.record(
                  { latitude: fc.double({ min: -90, max: 90, noNaN: true }).map(noNegativeZero), longitude: fc.double({ min: -180, max: 180, noNaN: true }).map(noNegativeZero), address: opt(fc.string({ maxLength: 8 })) },
                  { requiredKeys: ['latitude', 'longitude'] },
                ),
              ),
              airPollution: opt(fc.constantFrom(...AIR_POLLUTION_IDS)),
              ruleEdition: opt(fc.constantFrom(...RULE_EDITIONS)),
            },
            { requiredKeys: ['name'] },
          ),
          rainData: opt(rainDataArb),
          purificationFacilities: fc.constant(facilities),
          waterflow: waterflowArb(options, facilities.map((f) => f.businessId)),
          boxConfigurations: fc.array(boxConfigurationArb, { maxLength: 1 }),
        },
        { requiredKeys: ['schemaVersion', 'project', 'waterflow'] },
      )
      .map((p) => toPlain(p) as Project),
  );
}
