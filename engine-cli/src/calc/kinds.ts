/**
 * The kinds of `rainplan calc`: each standard calculation of the engine on its own, with an input
 * schema (validation and help) and a function from the validated input to results. Key names of
 * results carry their unit (`requiredVolumeM3`, `governingDurationMin`, `rLsHa`).
 */
import {
  a102Assessment,
  a102Passes,
  m153Assessment,
  m153CombinedFactor,
  m153Passes,
  m153TreatmentNeeded,
  boxTankHeightM,
  tankPart,
  type Issue,
} from '@rainplan/engine';
import { kostra2020CellAt, kostra2020CellCenter, kostra2020HeightTable, kostra2020SeriesFromParameters, parseIndexRc, rainSeriesToRainData } from '@rainplan/engine/rain';
import {
  a117RetentionVolume,
  checkA117SimpleMethod,
  checkDrainingTime,
  checkPermeability,
  checkTroughAreaRatio,
  din1986Eq20VolumeM3,
  din1986Eq21VolumeM3,
  din1986FloodingCheck,
  extraVolumeM3,
  floodingSafetyFactor,
  infiltrationRateMs,
  measureFloodingVolume,
  pipeTankStorageCoefficient,
  retentionPipeVolumeM3,
  sizingIssue,
  surfaceInfiltrationArea,
  tankInfiltrationAreaM2,
  tankRequiredLength,
  tankSizing,
  troughAreaForDepth,
  troughSizing,
  troughTankSizing,
  type GoverningResult,
  type RainPoint,
} from '@rainplan/engine/sizing';
import {
  A102_CATEGORIES,
  ABOVE_GROUND_PROPORTION_IDS,
  AIR_POLLUTION_IDS,
  ANNUALITIES_A,
  AREA_GROUP_IDS,
  CONVERSIONS,
  DEFAULT_RULE_EDITION,
  DIN_1986_100,
  FLOODING_SAFETY_MARGIN_IDS,
  GROUND_POLLUTION_IDS,
  INFILTRATION_DIRECTIONS,
  PIPE_TYPES,
  PIPE_TYPE_IDS,
  PRETREATMENT_OPTION_IDS,
  RAIN_DURATIONS_MIN,
  RULE_EDITIONS,
  WATER_CATEGORY_IDS,
  type A102CategoryId,
  type AboveGroundProportionId,
  type AirPollutionId,
  type AreaGroupId,
  type FloodingSafetyMarginId,
  type GroundPollutionId,
  type InfiltrationDirection,
  type PretreatmentOptionId,
  type RuleEdition,
  type WaterCategoryId,
} from '@rainplan/engine/tables';
import { groundwaterClearanceKind } from './groundwaterClearance.ts';
import { RAIN_HELP, rainInput, rainSpec, type RainEcho } from './rain.ts';
import { childPath, describeReceived, type CustomSpec, type Field, type InputError, type NumberSpec, type ObjectSpec } from './schema.ts';

type Input = Record<string, unknown>;

export interface CalcOutcome {
  /** The rule edition of DWA-A 138 used (sizing kinds of A 138 only). */
  readonly edition?: RuleEdition;
  /** The standard (and edition) the calculation follows. */
  readonly standard: string;
  readonly results: Record<string, unknown>;
  readonly issues: readonly Issue[];
  /** Exit 1 even without error issues (e.g. no cell at the position). */
  readonly failed?: boolean;
}

export interface CalcKind {
  readonly name: string;
  readonly title: string;
  /** Extra help lines (formulas, notes). */
  readonly notes: readonly string[];
  readonly input: ObjectSpec;
  readonly run: (input: Input) => CalcOutcome;
}

// ---------------------------------------------------------------------------------------------
// Field building blocks

const num = (unit: string | undefined, min?: number, exclusiveMin = false, max?: number): NumberSpec => ({
  type: 'number',
  ...(unit === undefined ? {} : { unit }),
  ...(min === undefined ? {} : { min }),
  ...(exclusiveMin ? { exclusiveMin } : {}),
  ...(max === undefined ? {} : { max }),
});
const req = (spec: Field['spec'], doc: string): Field => ({ spec, doc, required: true });
const opt = (spec: Field['spec'], doc: string): Field => ({ spec, doc });
const def = (spec: Field['spec'], value: unknown, doc: string): Field => ({ spec, doc, default: value });
const enumOf = (values: readonly string[]) => ({ type: 'string' as const, enum: values });

const EDITION: Field = def(enumOf(RULE_EDITIONS), DEFAULT_RULE_EDITION, 'rule edition: DWA-A 138-1:2024 (q = k_f·f_site·f_method) or DWA-A 138:2005 (q = k_f/2)');
const AC: Field = opt(num('m²', 0), 'connected area A_C = Σ A_E · C_m (or give aeM2 with cm, or surfaces)');
const AC_FIELDS = {
  acM2: AC,
  aeM2: opt(num('m²', 0), 'catchment area A_E (with cm): A_C = A_E · C_m'),
  cm: opt(num(undefined, 0, false, 1), 'mean runoff coefficient C_m of aeM2'),
  surfaces: opt(
    {
      type: 'array',
      minItems: 1,
      maxItems: 1000,
      items: {
        type: 'object',
        fields: {
          aeM2: req(num('m²', 0), 'area A_E of the surface'),
          cm: req(num(undefined, 0, false, 1), 'mean runoff coefficient C_m of the surface'),
        },
      },
    },
    'several surfaces: A_C = Σ A_E · C_m',
  ),
};
/** The connected area: acM2, aeM2 with cm, or surfaces (exactly one of them). */
const acChoice = exactlyOne([['acM2'], ['aeM2', 'cm'], ['surfaces']]);
function acOf(v: Input): number {
  if (v['acM2'] !== undefined) return n(v, 'acM2');
  if (v['aeM2'] !== undefined) return n(v, 'aeM2') * n(v, 'cm');
  return (v['surfaces'] as Input[]).reduce((sum, s) => sum + n(s, 'aeM2') * n(s, 'cm'), 0);
}
/** Σ A_E when the input gave it (aeM2 or surfaces). */
function aeOf(v: Input): number | undefined {
  if (v['aeM2'] !== undefined) return n(v, 'aeM2');
  if (v['surfaces'] !== undefined) return (v['surfaces'] as Input[]).reduce((sum, s) => sum + n(s, 'aeM2'), 0);
  return undefined;
}
/**
 * A kind whose input takes the connected area in any of the three forms: the run sees `acM2`
 * computed, and the results start with `acM2` (and `aeM2` when A_E was given).
 */
function withConnectedArea(kind: CalcKind): CalcKind {
  const check = kind.input.check;
  return {
    ...kind,
    input: { ...kind.input, check: (v, path) => { const e = acChoice(v, path); return e.length > 0 ? e : (check?.(v, path) ?? []); } },
    run(v) {
      const acM2 = acOf(v);
      const aeM2 = aeOf(v);
      const out = kind.run({ ...v, acM2 });
      return { ...out, results: { acM2, ...(aeM2 === undefined ? {} : { aeM2 }), ...out.results } };
    },
  };
}
const KF: Field = req(num('m/s', 0, true), 'permeability coefficient k_f of the soil');
const F_SITE: Field = opt(num(undefined, 0, false, 1), 'f_site of DWA-A 138-1:2024 (default 1; not with 2005)');
const F_METHOD: Field = opt(num(undefined, 0, false, 1), 'f_method of DWA-A 138-1:2024 (default 1; not with 2005)');
const SAFETY_FACTOR: Field = opt(num(undefined, 0, true), 'safety factor f_Z (or give safetyMarginPct; default f_Z = 1.2)');
const SAFETY_MARGIN: Field = opt(num('%', 0), 'safety margin in percent: f_Z = 1 + margin/100 (instead of safetyFactor)');
const REDUCTION: Field = def(num(undefined, 0, true), 1, 'reduction factor f_A');
const RAIN: Field = req(rainSpec, 'the design rain of the annuality T (see "rain" below)');
const DEFAULT_SAFETY_FACTOR = 1.2;

const safetyFields = { safetyFactor: SAFETY_FACTOR, safetyMarginPct: SAFETY_MARGIN, reductionFactor: REDUCTION };

