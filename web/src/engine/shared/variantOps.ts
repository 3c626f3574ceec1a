/**
 * The engine's variant functions (issue 19 part 2, decision 0140) as waterflow operations, so
 * that they run in the engine worker and through the store's edit queue like every other edit
 * (one measure changed; the measure node's PUT carries `variants` and `variantName`).
 *
 * The engine's functions take a project because the chosen variant's product list lives in
 * `project.measureProducts`; the web keeps that list on the server (the measure's additional
 * products), so the operations that copy or swap it take it as an argument (`chosenProducts`):
 * `addVariant` copies it into the new variant, `chooseVariant` moves it into the variant that was
 * chosen before. The variant's own list, which becomes the measure's, is read from the node by the
 * store before the edit (decision 0148). Pure; no DOM and no worker globals.
 */
import { addVariant, chooseVariant, removeVariant, renameChosenVariant, updateVariant, type AdditionalProduct, type Measure, type OperationResult, type Project, type Waterflow } from '@rainplan/engine';

function project(waterflow: Waterflow, measureId: string, chosenProducts?: readonly AdditionalProduct[]): Project {
  return {
    schemaVersion: 4,
    project: { name: '' },
    waterflow,
    ...(chosenProducts === undefined || chosenProducts.length === 0 ? {} : { measureProducts: [{ measureId, products: [...chosenProducts] }] }),
  } as Project;
}

const result = (next: Project, measureId: string): OperationResult => ({ waterflow: next.waterflow, changed: [measureId] });

/** Adds a copy of the chosen variant (with `chosenProducts`) named `name`. */
export function addMeasureVariant(waterflow: Waterflow, measureId: string, name: string, chosenProducts: readonly AdditionalProduct[]): OperationResult {
  return result(addVariant(project(waterflow, measureId, chosenProducts), measureId, { name }), measureId);
}

/** Renames a variant that is not chosen. */
export function renameMeasureVariant(waterflow: Waterflow, measureId: string, variantId: string, name: string): OperationResult {
  return result(updateVariant(project(waterflow, measureId), measureId, variantId, { name }), measureId);
}

/** Names the chosen variant (null clears the name). */
export function renameChosenMeasureVariant(waterflow: Waterflow, measureId: string, name: string | null): OperationResult {
  return result(renameChosenVariant(project(waterflow, measureId), measureId, name), measureId);
}

export function removeMeasureVariant(waterflow: Waterflow, measureId: string, variantId: string): OperationResult {
  return result(removeVariant(project(waterflow, measureId), measureId, variantId), measureId);
}

/** Makes the variant the measure; the chosen one (with `chosenProducts`) becomes a variant. */
export function chooseMeasureVariant(waterflow: Waterflow, measureId: string, variantId: string, chosenProducts: readonly AdditionalProduct[]): OperationResult {
  return result(chooseVariant(project(waterflow, measureId, chosenProducts), measureId, variantId), measureId);
}

/**
 * Puts a measure node as the api stored it in place of the one with its id (the answer of the
 * api's atomic "choose variant", decision 0148): the store applies it as saved, not as a change.
 */
export function replaceMeasureNode(waterflow: Waterflow, measure: Measure): OperationResult {
  if (!waterflow.measures.some((m) => m.id === measure.id)) throw new Error(`no measure ${measure.id}`);
  return { waterflow: { ...waterflow, measures: waterflow.measures.map((m) => (m.id === measure.id ? measure : m)) }, changed: [measure.id] };
}
