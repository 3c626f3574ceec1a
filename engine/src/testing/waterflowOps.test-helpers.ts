/**
 * Random waterflow operations for the engine's property tests: `opArb` generates them, `applyOp`
 * applies one, resolving its node references against the waterflow it is applied to. Test-only.
 */
import fc from 'fast-check';
import { assignSurfaces, choosePurificationFacility, createMeasure, createPurification, createSurface, deleteNode, detachSurface, duplicateSurface, eligibleSurfaces, renameNode, setFloodingOption, setFloodingVerification, setInfiltrationTankType, setInstallationTarget, setInstallationType, setInstallationVariant, setPurificationMeasure, setSoil, setSurfaceDrain, setSurfaceRunoff, setWaterCategory, updateMeasure, updatePurification, updateSurface, type OperationResult, type Waterflow } from '../index.ts';
import { AREA_GROUP_IDS, DRAINS, GROUND_POLLUTION_IDS, INFILTRATION_TANK_TYPES, INSTALLATION_TARGETS, INSTALLATION_TYPES, INSTALLATION_VARIANTS, RUNOFF_TYPE_IDS, SOIL_CATEGORY_IDS, WATER_CATEGORY_IDS } from '../tables/index.ts';
import { areaArb, coefficientArb, nameArb, facilityArb, annualityArb } from './arbitraries.test-helpers.ts';
import { allNodes } from './projects.test-helpers.ts';

// ---------------------------------------------------------------------------------------------
// Random operations

/** A reference to a node: an index (modulo the candidates at application time) or a missing id. */
const refArb = fc.oneof({ arbitrary: fc.nat(50), weight: 12 }, { arbitrary: fc.constant(-1), weight: 1 });
type NewIdChoice = { readonly kind: 'fresh' } | { readonly kind: 'existing'; readonly pick: number } | { readonly kind: 'empty' };
/** A new id: fresh, an existing node's id (DUPLICATE_ID) or the empty string (INVALID_ARGUMENT). */
const newIdArb: fc.Arbitrary<NewIdChoice> = fc.oneof(
  { arbitrary: fc.constant({ kind: 'fresh' as const }), weight: 10 },
  { arbitrary: fc.nat(50).map((pick) => ({ kind: 'existing' as const, pick })), weight: 1 },
  { arbitrary: fc.constant({ kind: 'empty' as const }), weight: 1 },
);

