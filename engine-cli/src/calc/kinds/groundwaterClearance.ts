/**
 * `rainplan calc groundwater-clearance`: the seepage zone between an infiltration installation's
 * base and the mean highest groundwater level (MHGW) against the rule edition's least thickness.
 * The input becomes the equivalent measure data and goes through the very function `evaluate`
 * uses (`measureGroundwaterClearance`), so both give the same figures.
 */
import type { MeasureData } from '@rainplan/engine';
import { groundwaterClearanceIssues, measureGroundwaterClearance } from '@rainplan/engine/sizing';
import { DEFAULT_RULE_EDITION, INPUT_LIMITS, RULE_EDITIONS, SEEPAGE_ZONE_MIN_THICKNESS, type RuleEdition } from '@rainplan/engine/tables';
import type { CalcKind } from '../shared.ts';
import { childPath, describeReceived, type CustomSpec, type Field, type InputError } from '../schema.ts';

type Input = Record<string, unknown>;

const level = (doc: string, required = false): Field => ({
  spec: { type: 'number', unit: 'm above datum', min: INPUT_LIMITS.levelMinM, max: INPUT_LIMITS.levelMaxM },
  doc,
  ...(required ? { required } : {}),
});
const metres = (doc: string, max: number): Field => ({ spec: { type: 'number', unit: 'm', min: 0, max }, doc });

/** The installations whose base is derived: trough (z), tank (cover + H), trough with tank below (z + cover + H). */
const INSTALLATIONS = ['trough', 'tank', 'trough-tank'] as const;
type Installation = (typeof INSTALLATIONS)[number];

const layersSpec: CustomSpec = {
  type: 'custom',
  expected: 'a number > 0 in steps of 0.5 (box layers)',
  parse(value, path, errors) {
    if (typeof value !== 'number' || !Number.isFinite(value) || !(value > 0) || !Number.isInteger(value * 2) || value > 7) {
      errors.push({ path, expected: 'a number > 0 and ≤ 7 in steps of 0.5 (box layers)', received: describeReceived(value) });
      return undefined;
    }
    return value;
  },
};

const has = (v: Input, k: string) => v[k] !== undefined;
const missingField = (path: string, k: string, why: string): InputError => ({ path: childPath(path, k), expected: `a value (${why})`, received: 'nothing' });
const notAllowed = (path: string, k: string, why: string): InputError => ({ path: childPath(path, k), expected: `no ${k} (${why})` });

/** Cross-field rules: a typed base level, or ground level with an installation and its depth fields. */
function check(v: Input, path: string): InputError[] {
  const errors: InputError[] = [];
  const derivedFields = ['groundLevelM', 'installation', 'troughDepthM', 'tankHeightM', 'layers', 'coverM'];
  if (has(v, 'baseLevelM')) {
    for (const k of derivedFields) if (has(v, k)) errors.push(notAllowed(path, k, 'baseLevelM is given: the base level is typed'));
    return errors;
  }
  if (!has(v, 'groundLevelM')) errors.push(missingField(path, 'groundLevelM', 'give baseLevelM, or groundLevelM with installation'));
  if (!has(v, 'installation')) {
    errors.push(missingField(path, 'installation', 'give baseLevelM, or groundLevelM with installation'));
    return errors;
  }
  const installation = v['installation'] as Installation;
  const trough = installation !== 'tank';
  const tank = installation !== 'trough';
  if (trough && !has(v, 'troughDepthM')) errors.push(missingField(path, 'troughDepthM', `the trough depth z of a ${installation}`));
  if (!trough && has(v, 'troughDepthM')) errors.push(notAllowed(path, 'troughDepthM', 'a tank has no trough'));
  if (tank) {
    if (has(v, 'tankHeightM') === has(v, 'layers')) {
      errors.push(has(v, 'layers') ? notAllowed(path, 'layers', 'give tankHeightM or layers, not both') : missingField(path, 'tankHeightM', `the tank height H of a ${installation} (or layers)`));
    }
    if (!has(v, 'coverM')) errors.push(missingField(path, 'coverM', installation === 'tank' ? 'the soil cover above the tank' : 'the soil between the trough bottom and the tank top'));
  } else {
    for (const k of ['tankHeightM', 'layers', 'coverM']) if (has(v, k)) errors.push(notAllowed(path, k, 'a trough has no tank'));
  }
  return errors;
}

