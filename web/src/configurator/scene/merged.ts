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

/** The part of a WebGL context the renderer probe uses (a fake one in tests). */
export interface ProbeContext {
  readonly RENDERER: number;
  getExtension(name: string): unknown;
  getParameter(pname: number): unknown;
}

/** The part of a canvas the renderer probe uses. */
export interface ProbeCanvas {
  getContext(kind: 'webgl2' | 'webgl'): unknown;
}

/**
 * The WebGL renderer string of this browser, read on a throwaway canvas BEFORE the scene's engine
 * exists (decision 0162: antialiasing is fixed when a context is created, and software renderers
 * get none). WebGL2, else WebGL1; `WEBGL_debug_renderer_info`'s unmasked renderer, else the
 * (possibly masked) `RENDERER`. The context is released at once (`WEBGL_lose_context`), so the
 * probe does not count against the browser's context limit. '' when there is no WebGL or no string.
 */
export function probeRenderer(canvas: ProbeCanvas): string {
  let gl: ProbeContext | null = null;
  try {
    gl = (canvas.getContext('webgl2') ?? canvas.getContext('webgl') ?? null) as ProbeContext | null;
    if (gl === null) return '';
    const info = gl.getExtension('WEBGL_debug_renderer_info') as { UNMASKED_RENDERER_WEBGL: number } | null;
    const unmasked = info === null || info === undefined ? null : gl.getParameter(info.UNMASKED_RENDERER_WEBGL);
    if (typeof unmasked === 'string' && unmasked !== '') return unmasked;
    const masked = gl.getParameter(gl.RENDERER);
    return typeof masked === 'string' ? masked : '';
  } catch {
    return '';
  } finally {
    try {
      (gl?.getExtension('WEBGL_lose_context') as { loseContext(): void } | null | undefined)?.loseContext();
    } catch {
      // nothing to release
    }
  }
}

export type Rgb = readonly [number, number, number];

/** What of a hemispheric light (Babylon's `HemisphericLight`) lights a face. */
export interface HemisphericLightParams {
  /** Towards the sky (not normalised). */
  readonly direction: readonly [number, number, number];
  readonly diffuse: Rgb;
  readonly specular: Rgb;
  readonly groundColor: Rgb;
  /** Scales diffuse and specular (Babylon: `getScaledIntensity()`, photometric scale 1 for this light). */
  readonly scaledIntensity: number;
  /** Scales the ground colour (Babylon: `intensity`). */
  readonly intensity: number;
}

/** What of a `StandardMaterial` lights a face (no textures, no fresnel). */
export interface StandardMaterialParams {
  readonly diffuse: Rgb;
  readonly specular: Rgb;
  readonly specularPower: number;
  /** Emissive plus the material's ambient × the scene's ambient colour (both added before the clamp). */
  readonly emissive: Rgb;
}

/**
 * The colour Babylon's StandardMaterial gives a face with the normal (0, 1, 0) — every top face of
 * the plan view — under one hemispheric light, seen from `view` (straight above by default; the
 * plan camera looks straight down), for a vertex colour `vertex` (decision 0162). The shader's
 * formula (`computeHemisphericLighting`, default.fragment): ndl = n·L × 0.5 + 0.5; diffuseBase =
 * mix(ground × intensity, diffuse × intensity, ndl); specularBase = max(0, n·normalize(V + L))
 * ^ max(1, power) × specular × intensity; colour = clamp(diffuseBase × matDiffuse + emissive, 0,
 * 1) × vertex + specularBase × matSpecular, clamped to [0, 1] as the framebuffer stores it.
 */
export function litTopColour(vertex: Rgb, material: StandardMaterialParams, light: HemisphericLightParams, view: readonly [number, number, number] = [0, 1, 0]): Rgb {
  const [dx, dy, dz] = light.direction;
  const dl = Math.hypot(dx, dy, dz) || 1;
  const l = [dx / dl, dy / dl, dz / dl] as const;
  const ndl = l[1] * 0.5 + 0.5;
  const vl = Math.hypot(view[0], view[1], view[2]) || 1;
  const h = [view[0] / vl + l[0], view[1] / vl + l[1], view[2] / vl + l[2]] as const;
  const hl = Math.hypot(h[0], h[1], h[2]) || 1;
  const spec = Math.max(0, h[1] / hl) ** Math.max(1, material.specularPower);
  const out = [0, 0, 0];
  for (let i = 0; i < 3; i++) {
    const diffuseBase = light.groundColor[i]! * light.intensity * (1 - ndl) + light.diffuse[i]! * light.scaledIntensity * ndl;
    const diffuse = Math.min(1, Math.max(0, diffuseBase * material.diffuse[i]! + material.emissive[i]!)) * vertex[i]!;
    const specular = spec * light.specular[i]! * light.scaledIntensity * material.specular[i]!;
    out[i] = Math.min(1, Math.max(0, diffuse + specular));
  }
  return [out[0]!, out[1]!, out[2]!];
}

/** A template's RGBA vertex colours with the top-face lighting baked in (alpha kept). */
export function bakeTopColours(colors: ArrayLike<number>, material: StandardMaterialParams, light: HemisphericLightParams): Float32Array {
  const out = new Float32Array(colors.length);
  for (let o = 0; o + 3 < colors.length; o += 4) {
    const [r, g, b] = litTopColour([colors[o] as number, colors[o + 1] as number, colors[o + 2] as number], material, light);
    out[o] = r;
    out[o + 1] = g;
    out[o + 2] = b;
    out[o + 3] = colors[o + 3] as number;
  }
  return out;
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

  /** The per-vertex colours every slot gets (the template's, or baked ones: `recolour`). */
  private slotColours: ArrayLike<number>;

  constructor(template: PlanTemplate) {
    this.template = template;
    this.slotColours = template.colors;
    this.vertsPerSlot = template.positions.length / 3;
  }

  /**
   * Gives every slot (and every later one) these per-vertex RGBA colours — the plan view's baked
   * lighting for the group's current material (decision 0162). False when they are the colours
   * already written (nothing to upload).
   */
  recolour(colors: ArrayLike<number>): boolean {
    if (colors.length !== this.vertsPerSlot * 4) throw new Error(`recolour: ${colors.length} colour floats for ${this.vertsPerSlot} vertices`);
    const same = colors.length === this.slotColours.length && Array.prototype.every.call(colors, (c: number, i: number) => Math.fround(c) === Math.fround(this.slotColours[i] as number));
    if (same) return false;
    this.slotColours = Float32Array.from(colors);
    const w = this.vertsPerSlot * 4;
    for (let s = 0; s < this.capacity; s++) this.colors.set(this.slotColours, s * w);
    return true;
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
      this.colors.set(this.slotColours, s * n * 4);
      for (let i = 0; i < perSlot; i++) this.indices[s * perSlot + i] = s * n + (t.indices[i] as number);
    }
  }
}
