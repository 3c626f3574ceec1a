/**
 * The registry of measure kinds (decision 0164): one table keyed by {@link MeasureKindId}. Every
 * caller that needs to know whether a measure has a trough part or a tank part, how it is sized,
 * what it bills or how it is labelled looks the kind up here instead of branching on the data's
 * installation fields.
 *
 * Adding a kind: a module under `kinds/` implementing {@link MeasureKindModule}, its id in
 * `MEASURE_KIND_IDS` (types.ts) and its entry below; the `satisfies` clauses and the exhaustive
 * switches over {@link TankPartId} make a missed part a compile error (engine/CONTEXT.md lists the
 * files a new kind touches).
 */
import type { MeasureData } from '../model/measure.ts';
import { INFILTRATION_TANK_TYPES, INSTALLATION_TARGETS, INSTALLATION_TYPES, INSTALLATION_VARIANTS } from '../tables/measures.ts';
import { BACKWATER_CHANNEL_KIND } from './backwaterChannel.ts';
import { BOX_TANK_KIND } from './boxTank.ts';
import { BOX_PART } from './parts/box.ts';
import { PIPE_PART, RETENTION_PIPE_PART } from './parts/pipe.ts';
import { PIPE_TANK_KIND } from './pipeTank.ts';
import { RETENTION_BASIN_KIND } from './retentionBasin.ts';
import { TROUGH_KIND } from './trough.ts';
import { TROUGH_BOX_TANK_KIND } from './troughBoxTank.ts';
import { TROUGH_PIPE_TANK_KIND } from './troughPipeTank.ts';
import { MEASURE_KIND_IDS, type KindSelection, type MeasureKindId, type MeasureKindModule, type TankPartId, type TankPartModule } from './types.ts';

/** Every measure kind, by id. */
export const MEASURE_KINDS = {
  trough: TROUGH_KIND,
  boxTank: BOX_TANK_KIND,
  pipeTank: PIPE_TANK_KIND,
  troughBoxTank: TROUGH_BOX_TANK_KIND,
  troughPipeTank: TROUGH_PIPE_TANK_KIND,
  retentionBasin: RETENTION_BASIN_KIND,
  backwaterChannel: BACKWATER_CHANNEL_KIND,
} as const satisfies { readonly [K in MeasureKindId]: MeasureKindModule<K> };

/** Every tank part, by id. */
export const TANK_PARTS = { Box: BOX_PART, Pipe: PIPE_PART, RetentionPipe: RETENTION_PIPE_PART } as const satisfies { readonly [K in TankPartId]: TankPartModule<K> };

const KINDS: readonly MeasureKindModule[] = MEASURE_KIND_IDS.map((id) => MEASURE_KINDS[id]);
const SELECTION_KEYS = ['installationVariant', 'infiltrationTankType', 'installationType'] as const;

/** Whether the data's installation fields agree with a kind's selection (unset fields agree when `partial`). */
function agrees(s: KindSelection, data: MeasureData, partial: boolean): boolean {
  if ((data.installationTarget ?? undefined) !== s.installationTarget) return false;
  for (const key of SELECTION_KEYS) {
    const want = s[key];
    if (want === undefined) continue;
    const have = data[key] ?? undefined;
    if (have === want) continue;
    if (partial && have === undefined) continue;
    return false;
  }
  return true;
}

interface Classified {
  readonly kind: MeasureKindModule | undefined;
  readonly candidates: readonly MeasureKindModule[];
  /** The fields every candidate needs, in the order of the first candidate ({@link requiredKindInputs}). */
  readonly requiredInputs: readonly (keyof MeasureData)[];
}