/** The measure data `evaluate` would check for this input. */
function measureData(v: Input): MeasureData {
  const common = { meanHighestGroundwaterLevel: v['groundwaterLevelM'] as number };
  if (has(v, 'baseLevelM')) return { installationTarget: 'Infiltration', installationVariant: 'trough', baseLevel: v['baseLevelM'] as number, ...common };
  const installation = v['installation'] as Installation;
  const groundLevel = v['groundLevelM'] as number;
  const trough = installation === 'tank' ? {} : { dimensioningTrough: { depth: v['troughDepthM'] as number } };
  if (installation === 'trough') return { installationTarget: 'Infiltration', installationVariant: 'trough', groundLevel, ...trough, ...common };
  const boxes = has(v, 'layers');
  return {
    installationTarget: 'Infiltration',
    installationVariant: installation === 'tank' ? 'infiltrationTank' : 'troughInfiltrationTank',
    infiltrationTankType: boxes ? 'Box' : 'Pipe',
    dimensioningInfiltrationTank: boxes ? { levels: v['layers'] as number } : { height: v['tankHeightM'] as number },
    coverDepth: v['coverM'] as number,
    groundLevel,
    ...trough,
    ...common,
  };
}

export const groundwaterClearanceKind: CalcKind = {
  name: 'groundwater-clearance',
  title: 'Groundwater clearance: the seepage zone between an infiltration installation\'s base and MHGW',
  notes: [
    'thickness = base level − MHGW ≥ minimum (1 m: DWA-A 138-1:2024 and DWA-A 138:2005; the clause is in the result).',
    'Base level: baseLevelM as typed, or groundLevelM − depth: trough z; tank cover + H; trough-tank z + cover + H',
    '(H of box layers: 0.66 m per whole layer, 0.36 m for a half). Levels in m above one datum (m NHN or a site datum).',
    'The same function as `rainplan evaluate` (measure fields meanHighestGroundwaterLevel, groundLevel, baseLevel, coverDepth).',
  ],
  input: {
    type: 'object',
    fields: {
      edition: { spec: { type: 'string', enum: RULE_EDITIONS }, doc: 'rule edition (its clause and least thickness)', default: DEFAULT_RULE_EDITION },
      groundwaterLevelM: level('mean highest groundwater level MHGW', true),
      baseLevelM: level("the installation's base level, as typed (instead of groundLevelM and the depth)"),
      groundLevelM: level('ground level at the installation'),
      installation: { spec: { type: 'string', enum: INSTALLATIONS }, doc: 'trough, tank (boxes or pipes in gravel) or trough-tank (trough with tank below), with groundLevelM' },
      troughDepthM: metres('trough depth z (trough, trough-tank)', 100),
      tankHeightM: metres('tank height H (tank, trough-tank; or give layers)', 100),
      layers: { spec: layersSpec, doc: 'box layers instead of tankHeightM (0.5 steps)' },
      coverM: metres('soil cover above the tank; for trough-tank the soil between the trough bottom and the tank top', INPUT_LIMITS.coverDepthMaxM),
    },
    check,
  },
  run(v) {
    const edition = v['edition'] as RuleEdition;
    const r = measureGroundwaterClearance(measureData(v), edition)!;
    return {
      edition,
      standard: SEEPAGE_ZONE_MIN_THICKNESS[edition].clause,
      results: {
        status: r.status,
        passes: r.status === 'incomplete' ? undefined : r.status === 'pass',
        thicknessM: r.thicknessM,
        minThicknessM: r.minThicknessM,
        baseLevelM: r.baseLevelM,
        baseLevelSource: r.baseLevelSource,
        groundLevelM: r.groundLevelM,
        depthBelowGroundM: r.depthBelowGroundM,
        groundwaterLevelM: r.groundwaterLevelM,
        clause: r.clause,
      },
      issues: groundwaterClearanceIssues(r),
    };
  },
};
