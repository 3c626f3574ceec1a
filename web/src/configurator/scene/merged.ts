/**
 * The plan view's merged geometry for software renderers (decision 0161), kept without Babylon
 * (pure, testable). On SwiftShader, llvmpipe and other CPU WebGL implementations an instanced draw
 * pays a fixed cost per instance (~10 µs), so 5,760 thin instances cost several times more than
 * the same quads in one ordinary vertex buffer. There, each group's plan view is one ordinary mesh
 * whose vertex buffer holds the light top-face geometry (decision 0152) of every slot with the
 * slot's instance matrix applied on the CPU. It follows the group's slots (`InstanceBuffers`) and
 * its updates (`takeUpdates()`): only the changed slots are rewritten and uploaded; slots beyond
 * the group's count are degenerate (every vertex at the origin: zero-area triangles draw nothing);
 * a grown matrix array reallocates.
 */
import type { GroupUpdate } from './instances.ts';
import { MATRIX_FLOATS } from './layout.ts';

/** The per-instance geometry (the plan view's top faces, in the item's own frame). */
export interface PlanTemplate {
  readonly positions: ArrayLike<number>;
  readonly normals: ArrayLike<number>;
  /** RGBA per vertex. */
  readonly colors: ArrayLike<number>;
  readonly indices: ArrayLike<number>;
}

/** What to upload after `apply`: everything (`reallocated`: new buffers) or slot ranges. */
export interface MergedUpload {
  readonly full: boolean;
  readonly reallocated: boolean;
  readonly ranges: readonly { readonly start: number; readonly length: number }[];
}

/** Does a WebGL renderer string name a software (CPU) rasteriser? */
export function isSoftwareRenderer(renderer: string): boolean {
  return /swiftshader|llvmpipe|softpipe|software|basic render driver/i.test(renderer);
}

export class MergedPlanGeometry {
  readonly vertsPerSlot: number;
  private readonly template: PlanTemplate;
  capacity = 0;
  positions = new Float32Array(0);
  normals = new Float32Array(0);
  colors = new Float32Array(0);
  indices: Uint16Array | Uint32Array = new Uint16Array(0);
  /** Slots written as visible (the group's count at the last `apply`). */
  drawnCount = 0;

  constructor(template: PlanTemplate) {
    this.template = template;
    this.vertsPerSlot = template.positions.length / 3;
  }

  /** Applies a group's update (the same one the thin instances get): rewrites the changed slots. */
  apply(update: GroupUpdate): MergedUpload {
    const group = update.group;
    const capacity = group.matrices.length / MATRIX_FLOATS;
    const count = Math.min(group.count, capacity);
    if (capacity !== this.capacity) {
      this.allocate(capacity);
      for (let s = 0; s < count; s++) this.writeSlot(s, group.matrices);
      this.drawnCount = count;
      return { full: true, reallocated: true, ranges: [] };
    }
    if (update.full) {
      for (let s = 0; s < count; s++) this.writeSlot(s, group.matrices);
      this.clearSlots(count, capacity);
      this.drawnCount = count;
      return { full: true, reallocated: false, ranges: [] };
    }
    const ranges: { start: number; length: number }[] = [];
    for (const range of update.ranges) {
      const end = Math.min(range.start + range.length, capacity);
      if (range.start >= end) continue;
      for (let s = range.start; s < end; s++) {
        if (s < count) this.writeSlot(s, group.matrices);
        else this.clearSlot(s);
      }
      ranges.push({ start: range.start, length: end - range.start });
    }
    if (count < this.drawnCount) {
      // removed slots at the end: draw nothing there
      this.clearSlots(count, this.drawnCount);
      ranges.push({ start: count, length: this.drawnCount - count });
    }
    this.drawnCount = count;
    return { full: false, reallocated: false, ranges };
  }

  /** Writes a slot's vertices: the template transformed by the slot's matrix (Babylon's row-vector layout). */
  writeSlot(slot: number, matrices: Float32Array): void {
    const m = matrices.subarray(slot * MATRIX_FLOATS, (slot + 1) * MATRIX_FLOATS);
    const t = this.template;
    const n = this.vertsPerSlot;
    const base = slot * n * 3;
    const m0 = m[0] as number, m1 = m[1] as number, m2 = m[2] as number;
    const m4 = m[4] as number, m5 = m[5] as number, m6 = m[6] as number;
    const m8 = m[8] as number, m9 = m[9] as number, m10 = m[10] as number;
    const m12 = m[12] as number, m13 = m[13] as number, m14 = m[14] as number;
    for (let v = 0; v < n; v++) {
      const px = t.positions[v * 3] as number, py = t.positions[v * 3 + 1] as number, pz = t.positions[v * 3 + 2] as number;
      const o = base + v * 3;
      this.positions[o] = px * m0 + py * m4 + pz * m8 + m12;
      this.positions[o + 1] = px * m1 + py * m5 + pz * m9 + m13;
      this.positions[o + 2] = px * m2 + py * m6 + pz * m10 + m14;
      const nx = t.normals[v * 3] as number, ny = t.normals[v * 3 + 1] as number, nz = t.normals[v * 3 + 2] as number;
      this.normals[o] = nx * m0 + ny * m4 + nz * m8;
      this.normals[o + 1] = nx * m1 + ny * m5 + nz * m9;
      this.normals[o + 2] = nx * m2 + ny * m6 + nz * m10;
    }
  }

  /** A slot that draws nothing: every vertex at the origin (zero-area triangles). */
  clearSlot(slot: number): void {
    this.clearSlots(slot, slot + 1);
  }

  private clearSlots(from: number, to: number): void {
    if (to <= from) return;
    const w = this.vertsPerSlot * 3;
    this.positions.fill(0, from * w, to * w);
    this.normals.fill(0, from * w, to * w);
  }

  /** The floats of slots [start, start + length) of a per-vertex array with `size` floats a vertex. */
  slice(array: Float32Array, size: number, start: number, length: number): Float32Array {
    const w = this.vertsPerSlot * size;
    return array.subarray(start * w, (start + length) * w);
  }

  private allocate(capacity: number): void {
    const t = this.template;
    const n = this.vertsPerSlot;
    const perSlot = t.indices.length;
    this.capacity = capacity;
    this.positions = new Float32Array(capacity * n * 3);
    this.normals = new Float32Array(capacity * n * 3);
    this.colors = new Float32Array(capacity * n * 4);
    this.indices = capacity * n > 65536 ? new Uint32Array(capacity * perSlot) : new Uint16Array(capacity * perSlot);
    for (let s = 0; s < capacity; s++) {
      this.colors.set(t.colors as ArrayLike<number>, s * n * 4);
      for (let i = 0; i < perSlot; i++) this.indices[s * perSlot + i] = s * n + (t.indices[i] as number);
    }
  }
}
