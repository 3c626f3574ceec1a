/**
 * Helpers over plain project data for the engine's tests: plain copies, deep freezing, the numbers
 * of an object graph, waterflows without `changed` flags, and small hand-built projects
 * (`miniProject`). Test-only, excluded from the build.
 */
import { defaultMeasureData, type Measure, type Project, type Purification, type PurificationData, type SealedSurface, type SealedSurfaceData, type TreatmentFacility, type Waterflow } from '../index.ts';
import type { Drain } from '../tables/index.ts';

// ---------------------------------------------------------------------------------------------
// Plain data

/** Rebuilds plain objects (fast-check records may have a null prototype) and drops undefined values. */
export function toPlain<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v) => toPlain(v)) as T;
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = toPlain(v);
    return out as T;
  }
  return value;
}

/** Freezes an object graph recursively (evaluate must not mutate its input). */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** Every number of an object graph with its path (`$.a[0].b`). */
export function numbersIn(value: unknown, path = '$', out: { path: string; value: number }[] = []): { path: string; value: number }[] {
  if (typeof value === 'number') out.push({ path, value });
  else if (Array.isArray(value)) value.forEach((v, i) => numbersIn(v, `${path}[${i}]`, out));
  else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) numbersIn(v, `${path}.${k}`, out);
  return out;
}

export type AnyNode = SealedSurface | Purification | Measure;

/** A node without its `changed` flag. */
export function stripNode<T extends AnyNode>(node: T): Omit<T, 'changed'> {
  const { changed: _changed, ...rest } = node;
  return rest;
}

/** The waterflow without `changed` flags. */
export function stripChanged(waterflow: Waterflow): unknown {
  return {
    sealedSurfaces: waterflow.sealedSurfaces.map(stripNode),
    purifications: waterflow.purifications.map(stripNode),
    measures: waterflow.measures.map(stripNode),
  };
}

export function allNodes(waterflow: Waterflow): AnyNode[] {
  return [...waterflow.sealedSurfaces, ...waterflow.purifications, ...waterflow.measures];
}

export function withWaterflow(project: Project, waterflow: Waterflow): Project {
  return { ...project, waterflow };
}

// ---------------------------------------------------------------------------------------------
// Small hand-built projects

export interface MiniSurface {
  readonly value?: number | null;
  readonly cm?: number | null;
  readonly groundPollutionM153?: SealedSurfaceData['groundPollutionM153'];
  readonly areaGroupA102?: SealedSurfaceData['areaGroupA102'];
}

/**
 * A project with surfaces s0 … sn (all with `drain`) treated by purification `p`, which drains
 * into measure `m`; links, drains and AC are derived by the engine.
 */
export function miniProject(
  drain: Drain,
  surfaces: readonly MiniSurface[],
  options: { readonly purification?: PurificationData; readonly facilities?: readonly TreatmentFacility[]; readonly airPollution?: Project['project']['airPollution'] } = {},
): Project {
  const ids = surfaces.map((_, i) => `s${i}`);
  const waterflow: Waterflow = {
    sealedSurfaces: surfaces.map((s, i) => ({
      id: ids[i]!,
      name: ids[i]!,
      parentId: 'p',
      drain,
      ...(s.value === undefined ? {} : { value: s.value }),
      data: toPlain({ cs: 1, cm: s.cm, groundPollutionM153: s.groundPollutionM153, areaGroupA102: s.areaGroupA102 }) as SealedSurfaceData,
    })),
    purifications: [{ id: 'p', name: 'p', parentId: 'm', sealedSurfaces: ids, data: options.purification ?? {} }],
    measures: [{ id: 'm', name: 'm', parentId: null, sealedSurfaces: ids, data: defaultMeasureData() }],
  };
  return toPlain({
    schemaVersion: 4 as const,
    project: { name: 'mini', airPollution: options.airPollution },
    purificationFacilities: options.facilities === undefined ? undefined : [...options.facilities],
    waterflow,
  }) as Project;
}
