import { describe, expect, it } from 'vitest';
import { createGrid, diffGrids, erase, eraseArea, fillLayer, place, rotate, standardItemGeometry, type BoxGrid } from '@rainplan/engine/boxgrid';
import { Matrix, Vector3 } from '@babylonjs/core/Maths/math.vector.js';
import { InstanceBuffers, type InstanceGroup } from './instances.ts';
import { MATRIX_FLOATS, upwardFaces } from './layout.ts';
import { fullBoxWithMarker } from './testGeometry.ts';
import { MergedPlanGeometry, bakeTopColours, isSoftwareRenderer, litTopColour, probeRenderer, type HemisphericLightParams, type PlanTemplate, type ProbeCanvas, type StandardMaterialParams } from './merged.ts';

const lookup = standardItemGeometry;

/** The scene's plan geometry of a full box: box top and marker top (decision 0152), 8 vertices. */
function template(): PlanTemplate {
  const full = fullBoxWithMarker();
  const top = upwardFaces({ positions: full.positions!, normals: full.normals!, indices: full.indices!, uvs: full.uvs, colors: full.colors });
  return { positions: top.positions, normals: top.normals, colors: top.colors!, indices: top.indices };
}

const TEMPLATE = template();

/**
 * Mirrors the scene: per group a merged geometry and a "GPU" copy of its vertex buffers that gets
 * only what `apply` says to upload (whole arrays or slot ranges).
 */
class Mirror {
  readonly merged = new Map<string, { geometry: MergedPlanGeometry; gpuPositions: Float32Array; gpuNormals: Float32Array; reallocations: number }>();

  sync(buffers: InstanceBuffers): void {
    for (const update of buffers.takeUpdates().groups) {
      let m = this.merged.get(update.group.key);
      if (m === undefined) {
        m = { geometry: new MergedPlanGeometry(TEMPLATE), gpuPositions: new Float32Array(0), gpuNormals: new Float32Array(0), reallocations: 0 };
        this.merged.set(update.group.key, m);
      }
      const g = m.geometry;
      const upload = g.apply(update);
      if (upload.reallocated) {
        m.reallocations++;
        m.gpuPositions = g.positions.slice();
        m.gpuNormals = g.normals.slice();
      } else if (upload.full) {
        m.gpuPositions.set(g.positions);
        m.gpuNormals.set(g.normals);
      } else {
        const w = g.vertsPerSlot * 3;
        for (const r of upload.ranges) {
          m.gpuPositions.set(g.slice(g.positions, 3, r.start, r.length), r.start * w);
          m.gpuNormals.set(g.slice(g.normals, 3, r.start, r.length), r.start * w);
        }
      }
    }
  }
}

/** The grid's instance buffers, mirrored once, and its first group with that group's merged geometry. */
function mirrored(grid: BoxGrid) {
  const buffers = new InstanceBuffers(lookup);
  buffers.reset(grid);
  const mirror = new Mirror();
  mirror.sync(buffers);
  const group = [...buffers.groups.values()][0]!;
  return { buffers, mirror, group, m: mirror.merged.get(group.key)! };
}

/** The slot's vertices as the GPU would draw them with thin instances: the template × the slot's matrix. */
function instanced(group: InstanceGroup, slot: number): number[] {
  const m = Matrix.FromArray(group.matrices, slot * MATRIX_FLOATS);
  const out: number[] = [];
  for (let v = 0; v < TEMPLATE.positions.length / 3; v++) {
    const p = Vector3.TransformCoordinates(new Vector3(TEMPLATE.positions[v * 3], TEMPLATE.positions[v * 3 + 1], TEMPLATE.positions[v * 3 + 2]), m);
    out.push(p.x, p.y, p.z);
  }
  return out;
}

type Centre = readonly [number, number, number];

/** Triangles with a non-zero area in a merged buffer (what the rasteriser draws), as their centres. */
function drawnTriangles(g: MergedPlanGeometry, positions: Float32Array): Centre[] {
  const out: Centre[] = [];
  for (let t = 0; t < g.indices.length; t += 3) {
    const [a, b, c] = [g.indices[t]!, g.indices[t + 1]!, g.indices[t + 2]!].map((i) => new Vector3(positions[i * 3], positions[i * 3 + 1], positions[i * 3 + 2]));
    const area = Vector3.Cross(b!.subtract(a!), c!.subtract(a!)).length();
    if (area < 1e-9) continue;
    const centre = a!.add(b!).add(c!).scale(1 / 3);
    out.push([centre.x, centre.y, centre.z]);
  }
  return out;
}

