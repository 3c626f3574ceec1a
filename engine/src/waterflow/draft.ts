import { EngineError } from '../errors.ts';
import type { Measure } from '../model/measure.ts';
import type { Waterflow } from '../model/project.ts';
import type { Purification } from '../model/purification.ts';
import type { SealedSurface } from '../model/surface.ts';
import { DEFAULTS } from '../tables/defaults.ts';
import { connectedArea } from './connectedArea.ts';
import { deriveDrain } from './deriveDrain.ts';

/** What every waterflow operation returns: the new waterflow and the ids of the nodes it changed. */
export interface OperationResult {
  readonly waterflow: Waterflow;
  readonly changed: readonly string[];
}

export type NodeKind = 'surface' | 'purification' | 'measure';
export type WaterflowNode = SealedSurface | Purification | Measure;

/**
 * A copy-on-write working copy of a waterflow used by the operations. `finish()` re-derives
 * everything that follows from the surfaces' parentIds (the parents' surface lists, drains,
 * connected areas, automatic flooding verification) and marks changed nodes.
 * @internal
 */
export class WaterflowDraft {
  surfaces: SealedSurface[];
  purifications: Purification[];
  measures: Measure[];
  private readonly touched = new Set<string>();

  private readonly original: ReadonlyMap<string, WaterflowNode>;

  constructor(waterflow: Waterflow) {
    this.surfaces = [...waterflow.sealedSurfaces];
    this.purifications = [...waterflow.purifications];
    this.measures = [...waterflow.measures];
    this.original = new Map<string, WaterflowNode>([...waterflow.sealedSurfaces, ...waterflow.purifications, ...waterflow.measures].map((n) => [n.id, n]));
  }

  kindOf(id: string): NodeKind | undefined {
    if (this.surfaces.some((n) => n.id === id)) return 'surface';
    if (this.purifications.some((n) => n.id === id)) return 'purification';
    if (this.measures.some((n) => n.id === id)) return 'measure';
    return undefined;
  }

  surface(id: string): SealedSurface {
    return found(this.surfaces.find((n) => n.id === id), id, 'sealed surface');
  }
  purification(id: string): Purification {
    return found(this.purifications.find((n) => n.id === id), id, 'purification');
  }
  measure(id: string): Measure {
    return found(this.measures.find((n) => n.id === id), id, 'measure');
  }

  setSurface(node: SealedSurface): void {
    this.surfaces = replace(this.surfaces, node);
    this.touched.add(node.id);
  }
  setPurification(node: Purification): void {
    this.purifications = replace(this.purifications, node);
    this.touched.add(node.id);
  }
  setMeasure(node: Measure): void {
    this.measures = replace(this.measures, node);
    this.touched.add(node.id);
  }

  /** Sets a surface's parent (no-op when unchanged). */
  setSurfaceParent(id: string, parentId: string | null): void {
    const surface = this.surface(id);
    if ((surface.parentId ?? null) !== parentId) this.setSurface({ ...surface, parentId });
  }

  ensureNewId(id: string): void {
    if (typeof id !== 'string' || id.length === 0) throw new EngineError('INVALID_ARGUMENT', 'A node id must be a non-empty string.', { id: String(id) });
    if (this.kindOf(id) !== undefined) throw new EngineError('DUPLICATE_ID', `A node with id ${id} exists already.`, { id });
  }

  remove(id: string): void {
    this.surfaces = this.surfaces.filter((n) => n.id !== id);
    this.purifications = this.purifications.filter((n) => n.id !== id);
    this.measures = this.measures.filter((n) => n.id !== id);
    this.touched.delete(id);
    this.removed.add(id);
  }
  private readonly removed = new Set<string>();