/** Position + 1 of each valid value of a field (0: unset). */
const positions = (values: readonly unknown[]): ReadonlyMap<unknown, number> => new Map(values.map((v, i) => [v, i + 1]));
const TARGETS = positions(INSTALLATION_TARGETS);
const VARIANTS = positions(INSTALLATION_VARIANTS);
const TANK_TYPES = positions(INFILTRATION_TANK_TYPES);
const TYPES = positions(INSTALLATION_TYPES);
/** Classifications by the four installation fields, at the slot of their positions (only valid values are kept). */
const classified: (Classified | undefined)[] = [];

/** The position + 1 of a field's value, 0 when unset, -1 when not a valid value. */
function position(values: ReadonlyMap<unknown, number>, v: unknown): number {
  return v === undefined ? 0 : (values.get(v) ?? -1);
}

/**
 * A classification by the four installation fields that answers a repeated question from its last
 * answer (internal to the engine: validation, sizing and evaluate ask about one measure several
 * times in a row, and the four comparisons cost less than the memo's look-ups).
 */
export function lastAnswerByInstallation<T>(classifyData: (data: MeasureData) => T): (data: MeasureData) => T {
  let known = false;
  let target: unknown;
  let variant: unknown;
  let tankType: unknown;
  let type: unknown;
  let answer: T | undefined;
  return (data) => {
    if (known && data.installationTarget === target && data.installationVariant === variant && data.infiltrationTankType === tankType && data.installationType === type) {
      return answer as T;
    }
    answer = classifyData(data);
    target = data.installationTarget;
    variant = data.installationVariant;
    tankType = data.infiltrationTankType;
    type = data.installationType;
    known = true;
    return answer;
  };
}

/** The kind and the candidates of the data's installation fields, computed once per combination (sizing calls this per measure). */
const classify = lastAnswerByInstallation(classifyOnce);

function classifyOnce(data: MeasureData): Classified {
  const t = position(TARGETS, data.installationTarget ?? undefined);
  const v = position(VARIANTS, data.installationVariant ?? undefined);
  const k = position(TANK_TYPES, data.infiltrationTankType ?? undefined);
  const i = position(TYPES, data.installationType ?? undefined);
  const valid = t >= 0 && v >= 0 && k >= 0 && i >= 0;
  const slot = valid ? ((t * (VARIANTS.size + 1) + v) * (TANK_TYPES.size + 1) + k) * (TYPES.size + 1) + i : -1;
  const known = valid ? classified[slot] : undefined;
  if (known !== undefined) return known;
  const candidates = KINDS.filter((m) => agrees(m.selection, data, true));
  const [first, ...rest] = candidates;
  const requiredInputs = first === undefined ? [] : first.requiredInputs.filter((f) => rest.every((m) => m.requiredInputs.includes(f)));
  const result: Classified = { kind: KINDS.find((m) => agrees(m.selection, data, false)), candidates, requiredInputs };
  if (valid) classified[slot] = result;
  return result;
}

/** The kind a measure's data selects, or undefined while the installation choice is incomplete. */
export function measureKindOf(data: MeasureData): MeasureKindModule | undefined {
  return classify(data).kind;
}

/**
 * The kinds the data can still become: those whose selection agrees with every installation field
 * that is set (all kinds of the target while variant or type are open). Empty without a target.
 * The measure rules of an incomplete choice are what all of them share (spec section 4).
 */
export function measureKindCandidates(data: MeasureData): readonly MeasureKindModule[] {
  return classify(data).candidates;
}

/** The kind module of an id. */
export function measureKindById<Id extends MeasureKindId>(id: Id): (typeof MEASURE_KINDS)[Id] {
  return MEASURE_KINDS[id];
}

/** The tank part module of an id. */
export function tankPart<Id extends TankPartId>(id: Id): (typeof TANK_PARTS)[Id] {
  return TANK_PARTS[id];
}

/**
 * The required inputs of the data's (possibly incomplete) kind: the fields every candidate needs,
 * in the order of the first candidate (spec section 5).
 */
export function requiredKindInputs(data: MeasureData): readonly (keyof MeasureData)[] {
  return classify(data).requiredInputs;
}