/** The same, from the instance buffers: every live slot's template triangles. */
function instancedTriangles(group: InstanceGroup): Centre[] {
  const out: Centre[] = [];
  for (let s = 0; s < group.count; s++) {
    const v = instanced(group, s);
    for (let t = 0; t < TEMPLATE.indices.length; t += 3) {
      const [a, b, c] = [TEMPLATE.indices[t]!, TEMPLATE.indices[t + 1]!, TEMPLATE.indices[t + 2]!].map((i) => new Vector3(v[i * 3], v[i * 3 + 1], v[i * 3 + 2]));
      const centre = a!.add(b!).add(c!).scale(1 / 3);
      out.push([centre.x, centre.y, centre.z]);
    }
  }
  return out;
}

/** Both lists hold the same triangles (each matched once, within float32 precision). */
function expectSameTriangles(got: Centre[], want: Centre[]): void {
  expect(got.length).toBe(want.length);
  const left = [...got];
  for (const w of want) {
    const i = left.findIndex((g) => Math.abs(g[0] - w[0]) < 1e-4 && Math.abs(g[1] - w[1]) < 1e-4 && Math.abs(g[2] - w[2]) < 1e-4);
    expect(i, `triangle at ${w.join(', ')}`).toBeGreaterThanOrEqual(0);
    left.splice(i, 1);
  }
}

function grid(sizeX: number, sizeZ: number, layers: number): BoxGrid {
  return createGrid({ id: 'c', name: 'c', lengthM: sizeX * 0.8, widthM: sizeZ * 0.8, layers });
}

describe('software renderer detection (decision 0161)', () => {
  it('recognises SwiftShader, llvmpipe and the other CPU rasterisers, not GPUs', () => {
    expect(isSoftwareRenderer('ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)')).toBe(true);
    expect(isSoftwareRenderer('Google SwiftShader')).toBe(true);
    expect(isSoftwareRenderer('llvmpipe (LLVM 15.0.7, 256 bits)')).toBe(true);
    expect(isSoftwareRenderer('ANGLE (Microsoft, Microsoft Basic Render Driver Direct3D11 vs_5_0 ps_5_0)')).toBe(true);
    expect(isSoftwareRenderer('Software Rasterizer')).toBe(true);
    expect(isSoftwareRenderer('ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 Direct3D11 vs_5_0 ps_5_0, D3D11)')).toBe(false);
    expect(isSoftwareRenderer('ANGLE (Intel, Mesa Intel(R) UHD Graphics 620 (KBL GT2), OpenGL 4.6)')).toBe(false);
    expect(isSoftwareRenderer('Apple M2')).toBe(false);
  });
});

/** A fake canvas whose contexts answer the given renderer strings, recording what the probe did. */
function fakeCanvas(opts: { webgl2?: boolean; webgl?: boolean; unmasked?: string | null; masked?: string; throws?: boolean }) {
  const calls: string[] = [];
  const context = (kind: string) => ({
    RENDERER: 0x1f01,
    getExtension(name: string): unknown {
      calls.push(`${kind}:ext:${name}`);
      if (name === 'WEBGL_debug_renderer_info') return opts.unmasked === undefined ? null : { UNMASKED_RENDERER_WEBGL: 0x9246 };
      if (name === 'WEBGL_lose_context') return { loseContext: () => calls.push(`${kind}:lost`) };
      return null;
    },
    getParameter(pname: number): unknown {
      if (opts.throws === true) throw new Error('context lost');
      if (pname === 0x9246) return opts.unmasked;
      if (pname === 0x1f01) return opts.masked ?? 'WebKit WebGL';
      return null;
    },
  });
  const canvas: ProbeCanvas = {
    getContext(kind) {
      calls.push(`get:${kind}`);
      if (kind === 'webgl2' && opts.webgl2 === true) return context(kind);
      if (kind === 'webgl' && opts.webgl === true) return context(kind);
      return null;
    },
  };
  return { canvas, calls };
}