  finish(): OperationResult {
    const surfacesById = new Map(this.surfaces.map((s) => [s.id, s]));
    const measureOfPurification = new Map(this.purifications.map((p) => [p.id, p.parentId ?? null]));
    const lists = new Map<string, string[]>();
    for (const p of this.purifications) lists.set(p.id, []);
    for (const m of this.measures) lists.set(m.id, []);
    for (const s of this.surfaces) {
      const parent = s.parentId ?? null;
      if (parent === null) continue;
      lists.get(parent)?.push(s.id);
      const measure = measureOfPurification.get(parent);
      if (measure != null) lists.get(measure)?.push(s.id);
    }

    this.purifications = this.purifications.map((p) => {
      const sealedSurfaces = keepOrder(p.sealedSurfaces, lists.get(p.id)!);
      const drain = deriveDrain(sealedSurfaces, surfacesById) ?? null;
      const AC = connectedArea(sealedSurfaces, surfacesById) ?? null;
      if (sameList(sealedSurfaces, p.sealedSurfaces) && drain === (p.drain ?? null) && AC === (p.AC ?? null)) return p;
      this.touched.add(p.id);
      return { ...p, sealedSurfaces, drain, AC };
    });
    this.measures = this.measures.map((m) => {
      const sealedSurfaces = keepOrder(m.sealedSurfaces, lists.get(m.id)!);
      const drain = deriveDrain(sealedSurfaces, surfacesById) ?? null;
      const AC = connectedArea(sealedSurfaces, surfacesById) ?? null;
      // Flooding verification switches on automatically at the AC threshold (spec section 4).
      const forceFlooding = AC !== null && AC >= DEFAULTS.acThresholdM2 && m.data.floodingVerification !== true;
      if (!forceFlooding && sameList(sealedSurfaces, m.sealedSurfaces) && drain === (m.drain ?? null) && AC === (m.AC ?? null)) return m;
      this.touched.add(m.id);
      const data = forceFlooding ? { ...m.data, floodingVerification: true } : m.data;
      return { ...m, sealedSurfaces, drain, AC, data };
    });

    // An edit that left a node as it was (e.g. clearing a field that was not set) changes nothing.
    for (const id of this.touched) {
      const before = this.original.get(id);
      const after = this.surfaces.find((n) => n.id === id) ?? this.purifications.find((n) => n.id === id) ?? this.measures.find((n) => n.id === id);
      if (before !== undefined && after !== undefined && sameNode(before, after)) this.touched.delete(id);
    }
    const mark = <T extends WaterflowNode>(n: T): T => (this.touched.has(n.id) && n.changed !== true ? { ...n, changed: true } : n);
    const waterflow: Waterflow = {
      sealedSurfaces: this.surfaces.map(mark),
      purifications: this.purifications.map(mark),
      measures: this.measures.map(mark),
    };
    return { waterflow, changed: [...this.touched, ...this.removed] };
  }
}

function found<T>(node: T | undefined, id: string, what: string): T {
  if (node === undefined) throw new EngineError('NODE_NOT_FOUND', `No ${what} with id ${id}.`, { id });
  return node;
}

function replace<T extends { id: string }>(list: readonly T[], node: T): T[] {
  return list.map((n) => (n.id === node.id ? node : n));
}

/** The ids of `next`, in the order of `previous` where they were listed before, new ones appended. */
function keepOrder(previous: readonly string[], next: readonly string[]): string[] {
  const wanted = new Set(next);
  const kept = previous.filter((id) => wanted.has(id));
  const keptSet = new Set(kept);
  return [...kept, ...next.filter((id) => !keptSet.has(id))];
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** Structural equality of two nodes, ignoring the `changed` flag. */
function sameNode(a: WaterflowNode, b: WaterflowNode): boolean {
  const { changed: _a, ...restA } = a;
  const { changed: _b, ...restB } = b;
  return deepEqual(restA, restB);
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null) return false;
  if (typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((x, i) => deepEqual(x, bb[i]));
  }
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const keys = Object.keys(ra);
  if (keys.length !== Object.keys(rb).length) return false;
  return keys.every((k) => Object.hasOwn(rb, k) && deepEqual(ra[k], rb[k]));
}