/** Cross-field checks shared by the sizing kinds. */
function commonChecks(v: Input, path: string): InputError[] {
  const errors: InputError[] = [];
  if (v['safetyFactor'] !== undefined && v['safetyMarginPct'] !== undefined) {
    errors.push({ path: childPath(path, 'safetyMarginPct'), expected: 'either safetyFactor or safetyMarginPct, not both' });
  }
  if (v['edition'] === 'DWA-A 138:2005') {
    for (const k of ['fSite', 'fMethod']) {
      if (v[k] !== undefined) errors.push({ path: childPath(path, k), expected: `no ${k} with DWA-A 138:2005 (the 2005 edition uses q = k_f/2)` });
    }
  }
  return errors;
}

const both = (...checks: ((v: Input, path: string) => InputError[])[]) => (v: Input, path: string) => checks.flatMap((c) => c(v, path));

/** `given` fields: exactly one of the groups must be complete; e.g. heightM or layers. */
function exactlyOne(groups: readonly (readonly string[])[]) {
  return (v: Input, path: string): InputError[] => {
    const present = groups.filter((g) => g.some((k) => v[k] !== undefined));
    const names = groups.map((g) => g.join(' + ')).join(' or ');
    if (present.length === 0) return [{ path: childPath(path, groups[0]![0]!), expected: `${names} (required)`, received: 'nothing' }];
    if (present.length > 1) return [{ path, expected: `${names}, not more than one of them` }];
    const missing = present[0]!.filter((k) => v[k] === undefined);
    return missing.map((k) => ({ path: childPath(path, k), expected: `a value (required together with ${present[0]!.join(', ')})`, received: 'nothing' }));
  };
}

/** All or none of the fields. */
function allOrNone(keys: readonly string[]) {
  return (v: Input, path: string): InputError[] => {
    const given = keys.filter((k) => v[k] !== undefined);
    if (given.length === 0 || given.length === keys.length) return [];
    return keys.filter((k) => v[k] === undefined).map((k) => ({ path: childPath(path, k), expected: `a value (${keys.join(', ')} go together)`, received: 'nothing' }));
  };
}

const n = (v: Input, k: string): number => v[k] as number;
const on = (v: Input, k: string): number | undefined => v[k] as number | undefined;

function safetyOf(v: Input): number {
  const f = on(v, 'safetyFactor');
  if (f !== undefined) return f;
  const pct = on(v, 'safetyMarginPct');
  return pct === undefined ? DEFAULT_SAFETY_FACTOR : 1 + pct / 100;
}

function rateOf(v: Input): number {
  const edition = v['edition'] as RuleEdition;
  const q = infiltrationRateMs(n(v, 'kfMs'), edition, { fSite: on(v, 'fSite'), fMethod: on(v, 'fMethod') });
  return q ?? Number.NaN;
}

const governing = (g: GoverningResult) => ({ governingDurationMin: g.durationMin, governingRLsHa: g.rLsHa });
const perDuration = (chart: readonly { duration: number; volume: number }[]) => chart.map((p) => ({ durationMin: p.duration, volumeM3: p.volume }));
const sufficient = (available: number | undefined, required: number | undefined) =>
  available === undefined || required === undefined ? undefined : available >= required * (1 - 1e-9);