describe('renderer probe before the engine exists (decision 0162)', () => {
  it('reads the unmasked renderer of a throwaway WebGL2 context and releases the context', () => {
    const swiftShader = 'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)';
    const { canvas, calls } = fakeCanvas({ webgl2: true, webgl: true, unmasked: swiftShader });
    expect(probeRenderer(canvas)).toBe(swiftShader);
    expect(isSoftwareRenderer(probeRenderer(canvas))).toBe(true);
    expect(calls.slice(0, 4)).toEqual(['get:webgl2', 'webgl2:ext:WEBGL_debug_renderer_info', 'webgl2:ext:WEBGL_lose_context', 'webgl2:lost']);
  });

  it('falls back to WebGL1, to the masked RENDERER, and to "" without WebGL (the GPU path)', () => {
    const gl1 = fakeCanvas({ webgl: true, unmasked: 'llvmpipe (LLVM 15.0.7, 256 bits)' });
    expect(probeRenderer(gl1.canvas)).toBe('llvmpipe (LLVM 15.0.7, 256 bits)');
    expect(gl1.calls).toContain('get:webgl');
    expect(gl1.calls).toContain('webgl:lost');
    const masked = fakeCanvas({ webgl2: true, masked: 'Google SwiftShader' });
    expect(probeRenderer(masked.canvas)).toBe('Google SwiftShader');
    const emptyUnmasked = fakeCanvas({ webgl2: true, unmasked: '', masked: 'WebKit WebGL' });
    expect(probeRenderer(emptyUnmasked.canvas)).toBe('WebKit WebGL');
    expect(isSoftwareRenderer(probeRenderer(emptyUnmasked.canvas))).toBe(false);
    expect(probeRenderer(fakeCanvas({}).canvas)).toBe('');
    const broken = fakeCanvas({ webgl2: true, unmasked: 'x', throws: true });
    expect(probeRenderer(broken.canvas)).toBe('');
    expect(broken.calls).toContain('webgl2:lost');
  });
});

/** The scene's light and materials (ConfiguratorScene). */
const LIGHT: HemisphericLightParams = { direction: [0.3, 1, 0.5], diffuse: [1, 1, 1], specular: [1, 1, 1], groundColor: [0.45, 0.45, 0.5], scaledIntensity: 1.05, intensity: 1.05 };
const CURRENT: StandardMaterialParams = { diffuse: [1, 1, 1], specular: [0.08, 0.08, 0.08], specularPower: 64, emissive: [0, 0, 0] };
const BELOW: StandardMaterialParams = { diffuse: [0.55, 0.57, 0.6], specular: [0.08, 0.08, 0.08], specularPower: 64, emissive: [0, 0, 0] };

/**
 * Babylon's StandardMaterial fragment shader for one hemispheric light, line by line
 * (lightsFragmentFunctions `computeHemisphericLighting`, default.fragment `finalDiffuse`,
 * `finalSpecular`, `color`) with Babylon's vector maths, for any normal and eye position.
 */
function shaderColour(normal: Vector3, position: Vector3, eye: Vector3, vertex: readonly number[], mat: StandardMaterialParams): number[] {
  const viewDirectionW = eye.subtract(position).normalize();
  const lightData = new Vector3(...LIGHT.direction).normalize();
  const n = normal.normalize();
  const ndl = Vector3.Dot(n, lightData) * 0.5 + 0.5;
  const angleW = viewDirectionW.add(lightData).normalize();
  const specComp = Math.max(0, Vector3.Dot(n, angleW)) ** Math.max(1, mat.specularPower);
  return [0, 1, 2].map((i) => {
    const ground = LIGHT.groundColor[i]! * LIGHT.intensity;
    const diffuse = LIGHT.diffuse[i]! * LIGHT.scaledIntensity;
    const diffuseBase = ground + (diffuse - ground) * ndl; // mix(groundColor, diffuseColor, ndl)
    const specularBase = specComp * LIGHT.specular[i]! * LIGHT.scaledIntensity;
    const finalDiffuse = Math.min(1, Math.max(0, diffuseBase * mat.diffuse[i]! + mat.emissive[i]!)) * vertex[i]!;
    const finalSpecular = specularBase * mat.specular[i]!;
    return Math.min(1, Math.max(0, finalDiffuse + finalSpecular));
  });
}

