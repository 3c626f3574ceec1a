/**
 * What the `rainplan calc` kinds (kinds/*.ts) share: the kind interface, field building blocks,
 * the connected area in its three forms, the safety factor and infiltration rate, the tank section
 * of tank and trough-tank, and the DIN 1986-100 rain points.
 */
import { boxTankHeightM, tankPart, type Issue } from '@rainplan/engine';
import { checkDrainingTime, infiltrationRateMs, pipeTankStorageCoefficient, tankInfiltrationAreaM2, tankRequiredLength, tankSizing, type GoverningResult, type RainPoint } from '@rainplan/engine/sizing';
import { DEFAULT_RULE_EDITION, DIN_1986_100, INFILTRATION_DIRECTIONS, PIPE_TYPES, PIPE_TYPE_IDS, RULE_EDITIONS, type InfiltrationDirection, type RuleEdition } from '@rainplan/engine/tables';
import { rainInput, rainSpec, type RainEcho } from './rain.ts';
import { childPath, describeReceived, type CustomSpec, type Field, type InputError, type NumberSpec, type ObjectSpec } from './schema.ts';

export type Input = Record<string, unknown>;

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

export const num = (unit: string | undefined, min?: number, exclusiveMin = false, max?: number): NumberSpec => ({
  type: 'number',
  ...(unit === undefined ? {} : { unit }),
  ...(min === undefined ? {} : { min }),
  ...(exclusiveMin ? { exclusiveMin } : {}),
  ...(max === undefined ? {} : { max }),
});
export const req = (spec: Field['spec'], doc: string): Field => ({ spec, doc, required: true });
export const opt = (spec: Field['spec'], doc: string): Field => ({ spec, doc });
export const def = (spec: Field['spec'], value: unknown, doc: string): Field => ({ spec, doc, default: value });
export const enumOf = (values: readonly string[]) => ({ type: 'string' as const, enum: values });

