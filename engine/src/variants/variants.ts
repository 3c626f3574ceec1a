/**
 * Variants of a measure (issue 19 part 2, decision 0140): a measure holds the alternatives that
 * are not chosen (`variants`, at most MAX_VARIANTS) and the chosen one's name (`variantName`);
 * the measure's own `value`, `data` and product list (`project.measureProducts`) ARE the chosen
 * variant. Every function is pure: it returns a new project and never changes its input. Misuse
 * (unknown measure or variant, too many variants, an invalid name or value) throws an
 * EngineError like the waterflow operations.
 */
import Value from 'typebox/value';
import { EngineError } from '../errors.ts';
import { MAX_VARIANTS, MEASURE_COMPUTED_FIELDS, MeasureDataSchema, type Measure, type MeasureData, type MeasureVariant } from '../model/measure.ts';
import { AdditionalProductSchema, type AdditionalProduct } from '../model/product.ts';
import type { Project } from '../model/project.ts';
import { normalizeMeasureData } from '../waterflow/measureRules.ts';
import { measureKindOf } from '../kinds/registry.ts';

/** Longest name of a variant (and of the chosen variant), characters. */
export const MAX_VARIANT_NAME_LENGTH = 200;

/** Most additional products of one variant (the same bound as a measure's product list). */
const MAX_VARIANT_PRODUCTS = 1000;

/** Options of {@link addVariant}. */
export interface AddVariantOptions {
  /** Display name; default `V<n>` (the lowest n ≥ 2 whose name is free; the chosen counts as V1). */
  readonly name?: string | undefined;
  /** Copy this variant instead of the chosen one (the measure). */
  readonly from?: string | undefined;
}

/** What {@link updateVariant} changes; a field left out stays. */
export interface VariantPatch {
  readonly name?: string | undefined;
  /** Available (planned) volume, m³ (null clears it); recomputed when the variant is chosen or compared. */
  readonly value?: number | null | undefined;
  /** The variant's inputs (replace the stored ones; computed fields are stripped, the measure rules applied). */
  readonly data?: MeasureData | undefined;
  /** The variant's additional products (replace the stored ones). */
  readonly additionalProducts?: readonly AdditionalProduct[] | undefined;
}

/** The name the chosen variant carries when it has none (`V1`). */
export const CHOSEN_VARIANT_DEFAULT_NAME = 'V1';

/** The inputs of a measure's data: the data without the computed fields. */
export function variantInputs(data: MeasureData): MeasureData {
  const out: Record<string, unknown> = { ...data };
  for (const key of MEASURE_COMPUTED_FIELDS) delete out[key];
  return out as MeasureData;
}

function measureAt(project: Project, measureId: string): { measure: Measure; index: number } {
  const index = project.waterflow.measures.findIndex((m) => m.id === measureId);
  if (index < 0) throw new EngineError('NODE_NOT_FOUND', `No measure with id ${measureId}.`, { id: measureId });
  return { measure: project.waterflow.measures[index]!, index };
}

function variantAt(measure: Measure, variantId: string): { variant: MeasureVariant; index: number } {
  const variants = measure.variants ?? [];
  const index = variants.findIndex((v) => v.id === variantId);
  if (index < 0) throw new EngineError('VARIANT_NOT_FOUND', `No variant with id ${variantId} in measure ${measure.id}.`, { id: variantId, measureId: measure.id });
  return { variant: variants[index]!, index };
}

function withMeasure(project: Project, index: number, measure: Measure): Project {
  const measures = project.waterflow.measures.slice();
  measures[index] = measure;
  return { ...project, waterflow: { ...project.waterflow, measures } };
}

function withVariants(measure: Measure, variants: readonly MeasureVariant[]): Measure {
  const next: Measure = { ...measure, variants: [...variants] };
  if (variants.length === 0) delete (next as { variants?: unknown }).variants;
  return next;
}

function checkName(name: unknown): string {
  if (typeof name !== 'string') throw new EngineError('INVALID_ARGUMENT', 'A variant name must be a text.', { field: 'name' });
  const trimmed = name.trim();
  if (trimmed === '' || trimmed.length > MAX_VARIANT_NAME_LENGTH) {
    throw new EngineError('INVALID_ARGUMENT', `A variant name must hold 1 to ${MAX_VARIANT_NAME_LENGTH} characters.`, { field: 'name', max: MAX_VARIANT_NAME_LENGTH });
  }
  return trimmed;
}