describe('baked plan-view lighting on software renderers (decision 0162)', () => {
  it("equals the lit colour of a top face under the scene's hemispheric light, for both materials and every vertex colour", () => {
    const up = new Vector3(0, 1, 0);
    for (const mat of [CURRENT, BELOW]) {
      for (const vertex of [[0.35, 0.62, 0.85], [0.45, 0.72, 0.62], [0.62, 0.62, 0.66], [0.1, 0.2, 0.38]] as const) {
        // the plan camera straight above the face
        const want = shaderColour(up, new Vector3(12, 2.64, 9), new Vector3(12, 100, 9), vertex, mat);
        const got = litTopColour(vertex, mat, LIGHT);
        for (let i = 0; i < 3; i++) expect(got[i]).toBeCloseTo(want[i]!, 9);
        // elsewhere in the view only the faint highlight differs (Babylon takes the view direction
        // from the plan camera's position, 100 m up): at most the specular term itself
        const edge = shaderColour(up, new Vector3(0, 2.64, 0), new Vector3(24, 100, 19.2), vertex, mat);
        for (let i = 0; i < 3; i++) expect(Math.abs(got[i]! - edge[i]!)).toBeLessThanOrEqual(mat.specular[i]! * LIGHT.scaledIntensity + 1e-9);
      }
    }
    // the current layer keeps the vertex colour (diffuse saturates) plus a faint highlight; the layer below is darker
    const box = litTopColour([0.35, 0.62, 0.85], CURRENT, LIGHT);
    expect(box[0]).toBeGreaterThan(0.35);
    expect((box[0] - 0.35) * 255).toBeLessThan(3);
    expect(litTopColour([0.35, 0.62, 0.85], BELOW, LIGHT)[0]).toBeLessThan(0.35 * 0.6);
  });

  it('bakes every template vertex (alpha kept) and recolours every slot once, later slots too', () => {
    const baked = bakeTopColours(TEMPLATE.colors, BELOW, LIGHT);
    expect(baked.length).toBe(TEMPLATE.colors.length);
    for (let v = 0; v < 8; v++) {
      const want = litTopColour([TEMPLATE.colors[v * 4]!, TEMPLATE.colors[v * 4 + 1]!, TEMPLATE.colors[v * 4 + 2]!], BELOW, LIGHT);
      for (let i = 0; i < 3; i++) expect(baked[v * 4 + i]).toBeCloseTo(want[i]!, 6);
      expect(baked[v * 4 + 3]).toBe(1);
    }
    const buffers = new InstanceBuffers(lookup);
    buffers.reset(fillLayer(grid(3, 2, 1), lookup, 0, 'BOX_FULL').grid);
    const update = buffers.takeUpdates().groups[0]!;
    const g = new MergedPlanGeometry(TEMPLATE);
    g.apply(update);
    expect(g.recolour(baked)).toBe(true);
    expect(g.recolour(Float32Array.from(baked))).toBe(false);
    for (let s = 0; s < g.capacity; s++) expect([...g.colors.subarray(s * 32, (s + 1) * 32)]).toEqual([...baked]);
    // a reallocation (grown group) writes the baked colours into the new slots too
    let big = fillLayer(grid(9, 8, 1), lookup, 0, 'BOX_FULL').grid;
    big = erase(big, 0, 0, 0).grid;
    buffers.reset(big);
    const grown = buffers.takeUpdates().groups.find((u) => u.group.key === update.group.key)!;
    expect(g.apply(grown).reallocated).toBe(true);
    for (let s = 0; s < g.capacity; s++) expect([...g.colors.subarray(s * 32, (s + 1) * 32)]).toEqual([...baked]);
    expect(() => g.recolour([1, 1, 1, 1])).toThrow(/recolour/);
  });
});