export const opArb = fc.oneof(
  fc.record({ op: fc.constant('createSurface' as const), id: newIdArb, name: nameArb }),
  fc.record({ op: fc.constant('createPurification' as const), id: newIdArb, name: nameArb }),
  fc.record({ op: fc.constant('createMeasure' as const), id: newIdArb, name: nameArb }),
  fc.record({ op: fc.constant('duplicateSurface' as const), target: refArb, anyKind: fc.boolean(), id: newIdArb, name: nameArb }),
  fc.record({ op: fc.constant('deleteNode' as const), target: refArb }),
  fc.record({ op: fc.constant('deleteNode' as const), target: refArb }),
  fc.record({ op: fc.constant('renameNode' as const), target: refArb, name: nameArb }),
  fc.record({ op: fc.constant('assignSurfaces' as const), target: refArb, eligibleOnly: fc.boolean(), picks: fc.array(fc.nat(50), { maxLength: 4 }) }),
  fc.record({ op: fc.constant('assignSurfaces' as const), target: refArb, eligibleOnly: fc.constant(true), picks: fc.array(fc.nat(50), { maxLength: 4 }) }),
  fc.record({ op: fc.constant('detachSurface' as const), target: refArb }),
  fc.record({ op: fc.constant('setPurificationMeasure' as const), target: refArb, measure: fc.option(refArb, { nil: null }) }),
  fc.record({ op: fc.constant('setSurfaceDrain' as const), target: refArb, drain: fc.option(fc.constantFrom(...DRAINS), { nil: null }) }),
  fc.record({ op: fc.constant('setSurfaceDrain' as const), target: refArb, drain: fc.constantFrom(...DRAINS) }),
  fc.record({ op: fc.constant('setSurfaceRunoff' as const), target: refArb, runoff: fc.constantFrom(...RUNOFF_TYPE_IDS) }),
  fc.record({
    op: fc.constant('updateSurface' as const),
    target: refArb,
    value: fc.option(areaArb, { nil: null }),
    cm: coefficientArb,
    groundPollutionM153: fc.option(fc.constantFrom(...GROUND_POLLUTION_IDS), { nil: undefined }),
    areaGroupA102: fc.option(fc.constantFrom(...AREA_GROUP_IDS), { nil: undefined }),
    /** Keep only the category matching the surface's drain (otherwise the engine refuses it). */
    matchDrain: fc.boolean(),
  }),
  fc.record({ op: fc.constant('setWaterCategory' as const), target: refArb, waterCategory: fc.option(fc.constantFrom(...WATER_CATEGORY_IDS), { nil: null }) }),
  fc.record({ op: fc.constant('choosePurificationFacility' as const), target: refArb, facility: fc.option(facilityArb('sane', 'F0'), { nil: null }) }),
  fc.record({ op: fc.constant('updatePurification' as const), target: refArb, externalBypass: fc.boolean() }),
  fc.record({ op: fc.constant('setInstallationTarget' as const), target: refArb, value: fc.constantFrom(...INSTALLATION_TARGETS) }),
  fc.record({ op: fc.constant('setInstallationVariant' as const), target: refArb, value: fc.constantFrom(...INSTALLATION_VARIANTS) }),
  fc.record({ op: fc.constant('setInfiltrationTankType' as const), target: refArb, value: fc.constantFrom(...INFILTRATION_TANK_TYPES) }),
  fc.record({ op: fc.constant('setInstallationType' as const), target: refArb, value: fc.constantFrom(...INSTALLATION_TYPES) }),
  fc.record({ op: fc.constant('setSoil' as const), target: refArb, value: fc.constantFrom(...SOIL_CATEGORY_IDS), trough: fc.boolean() }),
  fc.record({ op: fc.constant('setFloodingOption' as const), target: refArb, on: fc.boolean() }),
  fc.record({ op: fc.constant('setFloodingVerification' as const), target: refArb, on: fc.boolean() }),
  fc.record({ op: fc.constant('updateMeasure' as const), target: refArb, safetyMargin: fc.nat(50), recurrence: fc.option(annualityArb, { nil: undefined }) }),
);
export type Op = typeof opArb extends fc.Arbitrary<infer T> ? T : never;

const MISSING_ID = 'missing-node-id';

function pick<T extends { id: string }>(list: readonly T[], ref: number): string {
  if (ref < 0 || list.length === 0) return MISSING_ID;
  return list[ref % list.length]!.id;
}

/** The node an operation targets (for "changed" checks); null for creations. */
export interface AppliedOp {
  readonly result: OperationResult;
  readonly target: string | null;
}

/**
 * Applies one generated operation. `step` makes fresh ids unique (they are longer than generated
 * ids, so they never collide). Throws what the engine throws (EngineError on misuse).
 */