/** Issues of a standard calculation, without the node (there is none). */
function clean(issues: readonly Issue[]): Issue[] {
  const seen = new Set<string>();
  const out: Issue[] = [];
  for (const i of issues) {
    const key = `${i.code}\u0000${i.field ?? ''}\u0000${JSON.stringify(i.params ?? {})}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(i);
  }
  return out;
}

// Pipes: a pipe type of the spec's table, or the two diameters.
const PIPE_FIELDS = {
  numberOfPipes: req({ type: 'number', min: 0, integer: true }, 'number of pipes a in the section'),
  pipeType: opt(enumOf(PIPE_TYPE_IDS), 'a pipe type of the planning spec (gives d_i and d_a); or give both diameters'),
  innerDiameterMm: opt(num('mm', 0, true), 'inner diameter d_i'),
  outerDiameterMm: opt(num('mm', 0, true), 'outer diameter d_a'),
};
const pipeDiameters = exactlyOne([['pipeType'], ['innerDiameterMm', 'outerDiameterMm']]);
function diametersOf(v: Input): { innerDiameterMm: number; outerDiameterMm: number } {
  const type = v['pipeType'];
  if (typeof type === 'string') {
    const t = PIPE_TYPES.find((p) => p.id === type)!;
    return { innerDiameterMm: t.innerDiameterMm, outerDiameterMm: t.outerDiameterMm };
  }
  return { innerDiameterMm: n(v, 'innerDiameterMm'), outerDiameterMm: n(v, 'outerDiameterMm') };
}

const PIPES_SPEC: ObjectSpec = {
  type: 'object',
  fields: {
    ...PIPE_FIELDS,
    materialStorageCoefficient: def(num(undefined, 0, false, 1), 0.3, 'storage coefficient s_F of the gravel (fraction)'),
  },
  check: pipeDiameters,
};


const layersSpec: CustomSpec = {
  type: 'custom',
  expected: 'a number > 0 in steps of 0.5 (box layers)',
  parse(value, path, errors) {
    if (typeof value !== 'number' || !Number.isFinite(value) || !(value > 0) || !Number.isInteger(value * 2)) {
      errors.push({ path, expected: 'a number > 0 in steps of 0.5 (box layers)', received: describeReceived(value) });
      return undefined;
    }
    return value;
  },
};

// Tank section (shared by tank and the tank of trough-tank)
const TANK_SECTION_FIELDS = {
  widthM: req(num('m', 0, true), 'width B of the tank'),
  heightM: opt(num('m', 0, true), 'height H of the tank (or give layers)'),
  layers: opt(layersSpec, 'box layers (0.5 steps): H = whole layers · 0.66 m + 0.36 m for a half layer'),
  storageCoefficient: opt(num(undefined, 0, true, 1), 's: storage coefficient as a fraction (boxes 0.95, gravel 0.30…0.35); or give pipes'),
  pipes: opt(PIPES_SPEC, 'pipes in gravel: s_R = [s_F·(B·H − a·π·d_a²/4) + a·π·d_i²/4] / (B·H)'),
  direction: def(enumOf(INFILTRATION_DIRECTIONS), 'everySide', 'infiltration through every side, only the sole (sealedSides) or only the sides (sealedSole)'),
  throttleLs: def(num('l/s', 0), 0, 'throttle discharge Q_Dr'),
  lengthM: opt(num('m', 0), 'chosen length L: also check it (available against required volume)'),
};
const tankSectionChecks = both(exactlyOne([['heightM'], ['layers']]), exactlyOne([['storageCoefficient'], ['pipes']]));

interface Section {
  widthM: number;
  heightM: number;
  storageCoefficient: number | undefined;
  /**
   * The engine's tank part whose available volume this section has (kinds/registry.ts): boxes when
   * given by layers, else a gravel body (with or without pipes).
   */
  part: 'Box' | 'Pipe';
}

/** Available volume of the section at length L, by the tank part's own function (the one `evaluate` uses). */
function sectionVolumeM3(section: Section, lengthM: number | undefined): number | undefined {
  if (lengthM === undefined) return undefined;
  return tankPart(section.part).availableVolumeM3({ widthM: section.widthM, heightM: section.heightM, s: section.storageCoefficient, innerDiameterMm: undefined }, lengthM);
}
function sectionOf(v: Input): Section {
  const widthM = n(v, 'widthM');
  const heightM = v['layers'] !== undefined ? boxTankHeightM(n(v, 'layers')) : n(v, 'heightM');
  const pipes = v['pipes'] as Input | undefined;
  const storageCoefficient =
    pipes === undefined
      ? n(v, 'storageCoefficient')
      : pipeTankStorageCoefficient({
          widthM,
          heightM,
          numberOfPipes: n(pipes, 'numberOfPipes'),
          ...diametersOf(pipes),
          materialStorageCoefficient: n(pipes, 'materialStorageCoefficient'),
        });
  return { widthM, heightM, storageCoefficient, part: v['layers'] !== undefined ? 'Box' : 'Pipe' };
}

// ---------------------------------------------------------------------------------------------
// Kinds

const trough: CalcKind = {
  name: 'trough',
  title: 'Trough (Mulde): infiltration area for a design depth, and the check of a chosen trough',
  notes: [
    'design (both editions; the trough area A_S receives rain): A_S = (A_C + A_VA)·1e-7·r / (z/(D·60·f_Z·f_A) − 1e-7·r + q),',
    '        V = A_S·z, t_E = z/q; maximum over D. A trough with vertical walls and L·B = A_S passes the check.',
    'check (with lengthM, widthM, slope): V(D) = [(A_C + L·B)·1e-7·r − A_S·q]·D·60·f_Z·f_A with',
    '        A_S = (A_top + A_bottom)/2, available volume by the prismoid rule.',
  ],
  input: {
    type: 'object',
    fields: {
      edition: EDITION,
      ...AC_FIELDS,
      kfMs: KF,
      fSite: F_SITE,
      fMethod: F_METHOD,
      ...safetyFields,
      depthM: req(num('m', 0, true), 'design depth z of the trough'),
      avaM2: def(num('m²', 0), 0, 'design: rain-receiving area of the trough beyond A_S (e.g. the slopes above the mean water area), added to the inflow'),
      lengthM: opt(num('m', 0, true), 'chosen top length L (with widthM and slope: check the trough)'),
      widthM: opt(num('m', 0, true), 'chosen top width B'),
      slope: opt(num(undefined, 0), 'side slope 1:m (m horizontal per 1 vertical; 0 = vertical walls)'),
      rain: RAIN,
    },
    check: both(commonChecks, allOrNone(['lengthM', 'widthM', 'slope'])),
  },
  run(v) {
    const edition = v['edition'] as RuleEdition;
    const q = rateOf(v);
    const fZ = safetyOf(v);
    const fA = n(v, 'reductionFactor');
    const rain = rainInput(v['rain'] as RainEcho);
    const acM2 = n(v, 'acM2');
    const issues: Issue[] = [...checkPermeability(n(v, 'kfMs'))];
    const d = troughAreaForDepth({ acM2, avaM2: n(v, 'avaM2'), depthM: n(v, 'depthM'), qMs: q, safetyFactor: fZ * fA, edition }, rain);
    issues.push(...d.issues, ...checkDrainingTime(d.drainingTimeH, edition, 'trough'));
    const results: Record<string, unknown> = {
      infiltrationRateMs: q,
      safetyFactor: fZ,
      design: {
        infiltrationAreaM2: d.areaM2,
        volumeM3: d.volumeM3,
        drainingTimeH: d.drainingTimeH,
        acToInfiltrationAreaRatio: d.areaM2 === undefined || d.areaM2 === 0 ? undefined : acM2 / d.areaM2,
        ...governing(d),
      },
    };
    if (v['lengthM'] !== undefined) {
      const s = troughSizing(
        { acM2, lengthM: n(v, 'lengthM'), widthM: n(v, 'widthM'), depthM: n(v, 'depthM'), slope: n(v, 'slope'), qMs: q, safetyFactor: fZ, reductionFactor: fA },
        rain,
      );
      issues.push(...s.issues, ...checkDrainingTime(s.drainingTimeH, edition, 'trough'), ...checkTroughAreaRatio(acM2, s.geometry?.meanAreaM2));
      results['check'] = {
        topAreaM2: s.geometry?.topAreaM2,
        bottomAreaM2: s.geometry?.bottomAreaM2,
        infiltrationAreaM2: s.geometry?.meanAreaM2,
        effectiveDepthM: s.geometry?.effectiveDepthM,
        availableVolumeM3: s.availableVolumeM3,
        requiredVolumeM3: s.requiredVolumeM3,
        standardVolumeM3: s.standardVolumeM3,
        sufficient: sufficient(s.availableVolumeM3, s.requiredVolumeM3),
        drainingTimeH: s.drainingTimeH,
        ...governing(s),
        perDuration: perDuration(s.chart),
      };
    }
    return { edition, standard: edition, results, issues: clean(issues) };
  },
};

const tank: CalcKind = {
  name: 'tank',
  title: 'Trench / box tank / pipe tank (Rigole): required length at width and height, and the check of a chosen length',
  notes: [
    'L = (A_C·1e-7·r − β·q − Q_Dr·1e-3) / (B·H·s/(D·60·f_Z·f_A) + α·q), maximum over D, with the',
    'infiltration area A_S = α·L + β: every side 2005 (B + H/2)·L, 2024 (B + H)·L + B·H; sealedSides B·L;',
    'sealedSole 2005 (H/2)·L, 2024 H·L + B·H. Available volume L·B·H·s.',
  ],
  input: {
    type: 'object',
    fields: { edition: EDITION, ...AC_FIELDS, kfMs: KF, fSite: F_SITE, fMethod: F_METHOD, ...safetyFields, ...TANK_SECTION_FIELDS, rain: RAIN },
    check: both(commonChecks, tankSectionChecks),
  },
  run(v) {
    const edition = v['edition'] as RuleEdition;
    const q = rateOf(v);
    const fZ = safetyOf(v);
    const rain = rainInput(v['rain'] as RainEcho);
    const section = sectionOf(v);
    const issues: Issue[] = [...checkPermeability(n(v, 'kfMs'))];
    const results: Record<string, unknown> = { infiltrationRateMs: q, safetyFactor: fZ, heightM: section.heightM, storageCoefficient: section.storageCoefficient };
    if (section.storageCoefficient === undefined) {
      issues.push(sizingIssue('PIPES_DO_NOT_FIT', { field: 'pipes' }));
      return { edition, standard: edition, results, issues: clean(issues) };
    }
    const params = {
      acM2: n(v, 'acM2'),
      widthM: section.widthM,
      heightM: section.heightM,
      storageCoefficient: section.storageCoefficient,
      direction: v['direction'] as InfiltrationDirection,
      edition,
      qMs: q,
      throttleLs: n(v, 'throttleLs'),
      safetyFactor: fZ,
      reductionFactor: n(v, 'reductionFactor'),
    };
    Object.assign(results, tankResults(params, section, on(v, 'lengthM'), rain, issues));
    return { edition, standard: edition, results, issues: clean(issues) };
  },
};

type TankParams = Parameters<typeof tankRequiredLength>[0];

function tankResults(params: TankParams, section: Section, lengthM: number | undefined, rain: RainPoint[], issues: Issue[]): Record<string, unknown> {
  const len = tankRequiredLength(params, rain);
  issues.push(...len.issues);
  const L = len.lengthM;
  const results: Record<string, unknown> = {
    requiredLength: {
      lengthM: L,
      volumeM3: sectionVolumeM3(section, L),
      infiltrationAreaM2: L === undefined ? undefined : tankInfiltrationAreaM2({ lengthM: L, widthM: params.widthM, heightM: params.heightM }, params.direction, params.edition),
      ...governing(len),
    },
  };
  if (lengthM !== undefined) {
    const t = tankSizing({ ...params, lengthM }, rain);
    issues.push(...t.issues, ...checkDrainingTime(t.drainingTimeH, params.edition, 'tank'));
    results['check'] = {
      lengthM,
      infiltrationAreaM2: t.infiltrationAreaM2,
      availableVolumeM3: sectionVolumeM3(section, lengthM),
      requiredVolumeM3: t.requiredVolumeM3,
      standardVolumeM3: t.standardVolumeM3,
      sufficient: sufficient(sectionVolumeM3(section, lengthM), t.requiredVolumeM3),
      drainingTimeH: t.drainingTimeH,
      ...governing(t),
      perDuration: perDuration(t.chart),
    };
  }
  return results;
}

const pipeStorage: CalcKind = {
  name: 'pipe-storage',
  title: 'Storage coefficient s_R of a pipe tank (pipes in gravel)',
  notes: ['s_R = [s_F·(B·H − a·π·d_a²/4) + a·π·d_i²/4] / (B·H); diameters in mm.'],
  input: {
    type: 'object',
    fields: {
      widthM: req(num('m', 0, true), 'width B of the gravel body'),
      heightM: req(num('m', 0, true), 'height H of the gravel body'),
      ...PIPE_FIELDS,
      materialStorageCoefficient: def(num(undefined, 0, false, 1), 0.3, 'storage coefficient s_F of the gravel (fraction)'),
      lengthM: opt(num('m', 0), 'length L: also give the available volume L·B·H·s_R'),
    },
    check: pipeDiameters,
  },
  run(v) {
    const B = n(v, 'widthM');
    const H = n(v, 'heightM');
    const diameters = diametersOf(v);
    const sR = pipeTankStorageCoefficient({ widthM: B, heightM: H, numberOfPipes: n(v, 'numberOfPipes'), ...diameters, materialStorageCoefficient: n(v, 'materialStorageCoefficient') });
    const issues: Issue[] = sR === undefined ? [sizingIssue('PIPES_DO_NOT_FIT', { field: 'numberOfPipes' })] : [];
    const L = on(v, 'lengthM');
    return {
      standard: 'DWA-A 138 (pipe trench)',
      results: {
        ...diameters,
        storageCoefficient: sR,
        storagePerMetreM3M: sR === undefined ? undefined : B * H * sR,
        ...(L === undefined ? {} : { availableVolumeM3: sR === undefined ? undefined : L * B * H * sR }),
      },
      issues,
    };
  },
};

const TROUGH_PART: ObjectSpec = {
  type: 'object',
  fields: {
    volumeM3: opt(num('m³', 0), 'the trough as the textbook gives it: its volume V_M (with areaM2)'),
    areaM2: opt(num('m²', 0), 'the trough\'s rain-receiving area A_VA (the textbook\'s A_s,M), with volumeM3'),
    lengthM: opt(num('m', 0, true), 'or its dimensions: top length L (with widthM, depthM, slope)'),
    widthM: opt(num('m', 0, true), 'top width B'),
    depthM: opt(num('m', 0, true), 'depth z (required with the dimensions; with volumeM3 it gives the draining time z/q, default V_M/A_VA)'),
    slope: opt(num(undefined, 0), 'side slope 1:m'),
    kfMs: opt(num('m/s', 0, true), 'k_f of the trough soil (default: the tank\'s kfMs)'),
    rain: opt(rainSpec, 'the trough\'s own design rain (default: the tank\'s rain)'),
  },
  check: (v, path) => {
    const errors = exactlyOne([['volumeM3', 'areaM2'], ['lengthM', 'widthM', 'slope']])(v, path);
    if (errors.length === 0 && v['lengthM'] !== undefined && v['depthM'] === undefined) {
      errors.push({ path: childPath(path, 'depthM'), expected: 'a value (required together with lengthM, widthM, slope)', received: 'nothing' });
    }
    return errors;
  },
};

const troughTank: CalcKind = {
  name: 'trough-tank',
  title: 'Trough with tank below (Mulden-Rigole): the tank length that stores what the trough does not',
  notes: [
    'L = [(A_C + A_VA)·1e-7·r − V_M/(D·60·f_Z·f_A) − β·q − Q_Dr·1e-3] / [B·H·s/(D·60·f_Z·f_A) + α·q], maximum',
    'over D, with the trough\'s volume V_M and rain-receiving area A_VA: as given (volumeM3, areaM2), or',
    'from its dimensions (V_M by the prismoid rule, A_VA = L·B; the trough is then also sized).',
  ],
  input: {
    type: 'object',
    fields: {
      edition: EDITION,
      ...AC_FIELDS,
      kfMs: KF,
      fSite: F_SITE,
      fMethod: F_METHOD,
      ...safetyFields,
      trough: req(TROUGH_PART, 'the trough above the tank'),
      ...TANK_SECTION_FIELDS,
      rain: RAIN,
    },
    check: both(commonChecks, tankSectionChecks),
  },
  run(v) {
    const edition = v['edition'] as RuleEdition;
    const q = rateOf(v);
    const fZ = safetyOf(v);
    const fA = n(v, 'reductionFactor');
    const rain = rainInput(v['rain'] as RainEcho);
    const section = sectionOf(v);
    const t = v['trough'] as Input;
    const troughRain = t['rain'] === undefined ? rain : rainInput(t['rain'] as RainEcho);
    const qTrough = t['kfMs'] === undefined ? q : (infiltrationRateMs(n(t, 'kfMs'), edition, { fSite: on(v, 'fSite'), fMethod: on(v, 'fMethod') }) ?? Number.NaN);
    const issues: Issue[] = [...checkPermeability(n(v, 'kfMs')), ...checkPermeability(on(t, 'kfMs'))];
    const results: Record<string, unknown> = { infiltrationRateMs: q, troughInfiltrationRateMs: qTrough, safetyFactor: fZ, heightM: section.heightM, storageCoefficient: section.storageCoefficient };
    if (section.storageCoefficient === undefined) {
      issues.push(sizingIssue('PIPES_DO_NOT_FIT', { field: 'pipes' }));
      return { edition, standard: edition, results, issues: clean(issues) };
    }
    const tankParams = {
      acM2: n(v, 'acM2'),
      widthM: section.widthM,
      heightM: section.heightM,
      storageCoefficient: section.storageCoefficient,
      direction: v['direction'] as InfiltrationDirection,
      edition,
      qMs: q,
      throttleLs: n(v, 'throttleLs'),
      safetyFactor: fZ,
      reductionFactor: fA,
    };
    let vM: number | undefined;
    if (t['volumeM3'] !== undefined) {
      vM = n(t, 'volumeM3');
      const ava = n(t, 'areaM2');
      // The trough empties through its sole: t_E = z/q (as in the trough design), with z as given
      // or the mean depth V_M/A_VA of the textbook's trough.
      const depthM = on(t, 'depthM') ?? (ava > 0 ? vM / ava : undefined);
      const troughDrainingTimeH = depthM === undefined || !(qTrough > 0) ? undefined : depthM / qTrough / CONVERSIONS.secondsPerHour;
      issues.push(...checkDrainingTime(troughDrainingTimeH, edition, 'trough'));
      results['trough'] = { volumeM3: vM, rainReceivingAreaM2: ava, depthM, drainingTimeH: troughDrainingTimeH };
      Object.assign(results, tankResults({ ...tankParams, avaM2: n(t, 'areaM2'), storedUpstreamM3: vM }, section, on(v, 'lengthM'), rain, issues));
    } else {
      const r = troughTankSizing(
        {
          acM2: n(v, 'acM2'),
          edition,
          trough: { lengthM: n(t, 'lengthM'), widthM: n(t, 'widthM'), depthM: n(t, 'depthM'), slope: n(t, 'slope'), qMs: qTrough, safetyFactor: fZ, reductionFactor: fA },
          tank: { ...tankParams, lengthM: on(v, 'lengthM') },
        },
        troughRain,
        rain,
      );
      vM = r.troughVolumeM3;
      issues.push(...r.trough.issues, ...checkDrainingTime(r.trough.drainingTimeH, edition, 'trough'), ...r.requiredTankLength.issues);
      const L = r.requiredTankLength.lengthM;
      results['trough'] = {
        volumeM3: vM,
        rainReceivingAreaM2: r.trough.geometry?.topAreaM2,
        infiltrationAreaM2: r.trough.geometry?.meanAreaM2,
        requiredVolumeM3: r.trough.requiredVolumeM3,
        drainingTimeH: r.trough.drainingTimeH,
        ...governing(r.trough),
      };
      results['requiredLength'] = {
        lengthM: L,
        volumeM3: sectionVolumeM3(section, L),
        infiltrationAreaM2: L === undefined ? undefined : tankInfiltrationAreaM2({ lengthM: L, widthM: section.widthM, heightM: section.heightM }, tankParams.direction, edition),
        ...governing(r.requiredTankLength),
      };
      if (r.tank !== undefined) {
        issues.push(...r.tank.issues, ...checkDrainingTime(r.tank.drainingTimeH, edition, 'tank'));
        results['check'] = {
          lengthM: on(v, 'lengthM'),
          infiltrationAreaM2: r.tank.infiltrationAreaM2,
          availableVolumeM3: sectionVolumeM3(section, on(v, 'lengthM')),
          requiredVolumeM3: r.tank.requiredVolumeM3,
          sufficient: sufficient(sectionVolumeM3(section, on(v, 'lengthM')), r.tank.requiredVolumeM3),
          drainingTimeH: r.tank.drainingTimeH,
          ...governing(r.tank),
          perDuration: perDuration(r.tank.chart),
        };
      }
    }
    const tankVolume = (results['requiredLength'] as { volumeM3?: number } | undefined)?.volumeM3;
    results['totalVolumeM3'] = vM === undefined || tankVolume === undefined ? undefined : vM + tankVolume;
    return { edition, standard: edition, results, issues: clean(issues) };
  },
};

const RETENTION_PIPE: ObjectSpec = {
  type: 'object',
  fields: {
    lengthM: req(num('m', 0), 'length L of the retention pipe'),
    pipeType: opt(enumOf(PIPE_TYPE_IDS), 'a pipe type of the planning spec (gives d_i); or innerDiameterMm'),
    innerDiameterMm: opt(num('mm', 0, true), 'inner diameter d_i'),
  },
  check: exactlyOne([['pipeType'], ['innerDiameterMm']]),
};

const retention: CalcKind = {
  name: 'retention',
  title: 'Retention basin / backwater channel by the simple method of DWA-A 117',
  notes: [
    'q_Dr = Q_Dr / (A_C/10,000); V_s(D) = (r − q_Dr)·D·f_Z·f_A·0.06 m³/ha; V = max V_s · A_C/10,000;',
    'draining time V/Q_Dr. The limits of the simple method (A_E ≤ 200 ha, n ≥ 0.1/a) are reported.',
  ],
  input: {
    type: 'object',
    fields: {
      ...AC_FIELDS,
      throttleLs: def(num('l/s', 0), 1, 'throttle discharge Q_Dr'),
      ...safetyFields,
      catchmentAreaM2: opt(num('m²', 0), 'catchment area A_E, for the limit of the simple method (200 ha); default: aeM2 or Σ surfaces'),
      annualityA: opt(num('a', 0, true), 'design annuality T (n = 1/T), for the limit of the simple method'),
      availableVolumeM3: opt(num('m³', 0), 'chosen volume: also check it'),
      retentionPipe: opt(RETENTION_PIPE, 'a retention pipe: available volume L·π·d_i²/4'),
      rain: RAIN,
    },
    check: (v, path) => [
      ...commonChecks(v, path),
      ...(v['availableVolumeM3'] !== undefined && v['retentionPipe'] !== undefined ? [{ path: childPath(path, 'retentionPipe'), expected: 'either availableVolumeM3 or retentionPipe, not both' }] : []),
    ],
  },
  run(v) {
    const rain = rainInput(v['rain'] as RainEcho);
    const fZ = safetyOf(v);
    const r = a117RetentionVolume({ acM2: n(v, 'acM2'), throttleLs: n(v, 'throttleLs'), safetyFactor: fZ, reductionFactor: n(v, 'reductionFactor') }, rain);
    const issues: Issue[] = [...r.issues, ...checkA117SimpleMethod({ catchmentAreaM2: on(v, 'catchmentAreaM2') ?? aeOf(v), annuality: on(v, 'annualityA') })];
    const pipe = v['retentionPipe'] as Input | undefined;
    const available =
      pipe !== undefined
        ? retentionPipeVolumeM3(n(pipe, 'lengthM'), typeof pipe['pipeType'] === 'string' ? PIPE_TYPES.find((p) => p.id === pipe['pipeType'])!.innerDiameterMm : n(pipe, 'innerDiameterMm'))
        : on(v, 'availableVolumeM3');
    return {
      standard: 'DWA-A 117 (simple method)',
      results: {
        safetyFactor: fZ,
        throttleRateLsHa: r.throttleRateLsHa,
        requiredVolumeM3: r.requiredVolumeM3,
        specificVolumeM3Ha: r.specificVolumeM3Ha,
        standardVolumeM3: r.standardVolumeM3,
        drainingTimeH: r.drainingTimeH,
        ...governing(r),
        ...(available === undefined ? {} : { availableVolumeM3: available, sufficient: sufficient(available, r.requiredVolumeM3) }),
        perDuration: perDuration(r.chart),
      },
      issues: clean(issues),
    };
  },
};

const surfaceInfiltration: CalcKind = {
  name: 'surface-infiltration',
  title: 'Surface infiltration (no storage): the infiltration area needed',
  notes: ['A_S = A_C / (q·1e7/r − 1), only when q > r·1e-7; maximum over D.'],
  input: { type: 'object', fields: { edition: EDITION, ...AC_FIELDS, kfMs: KF, fSite: F_SITE, fMethod: F_METHOD, rain: RAIN }, check: commonChecks },
  run(v) {
    const edition = v['edition'] as RuleEdition;
    const q = rateOf(v);
    const r = surfaceInfiltrationArea({ acM2: n(v, 'acM2'), qMs: q }, rainInput(v['rain'] as RainEcho));
    return {
      edition,
      standard: edition,
      results: { infiltrationRateMs: q, infiltrationAreaM2: r.areaM2, ...governing(r) },
      issues: clean([...checkPermeability(n(v, 'kfMs')), ...r.issues]),
    };
  },
};

const flooding: CalcKind = {
  name: 'flooding',
  title: 'Flooding volume of a measure (DWA-A 138-1 eq. 10 form)',
  notes: [
    'V_f(D) = [r(D,T_f)·(Σ A_E·C_s + A_VA)·1e-7 − (A_S·q + Q_Dr·1e-3)]·D·60·f_flood − V_up; maximum over D;',
    'extra volume = max(0, V_f − available volume). f_flood = 1.10 / 1.15 / 1.20 for Fz10 / Fz15 / Fz20.',
  ],
  input: {
    type: 'object',
    fields: {
      edition: EDITION,
      peakAreaM2: req(num('m²', 0), 'Σ A_E · C_s of the surfaces (peak runoff coefficients)'),
      avaM2: def(num('m²', 0), 0, 'the facility\'s own rain-receiving area A_VA'),
      asM2: def(num('m²', 0), 0, 'infiltration area A_S'),
      kfMs: opt(num('m/s', 0, true), 'k_f (required when asM2 > 0)'),
      fSite: F_SITE,
      fMethod: F_METHOD,
      throttleLs: def(num('l/s', 0), 0, 'throttle discharge Q_Dr'),
      floodingMargin: opt(enumOf(FLOODING_SAFETY_MARGIN_IDS), 'safety margin option (default Fz15)'),
      floodingFactor: opt(num(undefined, 0, true), 'f_flood directly (instead of floodingMargin)'),
      storedUpstreamM3: def(num('m³', 0), 0, 'volume stored upstream (a trough above a tank), subtracted'),
      availableVolumeM3: opt(num('m³', 0), 'the measure\'s available volume: gives the extra volume'),
      annualityA: def(num('a', 0, true), 30, 'the flooding annuality T_f of the rain (recorded only)'),
      rain: req(rainSpec, 'the rain of the flooding annuality T_f'),
    },
    check: (v, path) => {
      const errors = commonChecks(v, path);
      if (v['floodingMargin'] !== undefined && v['floodingFactor'] !== undefined) errors.push({ path: childPath(path, 'floodingFactor'), expected: 'either floodingMargin or floodingFactor, not both' });
      if (n(v, 'asM2') > 0 && v['kfMs'] === undefined) errors.push({ path: childPath(path, 'kfMs'), expected: 'a number > 0 (m/s) (required when asM2 > 0)', received: 'nothing' });
      return errors;
    },
  },
  run(v) {
    const edition = v['edition'] as RuleEdition;
    const q = v['kfMs'] === undefined ? 0 : rateOf(v);
    const margin = (v['floodingMargin'] as FloodingSafetyMarginId | undefined) ?? 'Fz15';
    const factor = on(v, 'floodingFactor') ?? floodingSafetyFactor(margin)!;
    const r = measureFloodingVolume(
      { peakAreaM2: n(v, 'peakAreaM2'), avaM2: n(v, 'avaM2'), asM2: n(v, 'asM2'), qMs: q, throttleLs: n(v, 'throttleLs'), floodingFactor: factor, storedUpstreamM3: n(v, 'storedUpstreamM3') },
      rainInput(v['rain'] as RainEcho),
    );
    const available = on(v, 'availableVolumeM3');
    return {
      edition,
      standard: `${edition} (flooding verification)`,
      results: {
        infiltrationRateMs: q,
        floodingFactor: factor,
        floodingVolumeM3: r.floodingVolumeM3,
        standardVolumeM3: r.standardVolumeM3,
        drainingTimeH: r.drainingTimeH,
        ...governing(r),
        ...(available === undefined ? {} : { availableVolumeM3: available, extraVolumeM3: r.floodingVolumeM3 === undefined ? undefined : extraVolumeM3(r.floodingVolumeM3, available) }),
        perDuration: perDuration(r.chart),
      },
      issues: clean([...(v['kfMs'] === undefined ? [] : checkPermeability(n(v, 'kfMs'))), ...r.issues]),
    };
  },
};

// DIN 1986-100: rain points with r(D,30) and r(D,2)
function dinRainSpec(withR2: boolean, r2Optional = false): CustomSpec {
  const keys = withR2 ? ['durationMin', 'r30LsHa', 'r2LsHa'] : ['durationMin', 'r30LsHa'];
  const expected = `{ ${keys.map((k) => `"${k}"`).join(', ')} } or an array of them`;
  const one = (value: unknown, path: string, errors: InputError[]): Input | undefined => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      errors.push({ path, expected: `{ ${keys.map((k) => `"${k}"`).join(', ')} }`, received: describeReceived(value) });
      return undefined;
    }
    const o = value as Input;
    const before = errors.length;
    for (const k of Object.keys(o)) if (!keys.includes(k)) errors.push({ path: childPath(path, k), expected: `no such field (known fields: ${keys.join(', ')})` });
    for (const k of keys) {
      const x = o[k];
      const durations = DIN_1986_100.eq21DurationsMin as readonly number[];
      if (k === 'durationMin') {
        const ok = typeof x === 'number' && Number.isFinite(x) && x > 0 && (withR2 || durations.includes(x));
        if (!ok) errors.push({ path: childPath(path, k), expected: withR2 ? 'a number > 0 (min)' : `one of ${durations.join(', ')} (min; eq. 21 is defined for these)`, received: describeReceived(x) });
      } else if (x === undefined && k === 'r2LsHa' && r2Optional) {
        continue;
      } else if (typeof x !== 'number' || !Number.isFinite(x) || x < 0) {
        errors.push({ path: childPath(path, k), expected: `a number ≥ 0 (l/(s·ha))${x === undefined ? ' (required)' : ''}`, received: describeReceived(x) });
      }
    }
    return errors.length > before ? undefined : Object.fromEntries(keys.filter((k) => o[k] !== undefined).map((k) => [k, o[k]]));
  };
  return {
    type: 'custom',
    expected,
    parse(value, path, errors) {
      const list = Array.isArray(value) ? value : [value];
      if (list.length === 0) {
        errors.push({ path, expected: 'at least one duration', received: 'an empty array' });
        return undefined;
      }
      const before = errors.length;
      const out = list.map((x, i) => one(x, Array.isArray(value) ? `${path}[${i}]` : path, errors));
      const seen = new Set<number>();
      out.forEach((p, i) => {
        if (p === undefined) return;
        const D = p['durationMin'] as number;
        if (seen.has(D)) errors.push({ path: `${path}[${i}].durationMin`, expected: 'each duration at most once', received: String(D) });
        seen.add(D);
      });
      return errors.length > before ? undefined : out;
    },
  };
}

const SITE_FIELDS = {
  totalAreaM2: req(num('m²', 0), 'A_ges: total paved (sealed) area of the site'),
  roofAreaM2: req(num('m²', 0), 'A_Dach: roof area'),
  roofCs: req(num(undefined, 0, false, 1), 'C_s of the roofs'),
  pavedAreaM2: req(num('m²', 0), 'A_FaG: paved area outside buildings'),
  pavedCs: req(num(undefined, 0, false, 1), 'C_s of the paved area'),
};

const maxOf = (list: readonly { durationMin: number; volumeM3: number | undefined; r30LsHa: number }[]) => {
  let best: (typeof list)[number] | undefined;
  for (const p of list) if (p.volumeM3 !== undefined && (best === undefined || best.volumeM3 === undefined || p.volumeM3 > best.volumeM3)) best = p;
  return {
    volumeM3: best?.volumeM3 === undefined ? undefined : Math.max(0, best.volumeM3),
    governingDurationMin: best?.durationMin,
    governingR30LsHa: best?.r30LsHa,
  };
};

const din1986Eq20: CalcKind = {
  name: 'din1986-eq20',
  title: 'DIN 1986-100:2016 eq. 20: retention volume of the site flooding check',
  notes: [
    'V(D) = [r(D,30)·A_ges − (r(D,2)·A_Dach·C_s,Dach + r(D,2)·A_FaG·C_s,FaG)]·D·60/1e7 m³; the largest V governs',
    '(floored at 0). The check is required above 800 m² of connected area (give connectedAreaM2).',
  ],
  input: {
    type: 'object',
    fields: {
      ...SITE_FIELDS,
      connectedAreaM2: opt(num('m²', 0), 'connected area of the site: says whether the check is required (> 800 m²)'),
      rain: req(dinRainSpec(true), '{ "durationMin", "r30LsHa", "r2LsHa" } (r(D,30) and r(D,2) in l/(s·ha)) or an array of them'),
    },
  },
  run(v) {
    const site = { totalAreaM2: n(v, 'totalAreaM2'), roofAreaM2: n(v, 'roofAreaM2'), roofCs: n(v, 'roofCs'), pavedAreaM2: n(v, 'pavedAreaM2'), pavedCs: n(v, 'pavedCs') };
    const points = (v['rain'] as Input[]).map((p) => {
      const D = p['durationMin'] as number;
      const r30 = p['r30LsHa'] as number;
      const r2 = p['r2LsHa'] as number;
      return {
        durationMin: D,
        r30LsHa: r30,
        r2LsHa: r2,
        inflow30Ls: (r30 * site.totalAreaM2) / 1e4,
        outflow2Ls: (r2 * (site.roofAreaM2 * site.roofCs + site.pavedAreaM2 * site.pavedCs)) / 1e4,
        volumeM3: din1986Eq20VolumeM3(site, D, r30, r2),
      };
    });
    const ac = on(v, 'connectedAreaM2');
    return {
      standard: 'DIN 1986-100:2016 eq. 20',
      results: { ...maxOf(points), ...(ac === undefined ? {} : { required: ac > 800 }), perDuration: points },
      issues: [],
    };
  },
};

const din1986Eq21: CalcKind = {
  name: 'din1986-eq21',
  title: 'DIN 1986-100:2016 eq. 21: retention volume with the full-flow capacity of the drain',
  notes: ['V(D) = [r(D,30)·A_ges/1e4 − Q_voll]·D·60/1000 m³ for D = 5, 10, 15 min; the largest governs (floored at 0).'],
  input: {
    type: 'object',
    fields: {
      totalAreaM2: req(num('m²', 0), 'A_ges: total paved (sealed) area of the site'),
      fullFlowLs: req(num('l/s', 0), 'Q_voll: full-flow capacity of the drain'),
      rain: req(dinRainSpec(false), '{ "durationMin": 5|10|15, "r30LsHa" } or an array of them'),
    },
  },
  run(v) {
    const site = { totalAreaM2: n(v, 'totalAreaM2'), fullFlowLs: n(v, 'fullFlowLs') };
    const points = (v['rain'] as Input[]).map((p) => {
      const D = p['durationMin'] as number;
      const r30 = p['r30LsHa'] as number;
      return { durationMin: D, r30LsHa: r30, inflow30Ls: (r30 * site.totalAreaM2) / 1e4, volumeM3: din1986Eq21VolumeM3(site, D, r30) };
    });
    return { standard: 'DIN 1986-100:2016 eq. 21', results: { ...maxOf(points), perDuration: points }, issues: [] };
  },
};

/** A project's rainData table: the rows T = 30 a and T = 2 a of it. */
const din1986RainDataSpec: CustomSpec = {
  type: 'custom',
  expected: 'a project\'s rainData { "source", "raindataSeries" } (rows T = 30 a and T = 2 a are used)',
  parse(value, path, errors) {
    const before = errors.length;
    const row = (T: number) => rainSpec.parse({ annualityA: T, rainData: value }, path, errors) as RainEcho | undefined;
    const rain30 = row(DIN_1986_100.checkAnnualityA);
    const rain2 = errors.length > before ? undefined : row(DIN_1986_100.drainAnnualityA);
    return errors.length > before ? undefined : { rain30, rain2 };
  },
};

const din1986: CalcKind = {
  name: 'din1986',
  title: 'DIN 1986-100:2016 site flooding check: eq. 20 and eq. 21 together, the larger governs',
  notes: [
    'eq. 20 over every duration with r(D,30) and r(D,2); eq. 21 for D = 5, 10, 15 min (needs fullFlowLs);',
    'each floored at 0; the larger volume governs (eq. 20 on ties). Required above 800 m² of connected area.',
  ],
  input: {
    type: 'object',
    fields: {
      ...SITE_FIELDS,
      fullFlowLs: opt(num('l/s', 0), 'Q_voll: full-flow capacity of the drain (eq. 21 is skipped without it)'),
      connectedAreaM2: opt(num('m²', 0), 'connected area of the site: says whether the check is required (> 800 m²)'),
      rain: opt(dinRainSpec(true, true), '{ "durationMin", "r30LsHa", "r2LsHa" } or an array of them (r2LsHa may be left out where only eq. 21 needs the duration)'),
      rainData: opt(din1986RainDataSpec, 'instead of rain: a whole rain table in the project file form (rows T = 30 a and T = 2 a)'),
    },
    check: exactlyOne([['rain'], ['rainData']]),
  },
  run(v) {
    const site = { totalAreaM2: n(v, 'totalAreaM2'), roofAreaM2: n(v, 'roofAreaM2'), roofCs: n(v, 'roofCs'), pavedAreaM2: n(v, 'pavedAreaM2'), pavedCs: n(v, 'pavedCs') };
    let rain30: RainPoint[];
    let rain2: RainPoint[];
    if (v['rainData'] !== undefined) {
      const rows = v['rainData'] as { rain30: RainEcho; rain2: RainEcho };
      rain30 = rainInput(rows.rain30);
      rain2 = rainInput(rows.rain2);
    } else {
      const points = v['rain'] as Input[];
      rain30 = points.map((p) => ({ durationMin: p['durationMin'] as number, rLsHa: p['r30LsHa'] as number }));
      rain2 = points.filter((p) => p['r2LsHa'] !== undefined).map((p) => ({ durationMin: p['durationMin'] as number, rLsHa: p['r2LsHa'] as number }));
    }
    const c = din1986FloodingCheck({ ...site, fullFlowLs: on(v, 'fullFlowLs'), connectedAreaM2: on(v, 'connectedAreaM2') }, rain30, rain2);
    const eq = (e: typeof c.eq20) => ({ volumeM3: e.volumeM3, governingDurationMin: e.durationMin, governingR30LsHa: e.rLsHa });
    return {
      standard: 'DIN 1986-100:2016 eq. 20 and 21',
      results: {
        volumeM3: c.volumeM3,
        governingEquation: c.governingEquation,
        ...(c.required === undefined ? {} : { required: c.required }),
        eq20: eq(c.eq20),
        ...(v['fullFlowLs'] === undefined ? {} : { eq21: eq(c.eq21) }),
      },
      issues: clean(c.issues),
      failed: c.volumeM3 === undefined,
    };
  },
};

const M153_SURFACE: ObjectSpec = {
  type: 'object',
  fields: {
    id: opt({ type: 'string' }, 'a name for the surface (default s1, s2, …)'),
    connectedAreaM2: opt(num('m²', 0), 'connected area A_u = A_E · C_m (or give areaM2 and cm)'),
    areaM2: opt(num('m²', 0), 'surface area A_E'),
    cm: opt(num(undefined, 0, false, 1), 'mean runoff coefficient C_m'),
    groundPollution: req(enumOf(GROUND_POLLUTION_IDS), 'surface pollution category F1 … F7 (points 5 … 45)'),
  },
  check: exactlyOne([['connectedAreaM2'], ['areaM2', 'cm']]),
};

const m153: CalcKind = {
  name: 'm153',
  title: 'DWA-M 153 assessment of surfaces draining to groundwater',
  notes: [
    'f_i = A_u,i/Σ A_u; B = Σ f_i·(L + F_i); throughput value G/B (≥ 1: no treatment needed);',
    'with a treatment, D = D_facility·D_pretreatment·D_D4 and it passes when E = B·D ≤ G.',
  ],
  input: {
    type: 'object',
    fields: {
      airPollution: req(enumOf(AIR_POLLUTION_IDS), 'air pollution L1 … L4 (points 1, 2, 4, 8)'),
      waterCategory: req(enumOf(WATER_CATEGORY_IDS), 'water category (G12: groundwater outside protection zones, 10 points)'),
      surfaces: req({ type: 'array', items: M153_SURFACE, minItems: 1 }, 'the surfaces treated together'),
      treatment: opt(
        {
          type: 'object',
          fields: {
            facilityValue: opt(num(undefined, 0, true, 1), 'throughput value D of a treatment facility'),
            proportion: opt(enumOf(ABOVE_GROUND_PROPORTION_IDS), 'area ratio A_u : A_s of above-ground passage (5:1, 15:1, 50:1)'),
            pretreatmentOption: opt(enumOf(PRETREATMENT_OPTION_IDS), 'above-ground passage (D1: 30 cm topsoil …; needs proportion)'),
            withD4: def({ type: 'boolean' }, false, 'add the D4 passage (needs proportion)'),
          },
          check: (v, path) =>
            (v['pretreatmentOption'] !== undefined || v['withD4'] === true) && v['proportion'] === undefined
              ? [{ path: childPath(path, 'proportion'), expected: `one of ${ABOVE_GROUND_PROPORTION_IDS.join(', ')} (required with pretreatmentOption or withD4)`, received: 'nothing' }]
              : [],
        },
        'the chosen treatment (optional)',
      ),
    },
  },
  run(v) {
    const surfaces = (v['surfaces'] as Input[]).map((s, i) => ({
      surfaceId: (s['id'] as string | undefined) ?? `s${i + 1}`,
      connectedAreaM2: s['connectedAreaM2'] !== undefined ? n(s, 'connectedAreaM2') : n(s, 'areaM2') * n(s, 'cm'),
      groundPollution: s['groundPollution'] as GroundPollutionId,
    }));
    const a = m153Assessment({ airPollution: v['airPollution'] as AirPollutionId, waterCategory: v['waterCategory'] as WaterCategoryId, surfaces });
    const results: Record<string, unknown> = {
      airPollutionPointsL: a.airPollutionPoints,
      waterCategoryPointsG: a.waterCategoryPoints,
      surfaces: a.surfaces.map((x) => ({ surfaceId: x.surfaceId, connectedAreaM2: x.area, areaShare: x.areaShare, dischargedLoad: x.dischargedLoad })),
      dischargedLoadB: a.dischargedLoad,
      throughputValue: a.throughputValue,
      treatmentNeeded: a.throughputValue === undefined ? undefined : m153TreatmentNeeded(a.throughputValue),
    };
    const t = v['treatment'] as Input | undefined;
    if (t !== undefined && a.throughputValue !== undefined && a.dischargedLoad !== undefined) {
      const D = m153CombinedFactor({
        facilityValue: on(t, 'facilityValue'),
        proportion: t['proportion'] as AboveGroundProportionId | undefined,
        pretreatmentOption: t['pretreatmentOption'] as PretreatmentOptionId | undefined,
        withD4: t['withD4'] as boolean,
      });
      results['combinedFactorD'] = D;
      results['emissionE'] = a.dischargedLoad * D;
      results['passes'] = m153Passes(a.throughputValue, D);
    } else if (a.throughputValue !== undefined) {
      results['passes'] = !m153TreatmentNeeded(a.throughputValue);
    }
    return { standard: 'DWA-M 153', results, issues: [] };
  },
};

const a102: CalcKind = {
  name: 'a102',
  title: 'DWA-A 102-2 assessment of surfaces draining to surface water (AFS63)',
  notes: [
    'categories I/II/III: b = 280/530/760 kg/(ha·a); total = Σ A_E/1e4·b; area-specific = total/(Σ A_E/1e4);',
    'permitted = 280·Σ A_E/1e4; η = 1 − 280/area-specific (with bypass: (total − permitted)/(0.9·total)).',
  ],
  input: {
    type: 'object',
    fields: {
      surfaces: req(
        {
          type: 'array',
          minItems: 1,
          items: {
            type: 'object',
            fields: {
              id: opt({ type: 'string' }, 'a name for the surface (default s1, s2, …)'),
              areaM2: req(num('m²', 0), 'surface area A_E (not A_C)'),
              areaGroup: req(enumOf(AREA_GROUP_IDS), 'area group of DWA-A 102-2 (maps to category I, II or III)'),
            },
          },
        },
        'the surfaces treated together',
      ),
      externalBypass: def({ type: 'boolean' }, false, '10 % bypass the facility untreated'),
      facilityEfficiency: opt(num(undefined, 0, false, 1), 'efficiency η of the chosen facility (fraction)'),
    },
  },
  run(v) {
    const surfaces = (v['surfaces'] as Input[]).map((s, i) => ({ surfaceId: (s['id'] as string | undefined) ?? `s${i + 1}`, areaM2: n(s, 'areaM2'), areaGroup: s['areaGroup'] as AreaGroupId }));
    const a = a102Assessment(surfaces, v['externalBypass'] as boolean);
    const eta = on(v, 'facilityEfficiency');
    const d = a.data;
    const block = (id: A102CategoryId, b: typeof d.categoryI) => ({ category: id, ablationKgHaA: A102_CATEGORIES.find((c) => c.id === id)!.ablationKgHaA, totalAblationKgA: b?.totalAblation, areaM2: b?.area, areaProportion: b?.areaProportion });
    return {
      standard: 'DWA-A 102-2',
      results: {
        totalAblationKgA: d.totalAblation,
        areaSpecificAblationKgHaA: d.areaSpecificAblation,
        permittedAblationKgA: d.permittedAblation,
        ablationOfBypassKgA: d.ablationOfBypass,
        intakeWithBypassKgA: d.intakeWithBypass,
        requiredRestraintKgA: a.requiredRestraint,
        requiredEfficiency: a.requiredEfficiency,
        thresholdExceeded: a.thresholdExceeded,
        categories: [block('I', d.categoryI), block('II', d.categoryII), block('III', d.categoryIII)],
        passes: a102Passes(a, eta),
      },
      issues: [],
    };
  },
};

const kostraCell: CalcKind = {
  name: 'kostra-cell',
  title: 'KOSTRA-DWD-2020 grid cell of a position (EPSG:3035, 5 km cells)',
  notes: [
    'col = floor((x − 3,600,000)/5000), row = floor((3,800,000 − y)/5000), INDEX_RC = row·1000 + col.',
    'The 2020 grid is regular: no data files are needed. For KOSTRA-DWD-2010R cells use `rainplan rain lookup`.',
  ],
  input: {
    type: 'object',
    fields: {
      latitude: req(num('° N, WGS84', -90, false, 90), 'latitude'),
      longitude: req(num('° E, WGS84', -180, false, 180), 'longitude'),
    },
  },
  run(v) {
    const cell = kostra2020CellAt(n(v, 'latitude'), n(v, 'longitude'));
    if (cell === undefined) return { standard: 'KOSTRA-DWD-2020', results: { cell: undefined }, issues: [], failed: true };
    const centre = kostra2020CellCenter(cell.row, cell.column);
    return {
      standard: 'KOSTRA-DWD-2020',
      results: { cell: { id: cell.id, indexRc: cell.indexRc, row: cell.row, column: cell.column, centreLatitude: centre.latDeg, centreLongitude: centre.lonDeg } },
      issues: [],
    };
  },
};

const kostraTable: CalcKind = {
  name: 'kostra-table',
  title: 'KOSTRA-DWD-2020 table r(D, T) of a cell from its five parameters (dGEV)',
  notes: [
    'D_h = D/60; y = 1/T (T ≤ 10), −ln(1 − 1/T) (T > 10); i = [ξ + (α/κ)(1 − y^κ)] / (D_h + θ)^η mm/h;',
    'hN = i·D_h (rounded to 0.1 mm like DWD unless roundHeights is false); r = hN·10000/(60·D).',
    'Parameters as in DWD\'s Parameter_KOSTRA-DWD-2020.csv (LOCAL_XI, SCALE_ALPHA, SHAPE_KAPPA, KOUT_1_THETA, KOUT_2_ETA).',
  ],
  input: {
    type: 'object',
    fields: {
      parameters: req(
        {
          type: 'object',
          fields: {
            xi: req(num(undefined), 'ξ, location (LOCAL_XI)'),
            alpha: req(num(undefined, 0, true), 'α, scale (SCALE_ALPHA)'),
            kappa: req(num(undefined), 'κ, shape (SHAPE_KAPPA)'),
            theta: req(num('h', 0), 'θ (KOUT_1_THETA)'),
            eta: req(num(undefined, 0, true), 'η (KOUT_2_ETA)'),
          },
        },
        'the five parameters of the cell',
      ),
      indexRc: opt({ type: 'integerOrString' }, 'the cell (INDEX_RC, padded or not), for the stamp'),
      roundHeights: def({ type: 'boolean' }, true, 'round hN to 0.1 mm as DWD publishes it'),
    },
    check: (v, path) => (v['indexRc'] !== undefined && parseIndexRc(v['indexRc'] as string | number) === undefined ? [{ path: childPath(path, 'indexRc'), expected: 'an INDEX_RC of at most 6 digits', received: describeReceived(v['indexRc']) }] : []),
  },
  run(v) {
    const p = v['parameters'] as { xi: number; alpha: number; kappa: number; theta: number; eta: number };
    const cell = v['indexRc'] === undefined ? undefined : parseIndexRc(v['indexRc'] as string | number);
    const options = { roundHeights: v['roundHeights'] as boolean };
    const heights = kostra2020HeightTable(p, options);
    const series = kostra2020SeriesFromParameters(p, cell, options);
    const rows = RAIN_DURATIONS_MIN.map((D, d) => ({
      durationMin: D,
      hNMm: ANNUALITIES_A.map((_, t) => heights[t]?.[d] ?? 0),
      rLsHa: ANNUALITIES_A.map((_, t) => series.yieldsLsHa[t]?.[d] ?? 0),
    }));
    const missing = rows.some((r) => r.hNMm.some((h) => !(h > 0)));
    return {
      standard: 'KOSTRA-DWD-2020',
      results: { cell: cell === undefined ? undefined : { id: cell.id, row: cell.row, column: cell.column }, annualitiesA: [...ANNUALITIES_A], table: rows, rainData: rainSeriesToRainData(series) },
      issues: missing ? [sizingIssue('NOT_COMPUTABLE', { field: 'parameters' }, {}, 'warning')] : [],
    };
  },
};

export const CALC_KINDS: readonly CalcKind[] = [
  withConnectedArea(trough),
  withConnectedArea(tank),
  pipeStorage,
  withConnectedArea(troughTank),
  withConnectedArea(retention),
  withConnectedArea(surfaceInfiltration),
  groundwaterClearanceKind,
  flooding,
  din1986Eq20,
  din1986Eq21,
  din1986,
  m153,
  a102,
  kostraCell,
  kostraTable,
];

export function calcKind(name: string): CalcKind | undefined {
  return CALC_KINDS.find((k) => k.name === name);
}

/** Whether a kind's input has a `rain` field of the sizing form (for the help). */
export function usesRainInput(kind: CalcKind): boolean {
  return kind.input.fields['rain']?.spec === rainSpec;
}

export { RAIN_HELP };