function checkValue(value: unknown): number | null {
  if (value === null) return null;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) throw new EngineError('INVALID_ARGUMENT', 'A variant value must be a finite number ≥ 0 (m³) or null.', { field: 'value' });
  return value;
}

function checkData(data: unknown): MeasureData {
  if (!Value.Check(MeasureDataSchema, data)) throw new EngineError('INVALID_ARGUMENT', 'The variant data is not valid measure data.', { field: 'data' });
  return normalizeMeasureData(variantInputs(data));
}

function checkProducts(products: unknown): AdditionalProduct[] {
  if (!Array.isArray(products) || products.length > MAX_VARIANT_PRODUCTS || !products.every((p) => Value.Check(AdditionalProductSchema, p))) {
    throw new EngineError('INVALID_ARGUMENT', `The additional products must be a list of at most ${MAX_VARIANT_PRODUCTS} product lines.`, { field: 'additionalProducts', max: MAX_VARIANT_PRODUCTS });
  }
  return products.map((p: AdditionalProduct) => ({ ...p }));
}

/** The lowest free id `v<n>` (n ≥ 1) among the measure's variants. */
function nextVariantId(measure: Measure): string {
  const used = new Set((measure.variants ?? []).map((v) => v.id));
  for (let n = 1; ; n++) if (!used.has(`v${n}`)) return `v${n}`;
}

/** The lowest free name `V<n>` (n ≥ 2; the chosen variant counts as V1 when unnamed). */
function nextVariantName(measure: Measure): string {
  const used = new Set([measure.variantName ?? CHOSEN_VARIANT_DEFAULT_NAME, ...(measure.variants ?? []).map((v) => v.name)]);
  for (let n = 2; ; n++) if (!used.has(`V${n}`)) return `V${n}`;
}

function measureProductsOf(project: Project, measureId: string): readonly AdditionalProduct[] | undefined {
  return project.measureProducts?.find((l) => l.measureId === measureId)?.products;
}

/**
 * Adds a variant to a measure: a copy of the chosen variant (the measure's inputs, available
 * volume and additional products) or of the variant `from`, appended as the last of
 * `measure.variants` with the lowest free id `v1`, `v2`, … Throws NODE_NOT_FOUND,
 * VARIANT_NOT_FOUND (`from`), TOO_MANY_VARIANTS (already MAX_VARIANTS) or INVALID_ARGUMENT (name).
 *
 * @example
 * const next = addVariant(project, 'm1', { name: 'Rigole' });
 * next.waterflow.measures[0].variants?.at(-1); // { id: 'v1', name: 'Rigole', data: { … }, … }
 */
export function addVariant(project: Project, measureId: string, options: AddVariantOptions = {}): Project {
  const { measure, index } = measureAt(project, measureId);
  const variants = measure.variants ?? [];
  if (variants.length >= MAX_VARIANTS) throw new EngineError('TOO_MANY_VARIANTS', `A measure holds at most ${MAX_VARIANTS} variants besides the chosen one.`, { measureId, max: MAX_VARIANTS });
  const name = options.name === undefined ? nextVariantName(measure) : checkName(options.name);
  let source: { value: number | null; data: MeasureData; additionalProducts?: readonly AdditionalProduct[] };
  if (options.from !== undefined) {
    const { variant } = variantAt(measure, options.from);
    source = { value: variant.value ?? null, data: variant.data, ...(variant.additionalProducts === undefined ? {} : { additionalProducts: variant.additionalProducts }) };
  } else {
    const products = measureProductsOf(project, measureId);
    source = { value: measure.value ?? null, data: measure.data, ...(products === undefined ? {} : { additionalProducts: products }) };
  }
  const variant: MeasureVariant = {
    id: nextVariantId(measure),
    name,
    ...(source.value === null || source.value === undefined ? {} : { value: source.value }),
    data: JSON.parse(JSON.stringify(variantInputs(source.data))) as MeasureData,
    ...(source.additionalProducts === undefined ? {} : { additionalProducts: source.additionalProducts.map((p) => ({ ...p })) }),
  };
  return withMeasure(project, index, withVariants(measure, [...variants, variant]));
}

/** What makes a measure's kind: the kind the data select, or their installation choice while it is incomplete. */
function kindKey(data: MeasureData): string {
  const kind = measureKindOf(data);
  if (kind !== undefined) return kind.id;
  return JSON.stringify([data.installationTarget ?? null, data.installationVariant ?? null, data.infiltrationTankType ?? null, data.installationType ?? null]);
}