export function applyOp(waterflow: Waterflow, op: Op, step: number): AppliedOp {
  const nodes = allNodes(waterflow);
  const S = waterflow.sealedSurfaces;
  const P = waterflow.purifications;
  const M = waterflow.measures;
  const newId = (choice: NewIdChoice): string =>
    choice.kind === 'fresh' ? `~fresh-${step}` : choice.kind === 'empty' ? '' : pick(nodes, choice.pick);
  switch (op.op) {
    case 'createSurface':
      return { result: createSurface(waterflow, { id: newId(op.id), name: op.name }), target: null };
    case 'createPurification':
      return { result: createPurification(waterflow, { id: newId(op.id), name: op.name }), target: null };
    case 'createMeasure':
      return { result: createMeasure(waterflow, { id: newId(op.id), name: op.name }), target: null };
    case 'duplicateSurface': {
      const target = pick(op.anyKind ? nodes : S, op.target);
      return { result: duplicateSurface(waterflow, target, { id: newId(op.id), name: op.name }), target };
    }
    case 'deleteNode': {
      const target = pick(nodes, op.target);
      return { result: deleteNode(waterflow, target), target };
    }
    case 'renameNode': {
      const target = pick(nodes, op.target);
      return { result: renameNode(waterflow, target, op.name), target };
    }
    case 'assignSurfaces': {
      const target = pick([...P, ...M], op.target);
      let chosen: string[];
      if (op.eligibleOnly && target !== MISSING_ID) {
        const eligible = eligibleSurfaces(waterflow, target);
        const drain = S.find((s) => s.id === eligible[(op.picks[0] ?? 0) % Math.max(1, eligible.length)])?.drain;
        const sameDrain = eligible.filter((id) => S.find((s) => s.id === id)?.drain === drain);
        chosen = sameDrain.length === 0 ? [] : op.picks.map((k) => sameDrain[k % sameDrain.length]!);
      } else {
        chosen = op.picks.map((k) => pick(S, k));
      }
      return { result: assignSurfaces(waterflow, target, chosen), target };
    }
    case 'detachSurface': {
      const target = pick(S, op.target);
      return { result: detachSurface(waterflow, target), target };
    }
    case 'setPurificationMeasure': {
      const target = pick(P, op.target);
      return { result: setPurificationMeasure(waterflow, target, op.measure === null ? null : pick(M, op.measure)), target };
    }
    case 'setSurfaceDrain': {
      const target = pick(S, op.target);
      return { result: setSurfaceDrain(waterflow, target, op.drain), target };
    }
    case 'setSurfaceRunoff': {
      const target = pick(S, op.target);
      return { result: setSurfaceRunoff(waterflow, target, op.runoff), target };
    }
    case 'updateSurface': {
      const target = pick(S, op.target);
      const drain = S.find((s) => s.id === target)?.drain ?? null;
      const data = {
        cm: op.cm,
        ...(op.groundPollutionM153 === undefined || (op.matchDrain && drain !== 'Groundwater') ? {} : { groundPollutionM153: op.groundPollutionM153 }),
        ...(op.areaGroupA102 === undefined || (op.matchDrain && drain !== 'Watercourse') ? {} : { areaGroupA102: op.areaGroupA102 }),
      };
      return { result: updateSurface(waterflow, target, { value: op.value, data }), target };
    }
    case 'setWaterCategory': {
      const target = pick(P, op.target);
      return { result: setWaterCategory(waterflow, target, op.waterCategory), target };
    }
    case 'choosePurificationFacility': {
      const target = pick(P, op.target);
      return { result: choosePurificationFacility(waterflow, target, op.facility), target };
    }
    case 'updatePurification': {
      const target = pick(P, op.target);
      return { result: updatePurification(waterflow, target, { externalBypass: op.externalBypass }), target };
    }
    case 'setInstallationTarget': {
      const target = pick(M, op.target);
      return { result: setInstallationTarget(waterflow, target, op.value), target };
    }
    case 'setInstallationVariant': {
      const target = pick(M, op.target);
      return { result: setInstallationVariant(waterflow, target, op.value), target };
    }
    case 'setInfiltrationTankType': {
      const target = pick(M, op.target);
      return { result: setInfiltrationTankType(waterflow, target, op.value), target };
    }
    case 'setInstallationType': {
      const target = pick(M, op.target);
      return { result: setInstallationType(waterflow, target, op.value), target };
    }
    case 'setSoil': {
      const target = pick(M, op.target);
      return { result: setSoil(waterflow, target, op.value, op.trough ? 'trough' : 'tank'), target };
    }
    case 'setFloodingOption': {
      const target = pick(M, op.target);
      return { result: setFloodingOption(waterflow, target, op.on), target };
    }
    case 'setFloodingVerification': {
      const target = pick(M, op.target);
      return { result: setFloodingVerification(waterflow, target, op.on), target };
    }
    case 'updateMeasure': {
      const target = pick(M, op.target);
      const patch = { safetyMargin: op.safetyMargin, ...(op.recurrence === undefined ? {} : { recurrenceIntervalFloodingVerification: op.recurrence }) };
      return { result: updateMeasure(waterflow, target, patch), target };
    }
  }
}