describe('the plan view merged on the CPU (decision 0161)', () => {
  it("writes a slot's 8 vertices as the top-face geometry transformed by the slot's matrix (positions, normals, colours)", () => {
    let g = grid(4, 3, 1);
    g = place(g, lookup, { x: 0, y: 0, z: 0, boxTypeId: 'BOX_FULL' }).grid;
    g = place(g, lookup, { x: 2, y: 0, z: 1, boxTypeId: 'BOX_FULL', rotation: 'West' }).grid;
    g = place(g, lookup, { x: 3, y: 0, z: 2, boxTypeId: 'BOX_FULL' }).grid;
    g = rotate(g, 3, 0, 2).grid;
    g = rotate(g, 3, 0, 2).grid;
    const { group, m } = mirrored(g);
    expect(m.geometry.vertsPerSlot).toBe(8);
    expect(group.count).toBe(3);
    for (let s = 0; s < group.count; s++) {
      const got = [...m.gpuPositions.subarray(s * 24, (s + 1) * 24)];
      const want = instanced(group, s);
      for (let i = 0; i < 24; i++) expect(got[i]).toBeCloseTo(want[i]!, 5);
      // top faces: normals stay straight up under a turn about y
      for (let v = 0; v < 8; v++) expect([...m.gpuNormals.subarray(s * 24 + v * 3, s * 24 + v * 3 + 3)].map((x) => +x.toFixed(6) + 0)).toEqual([0, 1, 0]);
      expect([...m.geometry.colors.subarray(s * 32, (s + 1) * 32)].map((x) => +x.toFixed(6))).toEqual(Array.from(TEMPLATE.colors).map((x) => +x.toFixed(6)));
      // indices point into the slot's own 8 vertices
      for (let i = 0; i < 12; i++) expect(m.geometry.indices[s * 12 + i]).toBe(s * 8 + TEMPLATE.indices[i]!);
    }
    // a turned box's marker sits at another side than an unturned one's
    expectSameTriangles(drawnTriangles(m.geometry, m.gpuPositions), instancedTriangles(group));
  });

  it('draws nothing for an emptied slot, and follows erase and place with range uploads only', () => {
    let g = fillLayer(grid(5, 4, 1), lookup, 0, 'BOX_FULL').grid;
    const { buffers, mirror, group, m } = mirrored(g);
    expect(group.count).toBe(20);
    // erase a box in the middle: the last slot moves into its place, the old last slot is emptied
    const before = g;
    g = erase(g, 1, 0, 1).grid;
    buffers.apply(g, diffGrids(before, g));
    mirror.sync(buffers);
    expect(group.count).toBe(19);
    expect([...m.gpuPositions.subarray(19 * 24, 20 * 24)].every((x) => x === 0)).toBe(true);
    expectSameTriangles(drawnTriangles(m.geometry, m.gpuPositions), instancedTriangles(group));
    expect(drawnTriangles(m.geometry, m.gpuPositions)).toHaveLength(19 * 4);
    // erase the whole layer: nothing drawn
    const before2 = g;
    g = eraseArea(g, 0, { x0: 0, z0: 0, x1: 4, z1: 3 }).grid;
    buffers.apply(g, diffGrids(before2, g));
    mirror.sync(buffers);
    expect(group.count).toBe(0);
    expect(drawnTriangles(m.geometry, m.gpuPositions)).toEqual([]);
    // place again (appends into the emptied slots)
    const before3 = g;
    g = place(g, lookup, { x: 2, y: 0, z: 3, boxTypeId: 'BOX_FULL' }).grid;
    buffers.apply(g, diffGrids(before3, g));
    mirror.sync(buffers);
    expectSameTriangles(drawnTriangles(m.geometry, m.gpuPositions), instancedTriangles(group));
    expect(drawnTriangles(m.geometry, m.gpuPositions)).toHaveLength(4);
    expect(m.reallocations).toBe(1);
  });

  it('reallocates when the group grows past its capacity and keeps every slot right', () => {
    let g = grid(12, 10, 1);
    const buffers = new InstanceBuffers(lookup);
    buffers.reset(g);
    const mirror = new Mirror();
    g = place(g, lookup, { x: 0, y: 0, z: 0, boxTypeId: 'BOX_FULL' }).grid;
    buffers.reset(g);
    mirror.sync(buffers);
    const group = [...buffers.groups.values()][0]!;
    const m = mirror.merged.get(group.key)!;
    expect(m.geometry.capacity).toBe(64);
    const before = g;
    g = fillLayer(g, lookup, 0, 'BOX_FULL').grid; // 120 boxes: past the 64 slots
    buffers.apply(g, diffGrids(before, g));
    mirror.sync(buffers);
    expect(group.count).toBe(120);
    expect(m.geometry.capacity).toBe(group.matrices.length / MATRIX_FLOATS);
    expect(m.geometry.capacity).toBeGreaterThanOrEqual(120);
    expect(m.reallocations).toBe(2);
    expect(m.gpuPositions.length).toBe(m.geometry.capacity * 24);
    expectSameTriangles(drawnTriangles(m.geometry, m.gpuPositions), instancedTriangles(group));
    // slots past the count draw nothing
    expect([...m.gpuPositions.subarray(120 * 24)].every((x) => x === 0)).toBe(true);
  });

  it('stays equal to the instance buffers through a run of mixed edits (partial uploads only)', () => {
    let g = fillLayer(grid(9, 7, 2), lookup, 0, 'BOX_FULL').grid;
    g = fillLayer(g, lookup, 1, 'BOX_FULL').grid;
    const buffers = new InstanceBuffers(lookup);
    buffers.reset(g);
    const mirror = new Mirror();
    mirror.sync(buffers);
    let seed = 7;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let i = 0; i < 200; i++) {
      const before = g;
      const x = rnd(9);
      const z = rnd(7);
      const y = rnd(2);
      const op = rnd(3);
      const next = op === 0 ? erase(g, x, y, z) : op === 1 ? place(g, lookup, { x, y, z, boxTypeId: op === 1 && rnd(4) === 0 ? 'BOX_HALF' : 'BOX_FULL' }) : rotate(g, x, y, z);
      g = next.grid;
      buffers.apply(g, diffGrids(before, g));
      mirror.sync(buffers);
    }
    for (const group of buffers.groups.values()) {
      const m = mirror.merged.get(group.key)!;
      expectSameTriangles(drawnTriangles(m.geometry, m.gpuPositions), instancedTriangles(group));
    }
  });
});
