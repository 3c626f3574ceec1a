/**
 * Code 55 ("calculations could not be validated"): a client may send the computed values it shows
 * (connected area, throughput or efficiency, required and available volumes, …); the server
 * recomputes them with the engine, and a value that differs beyond rounding is refused
 * (decision 0051). Values the client leaves out or sends as null are simply filled in; a value the
 * engine cannot compute (e.g. without rain data) is not compared.
 */
import { MEASURE_COMPUTED_FIELDS } from '@rainplan/engine';
import type { WaterflowNodeKind } from '../db/entities/waterflow-node.ts';
import { ApiError, ErrorCode } from '../errors.ts';
import type { AnyNode } from './waterflow.ts';

/** Absolute tolerance (two decimals as shown) or relative 1e-4, whichever is larger. */
export function agrees(submitted: number, computed: number): boolean {
  return Math.abs(submitted - computed) <= Math.max(0.006, 1e-4 * Math.abs(computed));
}

const A102_FIELDS = ['totalAblation', 'areaSpecificAblation', 'ablationOfBypass', 'intakeWithBypass', 'permittedAblation', 'requiredRestraint'];

/** The computed numeric fields of a node kind, as paths. */
export function computedPaths(kind: WaterflowNodeKind): string[][] {
  if (kind === 'surface') return [];
  if (kind === 'purification') {
    return [
      ['AC'],
      ['value'],
      ['data', 'dischargedLoad'],
      ['data', 'purificationFacilityData', 'neededAmount'],
      ...A102_FIELDS.map((f) => ['data', 'purificationA102Data', f]),
    ];
  }
  // The engine's computed fields of a measure's data; the ones that are not numbers (the report's
  // chart data, the groundwater clearance's status) are not compared.
  return [['AC'], ['value'], ...MEASURE_COMPUTED_FIELDS.map((f) => ['data', f])];
}

function at(node: unknown, path: readonly string[]): unknown {
  let value: unknown = node;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** Throws 422, code 55, naming the first computed value that disagrees with the engine. */
export function checkComputedValues(kind: WaterflowNodeKind, submitted: AnyNode, derived: AnyNode): void {
  for (const path of computedPaths(kind)) {
    const given = at(submitted, path);
    const computed = at(derived, path);
    if (typeof given !== 'number' || typeof computed !== 'number' || !Number.isFinite(computed)) continue;
    if (!agrees(given, computed)) {
      throw new ApiError(
        422,
        ErrorCode.CALCULATION_MISMATCH,
        `Calculations could not be validated: body/${path.join('/')} is ${given}, the engine computes ${computed}`,
      );
    }
  }
}