export const EDITION: Field = def(enumOf(RULE_EDITIONS), DEFAULT_RULE_EDITION, 'rule edition: DWA-A 138-1:2024 (q = k_f·f_site·f_method) or DWA-A 138:2005 (q = k_f/2)');
export const AC: Field = opt(num('m²', 0), 'connected area A_C = Σ A_E · C_m (or give aeM2 with cm, or surfaces)');
export const AC_FIELDS = {
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
export const acChoice = exactlyOne([['acM2'], ['aeM2', 'cm'], ['surfaces']]);
export function acOf(v: Input): number {
  if (v['acM2'] !== undefined) return n(v, 'acM2');
  if (v['aeM2'] !== undefined) return n(v, 'aeM2') * n(v, 'cm');
  return (v['surfaces'] as Input[]).reduce((sum, s) => sum + n(s, 'aeM2') * n(s, 'cm'), 0);
}
/** Σ A_E when the input gave it (aeM2 or surfaces). */
export function aeOf(v: Input): number | undefined {
  if (v['aeM2'] !== undefined) return n(v, 'aeM2');
  if (v['surfaces'] !== undefined) return (v['surfaces'] as Input[]).reduce((sum, s) => sum + n(s, 'aeM2'), 0);
  return undefined;
}
/**
 * A kind whose input takes the connected area in any of the three forms: the run sees `acM2`
 * computed, and the results start with `acM2` (and `aeM2` when A_E was given).
 */
export function withConnectedArea(kind: CalcKind): CalcKind {
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
export const KF: Field = req(num('m/s', 0, true), 'permeability coefficient k_f of the soil');
export const F_SITE: Field = opt(num(undefined, 0, false, 1), 'f_site of DWA-A 138-1:2024 (default 1; not with 2005)');
export const F_METHOD: Field = opt(num(undefined, 0, false, 1), 'f_method of DWA-A 138-1:2024 (default 1; not with 2005)');
export const SAFETY_FACTOR: Field = opt(num(undefined, 0, true), 'safety factor f_Z (or give safetyMarginPct; default f_Z = 1.2)');
export const SAFETY_MARGIN: Field = opt(num('%', 0), 'safety margin in percent: f_Z = 1 + margin/100 (instead of safetyFactor)');
export const REDUCTION: Field = def(num(undefined, 0, true), 1, 'reduction factor f_A');
export const RAIN: Field = req(rainSpec, 'the design rain of the annuality T (see "rain" below)');
export const DEFAULT_SAFETY_FACTOR = 1.2;

export const safetyFields = { safetyFactor: SAFETY_FACTOR, safetyMarginPct: SAFETY_MARGIN, reductionFactor: REDUCTION };

/** The first inputs of the sized infiltration kinds (trough, tank, trough-tank): edition, connected area, soil, safety. */
export const INFILTRATION_FIELDS = { edition: EDITION, ...AC_FIELDS, kfMs: KF, fSite: F_SITE, fMethod: F_METHOD, ...safetyFields };

/** Cross-field checks shared by the sizing kinds. */
export function commonChecks(v: Input, path: string): InputError[] {
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

export const both = (...checks: ((v: Input, path: string) => InputError[])[]) => (v: Input, path: string) => checks.flatMap((c) => c(v, path));

/** `given` fields: exactly one of the groups must be complete; e.g. heightM or layers. */
export function exactlyOne(groups: readonly (readonly string[])[]) {
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
export function allOrNone(keys: readonly string[]) {
  return (v: Input, path: string): InputError[] => {
    const given = keys.filter((k) => v[k] !== undefined);
    if (given.length === 0 || given.length === keys.length) return [];
    return keys.filter((k) => v[k] === undefined).map((k) => ({ path: childPath(path, k), expected: `a value (${keys.join(', ')} go together)`, received: 'nothing' }));
  };
}

export const n = (v: Input, k: string): number => v[k] as number;
export const on = (v: Input, k: string): number | undefined => v[k] as number | undefined;

export function safetyOf(v: Input): number {
  const f = on(v, 'safetyFactor');
  if (f !== undefined) return f;
  const pct = on(v, 'safetyMarginPct');
  return pct === undefined ? DEFAULT_SAFETY_FACTOR : 1 + pct / 100;
}

export function rateOf(v: Input): number {
  const edition = v['edition'] as RuleEdition;
  const q = infiltrationRateMs(n(v, 'kfMs'), edition, { fSite: on(v, 'fSite'), fMethod: on(v, 'fMethod') });
  return q ?? Number.NaN;
}

export const governing = (g: GoverningResult) => ({ governingDurationMin: g.durationMin, governingRLsHa: g.rLsHa });
export const perDuration = (chart: readonly { duration: number; volume: number }[]) => chart.map((p) => ({ durationMin: p.duration, volumeM3: p.volume }));
export const sufficient = (available: number | undefined, required: number | undefined) =>
  available === undefined || required === undefined ? undefined : available >= required * (1 - 1e-9);

/** Issues of a standard calculation, without the node (there is none). */
export function clean(issues: readonly Issue[]): Issue[] {
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
export const PIPE_FIELDS = {
  numberOfPipes: req({ type: 'number', min: 0, integer: true }, 'number of pipes a in the section'),
  pipeType: opt(enumOf(PIPE_TYPE_IDS), 'a pipe type of the planning spec (gives d_i and d_a); or give both diameters'),
  innerDiameterMm: opt(num('mm', 0, true), 'inner diameter d_i'),
  outerDiameterMm: opt(num('mm', 0, true), 'outer diameter d_a'),
};
export const pipeDiameters = exactlyOne([['pipeType'], ['innerDiameterMm', 'outerDiameterMm']]);
export function diametersOf(v: Input): { innerDiameterMm: number; outerDiameterMm: number } {
  const type = v['pipeType'];
  if (typeof type === 'string') {
    const t = PIPE_TYPES.find((p) => p.id === type)!;
    return { innerDiameterMm: t.innerDiameterMm, outerDiameterMm: t.outerDiameterMm };
  }
  return { innerDiameterMm: n(v, 'innerDiameterMm'), outerDiameterMm: n(v, 'outerDiameterMm') };
}

export const PIPES_SPEC: ObjectSpec = {
  type: 'object',
  fields: {
    ...PIPE_FIELDS,
    materialStorageCoefficient: def(num(undefined, 0, false, 1), 0.3, 'storage coefficient s_F of the gravel (fraction)'),
  },
  check: pipeDiameters,
};


export const layersSpec: CustomSpec = {
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
export const TANK_SECTION_FIELDS = {
  widthM: req(num('m', 0, true), 'width B of the tank'),
  heightM: opt(num('m', 0, true), 'height H of the tank (or give layers)'),
  layers: opt(layersSpec, 'box layers (0.5 steps): H = whole layers · 0.66 m + 0.36 m for a half layer'),
  storageCoefficient: opt(num(undefined, 0, true, 1), 's: storage coefficient as a fraction (boxes 0.95, gravel 0.30…0.35); or give pipes'),
  pipes: opt(PIPES_SPEC, 'pipes in gravel: s_R = [s_F·(B·H − a·π·d_a²/4) + a·π·d_i²/4] / (B·H)'),
  direction: def(enumOf(INFILTRATION_DIRECTIONS), 'everySide', 'infiltration through every side, only the sole (sealedSides) or only the sides (sealedSole)'),
  throttleLs: def(num('l/s', 0), 0, 'throttle discharge Q_Dr'),
  lengthM: opt(num('m', 0), 'chosen length L: also check it (available against required volume)'),
};
export const tankSectionChecks = both(exactlyOne([['heightM'], ['layers']]), exactlyOne([['storageCoefficient'], ['pipes']]));

export interface Section {
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
export function sectionVolumeM3(section: Section, lengthM: number | undefined): number | undefined {
  if (lengthM === undefined) return undefined;
  return tankPart(section.part).availableVolumeM3({ widthM: section.widthM, heightM: section.heightM, s: section.storageCoefficient, innerDiameterMm: undefined }, lengthM);
}
export function sectionOf(v: Input): Section {
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

export type TankParams = Parameters<typeof tankRequiredLength>[0];

/** The tank's parameters of the standard calculation from the inputs `v` and their section; undefined when the section has no storage coefficient (the pipes do not fit). */
export function tankParamsOf(v: Input, section: Section, edition: RuleEdition, qMs: number, safetyFactor: number): TankParams | undefined {
  if (section.storageCoefficient === undefined) return undefined;
  return {
    acM2: n(v, 'acM2'),
    widthM: section.widthM,
    heightM: section.heightM,
    storageCoefficient: section.storageCoefficient,
    direction: v['direction'] as InfiltrationDirection,
    edition,
    qMs,
    throttleLs: n(v, 'throttleLs'),
    safetyFactor,
    reductionFactor: n(v, 'reductionFactor'),
  };
}

export function tankResults(params: TankParams, section: Section, lengthM: number | undefined, rain: RainPoint[], issues: Issue[]): Record<string, unknown> {
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

// DIN 1986-100: rain points with r(D,30) and r(D,2)
export function dinRainSpec(withR2: boolean, r2Optional = false): CustomSpec {
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

export const SITE_FIELDS = {
  totalAreaM2: req(num('m²', 0), 'A_ges: total paved (sealed) area of the site'),
  roofAreaM2: req(num('m²', 0), 'A_Dach: roof area'),
  roofCs: req(num(undefined, 0, false, 1), 'C_s of the roofs'),
  pavedAreaM2: req(num('m²', 0), 'A_FaG: paved area outside buildings'),
  pavedCs: req(num(undefined, 0, false, 1), 'C_s of the paved area'),
};

export const maxOf = (list: readonly { durationMin: number; volumeM3: number | undefined; r30LsHa: number }[]) => {
  let best: (typeof list)[number] | undefined;
  for (const p of list) if (p.volumeM3 !== undefined && (best === undefined || best.volumeM3 === undefined || p.volumeM3 > best.volumeM3)) best = p;
  return {
    volumeM3: best?.volumeM3 === undefined ? undefined : Math.max(0, best.volumeM3),
    governingDurationMin: best?.durationMin,
    governingR30LsHa: best?.r30LsHa,
  };
};

/** What the sized infiltration kinds (trough, tank, trough-tank) read first: the edition, q, f_Z, f_A and the design rain. */
export function sizingTerms(v: Input): { edition: RuleEdition; q: number; fZ: number; fA: number; rain: ReturnType<typeof rainInput> } {
  return { edition: v['edition'] as RuleEdition, q: rateOf(v), fZ: safetyOf(v), fA: n(v, 'reductionFactor'), rain: rainInput(v['rain'] as RainEcho) };
}
