/**
 * The engine's waterflow operations the worker runs, by name. Every operation is pure and returns
 * `{ waterflow, changed }`; across the worker boundary an operation travels as a plain
 * {@link OperationCall} (`{ op: 'updateSurface', args: [surfaceId, patch] }`), the waterflow it
 * applies to beside it. Shared by the worker and the main-thread fallback (no DOM, no timers).
 */
import {
  assignSurfaces,
  choosePurificationFacility,
  createMeasure,
  createPurification,
  createSurface,
  deleteNode,
  detachSurface,
  duplicateSurface,
  renameNode,
  setFloodingOption,
  setFloodingVerification,
  setInfiltrationTankType,
  setInstallationTarget,
  setInstallationType,
  setInstallationVariant,
  setPurificationMeasure,
  setSoil,
  setSurfaceDrain,
  setSurfaceRunoff,
  setWaterCategory,
  updateMeasure,
  updatePurification,
  updateSurface,
  type OperationResult,
  type Waterflow,
} from '@rainplan/engine';
import { addMeasureVariant, chooseMeasureVariant, removeMeasureVariant, renameChosenMeasureVariant, renameMeasureVariant, replaceMeasureNode } from './variantOps.ts';

export const OPERATIONS = {
  createSurface,
  createPurification,
  createMeasure,
  duplicateSurface,
  deleteNode,
  renameNode,
  assignSurfaces,
  detachSurface,
  setPurificationMeasure,
  setSurfaceDrain,
  setSurfaceRunoff,
  updateSurface,
  setWaterCategory,
  choosePurificationFacility,
  updatePurification,
  setInstallationTarget,
  setInstallationVariant,
  setInfiltrationTankType,
  setInstallationType,
  setSoil,
  setFloodingOption,
  setFloodingVerification,
  updateMeasure,
  addMeasureVariant,
  renameMeasureVariant,
  renameChosenMeasureVariant,
  removeMeasureVariant,
  chooseMeasureVariant,
  replaceMeasureNode,
} as const;

export type OperationName = keyof typeof OPERATIONS;

/** The arguments of an operation after the waterflow. */
export type OperationArgs<K extends OperationName> = (typeof OPERATIONS)[K] extends (waterflow: Waterflow, ...args: infer A) => OperationResult ? A : never;

/** One operation with its arguments after the waterflow (build one with `call` from ./call.ts). */
export type OperationCall = { [K in OperationName]: { readonly op: K; readonly args: OperationArgs<K> } }[OperationName];

/** Runs an operation (throws the engine's EngineError on misuse). */
export function runOperation(waterflow: Waterflow, operation: OperationCall): OperationResult {
  const fn = OPERATIONS[operation.op] as unknown as (w: Waterflow, ...args: readonly unknown[]) => OperationResult;
  if (typeof fn !== 'function') throw new TypeError(`unknown waterflow operation ${String(operation.op)}`);
  return fn(waterflow, ...operation.args);
}