/**
 * Changes a variant's name, available volume, inputs or additional products. Throws
 * NODE_NOT_FOUND, VARIANT_NOT_FOUND or INVALID_ARGUMENT (name, value, data or products invalid).
 * Inputs of another kind without a new `value` drop the variant's available volume.
 */
export function updateVariant(project: Project, measureId: string, variantId: string, patch: VariantPatch): Project {
  const { measure, index } = measureAt(project, measureId);
  const { variant, index: vi } = variantAt(measure, variantId);
  const next: MeasureVariant = { ...variant };
  if (patch.name !== undefined) next.name = checkName(patch.name);
  if (patch.value !== undefined) {
    const value = checkValue(patch.value);
    if (value === null) delete next.value;
    else next.value = value;
  }
  if (patch.data !== undefined) {
    next.data = checkData(patch.data);
    // Another kind (box → trough): the old kind's available volume no longer describes the variant
    // unless the patch gives a new one (issue 28, decision 0214).
    if (patch.value === undefined && kindKey(variant.data) !== kindKey(next.data)) delete next.value;
  }
  if (patch.additionalProducts !== undefined) next.additionalProducts = checkProducts(patch.additionalProducts);
  const variants = (measure.variants ?? []).slice();
  variants[vi] = next;
  return withMeasure(project, index, withVariants(measure, variants));
}

/** Removes a variant (the measure loses its `variants` field with the last one). Throws NODE_NOT_FOUND or VARIANT_NOT_FOUND. */
export function removeVariant(project: Project, measureId: string, variantId: string): Project {
  const { measure, index } = measureAt(project, measureId);
  variantAt(measure, variantId);
  return withMeasure(project, index, withVariants(measure, (measure.variants ?? []).filter((v) => v.id !== variantId)));
}

/** Names the chosen variant (`variantName`; null clears it). Throws NODE_NOT_FOUND or INVALID_ARGUMENT. */
export function renameChosenVariant(project: Project, measureId: string, name: string | null): Project {
  const { measure, index } = measureAt(project, measureId);
  const next: Measure = { ...measure };
  if (name === null) delete next.variantName;
  else next.variantName = checkName(name);
  return withMeasure(project, index, next);
}

/**
 * Makes a variant the measure: the variant's inputs, available volume, name and additional
 * products become the measure's; the previously chosen variant takes the variant's place in
 * `variants` under the same id (its name is `variantName`, or `V1` when it had none). The
 * measure keeps its id, name, waterflow links and linked box configuration; its computed fields
 * are recomputed by the next `evaluate`. Choosing the same id again restores the inputs.
 * Throws NODE_NOT_FOUND or VARIANT_NOT_FOUND.
 *
 * @example
 * const next = chooseVariant(project, 'm1', 'v1');
 * chooseVariant(next, 'm1', 'v1'); // the original inputs again
 */
export function chooseVariant(project: Project, measureId: string, variantId: string): Project {
  const { measure, index } = measureAt(project, measureId);
  const { variant, index: vi } = variantAt(measure, variantId);
  const lists = project.measureProducts ?? [];
  const li = lists.findIndex((l) => l.measureId === measureId);
  const ownProducts = li < 0 ? undefined : lists[li]!.products;
  const previous: MeasureVariant = {
    id: variant.id,
    name: measure.variantName ?? CHOSEN_VARIANT_DEFAULT_NAME,
    ...(measure.value === null || measure.value === undefined ? {} : { value: measure.value }),
    data: variantInputs(measure.data),
    ...(ownProducts === undefined ? {} : { additionalProducts: ownProducts }),
  };
  const variants = (measure.variants ?? []).slice();
  variants[vi] = previous;
  const chosen: Measure = { ...measure, data: variantInputs(variant.data), variantName: variant.name, variants };
  if (variant.value === null || variant.value === undefined) delete chosen.value;
  else chosen.value = variant.value;
  let measureProducts = lists.slice();
  if (variant.additionalProducts === undefined) measureProducts = measureProducts.filter((l) => l.measureId !== measureId);
  else if (li >= 0) measureProducts[li] = { measureId, products: variant.additionalProducts };
  else measureProducts.push({ measureId, products: variant.additionalProducts });
  const next = withMeasure(project, index, chosen);
  if (project.measureProducts === undefined && measureProducts.length === 0) return next;
  return { ...next, measureProducts };
}
