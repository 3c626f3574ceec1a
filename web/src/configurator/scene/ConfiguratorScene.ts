/**
 * The configurator's Babylon.js scene: the only module that touches Babylon (tree-shaken deep
 * imports of `@babylonjs/core`). It takes the engine's grid and view state (`update`) and never
 * reads a store; React components hold it through `ConfiguratorCanvas` and never see a Babylon
 * object.
 *
 * - One mesh per item type and layer (shafts: per type) drawn with thin instances
 *   (`InstanceBuffers`): draw calls depend on item types and layers, not on the number of boxes.
 * - An update diffs the drawn grid against the new one (`diffGrids`: layers shared by both are
 *   skipped) and uploads only the changed slot ranges of the changed groups.
 * - Plan view: orthographic camera looking down, zoom 0.0025 … 0.5 px/mm (spec §2); perspective
 *   view: an orbiting camera. The plan view draws the current layer and, darker, the one below.
 * - Picking by grid arithmetic (`pick`): the canvas point's ray meets the current layer's plane;
 *   no mesh picking.
 * - Renders on demand: a frame only after a change or a camera move (2 shared cores).
 * - Frame and draw-call counts and the hooks of the tests and the bench are `SceneProbe`'s
 *   (probe.ts, `scene.probe`); the plan's line overlays are `PlanOverlays`' (overlays.ts).
 * - On a software renderer (SwiftShader, llvmpipe, …) the plan view draws each group as one
 *   ordinary mesh with the instances merged on the CPU (`MergedPlanGeometry`, decision 0161):
 *   such rasterisers pay a fixed cost per instance. The perspective view stays instanced.
 * - On a software renderer, also (decision 0162): the renderer is probed on a throwaway canvas
 *   before the engine exists and the engine gets no MSAA; the merged plan meshes are drawn unlit
 *   with the hemispheric light's colour of a top face baked into their vertex colours
 *   (`bakeTopColours`): the same picture from straight above, without per-pixel lighting.
 */
import { Engine } from '@babylonjs/core/Engines/engine.js';
import { Scene } from '@babylonjs/core/scene.js';
import { Camera } from '@babylonjs/core/Cameras/camera.js';
import { TargetCamera } from '@babylonjs/core/Cameras/targetCamera.js';
import { ArcRotateCamera } from '@babylonjs/core/Cameras/arcRotateCamera.js';
import { HemisphericLight } from '@babylonjs/core/Lights/hemisphericLight.js';
import { StandardMaterial } from '@babylonjs/core/Materials/standardMaterial.js';
import type { Material } from '@babylonjs/core/Materials/material.js';
import { Color3, Color4 } from '@babylonjs/core/Maths/math.color.js';
import { Matrix, Vector3 } from '@babylonjs/core/Maths/math.vector.js';
import { Mesh } from '@babylonjs/core/Meshes/mesh.js';
import { VertexData } from '@babylonjs/core/Meshes/mesh.vertexData.js';
import { CreateBoxVertexData } from '@babylonjs/core/Meshes/Builders/boxBuilder.js';
import '@babylonjs/core/Meshes/thinInstanceMesh.js';
import '@babylonjs/core/Engines/Extensions/engine.dynamicBuffer.js';
import { VertexBuffer } from '@babylonjs/core/Buffers/buffer.js';
import { diffGrids, type BoxGrid, type CellArea, type ItemGeometryLookup } from '@rainplan/engine/boxgrid';
import { InstanceBuffers, type GroupUpdate, type InstanceGroup } from './instances.ts';
import { MergedPlanGeometry, bakeTopColours, isSoftwareRenderer, probeRenderer, type Rgb } from './merged.ts';
import { SceneProbe, type SceneStats } from './probe.ts';
import { PlanOverlays } from './overlays.ts';
import { CELL_M, LAYER_M, MATRIX_FLOATS, clampZoom, fitZoom, orthoHalfExtents, pickCell, upwardFaces, type Ray } from './layout.ts';

/** What the scene draws. */
export interface SceneView {
  readonly grid: BoxGrid | undefined;
  readonly lookup: ItemGeometryLookup;
  readonly layer: number;
  readonly selection: CellArea | null;
  readonly cursor: { readonly x: number; readonly z: number } | null;
  readonly showAxes: boolean;
  readonly perspective: boolean;
  readonly gravity: boolean;
}

export type { SceneStats } from './probe.ts';

export interface SceneOptions {
  /**
   * The software-renderer path: the plan view merged (decision 0161) and unlit with baked colours,
   * the context without MSAA (decision 0162). Default: when the WebGL renderer, probed on a
   * throwaway canvas before the engine is created (`probeRenderer`), is a software rasteriser
   * (`isSoftwareRenderer`). Tests force either path.
   */
  readonly mergedPlan?: boolean;
}

/** Footprint share of a box mesh (a gap between boxes shows the cells). */
const FOOTPRINT = 0.94;

const COLOURS = {
  box: new Color4(0.35, 0.62, 0.85, 1),
  halfBox: new Color4(0.45, 0.72, 0.62, 1),
  shaft: new Color4(0.62, 0.62, 0.66, 1),
  marker: new Color4(0.1, 0.2, 0.38, 1),
  connector: new Color4(0.92, 0.45, 0.12, 1),
};

export class ConfiguratorScene {
  readonly canvas: HTMLCanvasElement;
  private readonly engine: Engine;
  private readonly scene: Scene;
  private readonly planCamera: TargetCamera;
  /** Frames, draw calls and the hooks of the tests and the bench (scene/probe.ts). */
  readonly probe: SceneProbe;
  private readonly orbitCamera: ArcRotateCamera;
  private readonly materials: { current: StandardMaterial; below: StandardMaterial; connector: StandardMaterial; planBaked: StandardMaterial };
  private readonly light: HemisphericLight;
  private readonly meshes = new Map<string, Mesh>();
  /** Both geometries of each group mesh and which one it has (decision 0152). */
  private readonly geometries = new Map<Mesh, { full: VertexData; plan: VertexData; showingPlan: boolean }>();
  /** Software renderers: per group the plan view's merged mesh (decision 0161). */
  private readonly merged = new Map<string, { mesh: Mesh; geometry: MergedPlanGeometry; colors: ArrayLike<number> }>();
  private readonly mergedPlan: boolean;
  private readonly renderer: string;
  private buffers: InstanceBuffers | undefined;
  private connectorMesh: Mesh;
  private readonly overlays: PlanOverlays;
  private drawn: BoxGrid | undefined;
  private drawnLookup: ItemGeometryLookup | undefined;
  private drawnGravity = false;
  private drawnLayer = -1;
  private drawnSize = '';
  private perspective = false;
  private zoom = 0.05;
  private centre = { x: 4, z: 4 };
  private dirty = true;
  private uploadedGroups = 0;
  private uploadedSlots = 0;
  /** A frame was drawn since the current display frame began (render loop tick or renderSoon). */
  private renderedInFrame = false;
  private readonly resizeObserver: ResizeObserver | undefined;
  private disposed = false;

  /** Throws when the browser offers no WebGL. */
  constructor(canvas: HTMLCanvasElement, options: SceneOptions = {}) {
    this.canvas = canvas;
    // decision 0162: antialiasing is fixed when the context is created, so the renderer is probed first
    this.mergedPlan = options.mergedPlan ?? isSoftwareRenderer(probeRenderer(canvas.ownerDocument.createElement('canvas')));
    this.engine = new Engine(canvas, !this.mergedPlan, { preserveDrawingBuffer: true, stencil: false, doNotHandleContextLost: false, powerPreference: 'high-performance' }, true);
    this.renderer = this.engine.getGlInfo().renderer;
    // diagnostics (support, tests): which path the plan view takes on this machine
    canvas.dataset['planPath'] = this.mergedPlan ? 'merged' : 'instanced';
    this.scene = new Scene(this.engine);
    this.scene.clearColor = new Color4(0.97, 0.98, 0.99, 1);
    this.scene.skipPointerMovePicking = true;
    // Babylon's input manager focuses the canvas on pointer-down and pointer-up without
    // `preventScroll`: a canvas partly below the fold scrolled the page before the canvas's own
    // handler picked the cell from the pointer's (now stale) position (issue 27). The canvas
    // component focuses it itself, without scrolling.
    this.scene.preventDefaultOnPointerDown = false;
    this.scene.preventDefaultOnPointerUp = false;
    this.scene.autoClear = true;

    this.planCamera = new TargetCamera('plan', new Vector3(4, 100, 4), this.scene);
    this.planCamera.mode = Camera.ORTHOGRAPHIC_CAMERA;
    this.planCamera.upVector = new Vector3(0, 0, 1);
    this.planCamera.setTarget(new Vector3(4, 0, 4));
    this.planCamera.minZ = 0.1;
    this.planCamera.maxZ = 1000;
    this.orbitCamera = new ArcRotateCamera('orbit', -Math.PI / 3, Math.PI / 3, 30, new Vector3(4, 0, 4), this.scene);
    this.orbitCamera.lowerRadiusLimit = 2;
    this.orbitCamera.upperRadiusLimit = 400;
    this.orbitCamera.wheelDeltaPercentage = 0.02;
    this.orbitCamera.minZ = 0.1;
    this.orbitCamera.onViewMatrixChangedObservable.add(() => (this.dirty = true));
    this.scene.activeCamera = this.planCamera;

    const light = new HemisphericLight('light', new Vector3(0.3, 1, 0.5), this.scene);
    light.intensity = 1.05;
    light.groundColor = new Color3(0.45, 0.45, 0.5);
    this.light = light;
    // software renderers' merged plan meshes: unlit, the vertex colours carry the baked lighting (decision 0162)
    const planBaked = new StandardMaterial('plan-baked', this.scene);
    planBaked.disableLighting = true;
    planBaked.emissiveColor = new Color3(1, 1, 1);
    planBaked.specularColor = new Color3(0, 0, 0);

    const material = (name: string, diffuse: Color3): StandardMaterial => {
      const m = new StandardMaterial(name, this.scene);
      m.diffuseColor = diffuse;
      m.specularColor = new Color3(0.08, 0.08, 0.08);
      return m;
    };
    this.materials = {
      current: material('current', new Color3(1, 1, 1)),
      below: material('below', new Color3(0.55, 0.57, 0.6)),
      connector: material('connector', new Color3(1, 1, 1)),
      planBaked,
    };
    this.connectorMesh = this.itemMesh('connectors', this.itemData(0.3, 0.12, 0.3, COLOURS.connector, false));
    this.connectorMesh.material = this.materials.connector;
    this.connectorMesh.thinInstanceSetBuffer('matrix', new Float32Array(MATRIX_FLOATS), MATRIX_FLOATS, false);
    this.connectorMesh.thinInstanceCount = 0;
    this.connectorMesh.setEnabled(false);

    this.overlays = new PlanOverlays(this.scene);
    this.probe = new SceneProbe({
      engine: this.engine,
      scene: this.scene,
      planCamera: this.planCamera,
      meshes: this.meshes,
      merged: this.merged,
      mergedPlan: this.mergedPlan,
      renderer: this.renderer,
      instanceCount: () => this.buffers?.instanceCount ?? 0,
      uploads: () => ({ groups: this.uploadedGroups, slots: this.uploadedSlots }),
      view: () => ({ zoom: this.zoom, centre: this.centre }),
      requestFrame: () => (this.dirty = true),
      renderNow: () => {
        this.applyCamera();
        this.scene.render();
        this.dirty = false;
      },
    });
    this.engine.runRenderLoop(() => {
      // a new display frame: the next change may draw at once again (see renderSoon)
      this.renderedInFrame = false;
      if (!this.dirty || this.disposed) return;
      this.renderFrame();
      this.renderedInFrame = true;
    });
    if (typeof ResizeObserver !== 'undefined') {
      this.resizeObserver = new ResizeObserver(() => {
        this.engine.resize();
        this.dirty = true;
      });
      this.resizeObserver.observe(canvas);
    }
  }

  get stats(): SceneStats {
    return this.probe.stats;
  }

  /** Draws the scene (the render loop, or at once after a change). */
  private renderFrame(): void {
    this.dirty = false;
    this.applyCamera();
    this.scene.render();
    // shaders compile in parallel: a mesh whose effect is not ready is skipped, so draw again until all are
    if (!this.scene.isReady()) this.dirty = true;
  }

  /**
   * After a change (decision 0163): draw at once when nothing was drawn since the last display
   * frame began, so a single edit is on the canvas without waiting up to a frame for the next
   * animation frame; further changes in the same display frame (a drag) wait for the render loop,
   * so a frame interval holds at most one extra draw.
   */
  private renderSoon(): void {
    if (this.renderedInFrame || this.disposed) return;
    this.renderedInFrame = true;
    this.renderFrame();
  }

  /** Brings the scene to a view: uploads only what changed since the last update. */
  update(view: SceneView): void {
    if (this.disposed) return;
    const grid = view.grid;
    this.uploadedGroups = 0;
    this.uploadedSlots = 0;
    if (view.perspective !== this.perspective) {
      this.perspective = view.perspective;
      this.scene.activeCamera = view.perspective ? this.orbitCamera : this.planCamera;
      if (view.perspective) this.orbitCamera.attachControl(true);
      else this.orbitCamera.detachControl();
      this.drawnLayer = -1;
    }
    if (grid === undefined) {
      for (const mesh of this.meshes.values()) {
        mesh.thinInstanceCount = 0;
        mesh.setEnabled(false);
      }
      for (const m of this.merged.values()) m.mesh.setEnabled(false);
      this.connectorMesh.thinInstanceCount = 0;
      this.connectorMesh.setEnabled(false);
      this.drawn = undefined;
      this.dirty = true;
      return;
    }
    const size = `${grid.sizeX}x${grid.sizeZ}`;
    if (this.buffers === undefined || this.drawn === undefined || view.lookup !== this.drawnLookup || view.gravity !== this.drawnGravity || size !== this.drawnSize) {
      const first = this.drawn === undefined;
      this.buffers ??= new InstanceBuffers(view.lookup);
      this.buffers.reset(grid, view.lookup, view.gravity);
      this.drawnLookup = view.lookup;
      this.drawnGravity = view.gravity;
      if (size !== this.drawnSize) {
        this.drawnSize = size;
        this.overlays.drawGridLines(grid);
        this.drawnLayer = -1;
        if (first || !this.perspective) this.fit(grid);
        this.orbitCamera.target = new Vector3((grid.sizeX * CELL_M) / 2, 0, (grid.sizeZ * CELL_M) / 2);
        this.orbitCamera.radius = Math.max(grid.sizeX, grid.sizeZ) * CELL_M * 1.6;
      }
    } else if (grid !== this.drawn) {
      this.buffers.apply(grid, diffGrids(this.drawn, grid));
    }
    this.drawn = grid;
    this.upload(view.layer);
    if (view.layer !== this.drawnLayer) {
      this.drawnLayer = view.layer;
      this.applyLayerVisibility(view.layer);
      this.overlays.gridAtLayer(view.layer);
    }
    this.overlays.drawAxes(grid, view.showAxes);
    this.overlays.drawSelection(view.selection, view.layer);
    this.overlays.drawCursor(view.cursor, view.layer, view.perspective);
    this.dirty = true;
    this.renderSoon();
  }

  private upload(layer: number): void {
    const buffers = this.buffers;
    if (buffers === undefined) return;
    const { groups, connectors } = buffers.takeUpdates();
    for (const update of groups) {
      const group = update.group;
      let mesh = this.meshes.get(group.key);
      if (mesh === undefined) {
        mesh = this.groupMesh(group);
        this.meshes.set(group.key, mesh);
        mesh.material = group.layer < layer && group.kind === 'BOX' ? this.materials.below : this.materials.current;
        mesh.thinInstanceSetBuffer('matrix', group.matrices, MATRIX_FLOATS, false);
      } else if (update.full || group.matrices.length / MATRIX_FLOATS !== this.capacityOf(mesh)) {
        mesh.thinInstanceSetBuffer('matrix', group.matrices, MATRIX_FLOATS, false);
      } else {
        for (const range of update.ranges) {
          if (range.start >= group.count) continue;
          mesh.thinInstancePartialBufferUpdate('matrix', Math.min(range.length, group.count - range.start), range.start);
          this.uploadedSlots += range.length;
        }
      }
      mesh.thinInstanceCount = group.count;
      if (this.mergedPlan) this.uploadMerged(update, mesh);
      this.showGroup(mesh, group, layer);
      this.uploadedGroups++;
      if (update.full) this.uploadedSlots += group.count;
    }
    if (connectors) {
      const data = buffers.connectorCount === 0 ? new Float32Array(MATRIX_FLOATS) : buffers.connectors;
      this.connectorMesh.thinInstanceSetBuffer('matrix', data, MATRIX_FLOATS, false);
      this.connectorMesh.thinInstanceCount = buffers.connectorCount;
      // a mesh without thin instances would draw itself once at the origin
      this.connectorMesh.setEnabled(buffers.connectorCount > 0);
    }
  }

  /**
   * Software renderers: the group's merged plan mesh follows the same update (decision 0161) —
   * the changed slots' vertices rewritten and uploaded as ranges; a grown array reallocates.
   */
  private uploadMerged(update: GroupUpdate, thin: Mesh): void {
    const key = update.group.key;
    let entry = this.merged.get(key);
    if (entry === undefined) {
      const g = this.geometries.get(thin);
      const plan = g?.plan;
      if (plan === undefined) return;
      const mesh = new Mesh(`merged-${key}`, this.scene);
      mesh.isPickable = false;
      mesh.alwaysSelectAsActiveMesh = true;
      mesh.doNotSyncBoundingInfo = true;
      mesh.setEnabled(false);
      mesh.material = this.materials.planBaked;
      const colors = plan.colors ?? [];
      entry = { mesh, geometry: new MergedPlanGeometry({ positions: plan.positions ?? [], normals: plan.normals ?? [], colors, indices: plan.indices ?? [] }), colors };
      this.merged.set(key, entry);
    }
    const { mesh, geometry } = entry;
    this.bakeMerged(entry, thin.material);
    const upload = geometry.apply(update);
    if (upload.reallocated || mesh.getVertexBuffer(VertexBuffer.PositionKind) === null) {
      const data = new VertexData();
      data.positions = geometry.positions;
      data.normals = geometry.normals;
      data.colors = geometry.colors;
      data.indices = geometry.indices;
      data.applyToMesh(mesh, true);
      return;
    }
    const positions = mesh.getVertexBuffer(VertexBuffer.PositionKind);
    const normals = mesh.getVertexBuffer(VertexBuffer.NormalKind);
    if (positions === null || normals === null) return;
    if (upload.full) {
      positions.updateDirectly(geometry.positions, 0);
      normals.updateDirectly(geometry.normals, 0);
      return;
    }
    const w = geometry.vertsPerSlot * 3;
    for (const r of upload.ranges) {
      positions.updateDirectly(geometry.slice(geometry.positions, 3, r.start, r.length), r.start * w);
      normals.updateDirectly(geometry.slice(geometry.normals, 3, r.start, r.length), r.start * w);
    }
  }

  /**
   * The merged plan mesh's vertex colours: the template's lit as the group's material lights a top
   * face (decision 0162); re-uploaded only when they change (the group moved between current and
   * below, or was created).
   */
  private bakeMerged(entry: { mesh: Mesh; geometry: MergedPlanGeometry; colors: ArrayLike<number> }, material: Material | null): void {
    if (!(material instanceof StandardMaterial)) return;
    const light = this.light;
    const rgb = (c: Color3): Rgb => [c.r, c.g, c.b];
    const ambient = material.ambientColor.multiply(this.scene.ambientColor);
    const baked = bakeTopColours(
      entry.colors,
      { diffuse: rgb(material.diffuseColor), specular: rgb(material.specularColor), specularPower: material.specularPower, emissive: rgb(material.emissiveColor.add(ambient)) },
      { direction: [light.direction.x, light.direction.y, light.direction.z], diffuse: rgb(light.diffuse), specular: rgb(light.specular), groundColor: rgb(light.groundColor), scaledIntensity: light.getScaledIntensity(), intensity: light.intensity },
    );
    if (!entry.geometry.recolour(baked)) return;
    entry.mesh.getVertexBuffer(VertexBuffer.ColorKind)?.updateDirectly(entry.geometry.colors, 0);
  }

  /**
   * A group's mesh is drawn when it has instances and its layer shows (plan view: current and the
   * one below). Software renderers: in the plan view the merged mesh instead of the instanced one.
   */
  private showGroup(mesh: Mesh, group: InstanceGroup, layer: number): void {
    const visible = group.count > 0 && (this.perspective || InstanceBuffers.visibleInPlan(group, layer));
    const merged = this.merged.get(group.key);
    const useMerged = this.mergedPlan && merged !== undefined && !this.perspective;
    mesh.setEnabled(visible && !useMerged);
    merged?.mesh.setEnabled(visible && useMerged);
  }

  private capacityOf(mesh: Mesh): number {
    // the matrix array the mesh holds (Babylon keeps the array it was given)
    const storage = (mesh as unknown as { _thinInstanceDataStorage?: { matrixData?: Float32Array | null } })._thinInstanceDataStorage;
    return (storage?.matrixData?.length ?? 0) / MATRIX_FLOATS;
  }

  /** Plan view: layers above the current one hidden, lower layers darker, the light top-face geometry. Perspective: everything, full boxes. */
  private applyLayerVisibility(layer: number): void {
    for (const [key, mesh] of this.meshes) {
      const group = this.buffers?.groups.get(key);
      if (group === undefined) continue;
      this.applyGeometry(mesh);
      this.showGroup(mesh, group, layer);
      mesh.material = group.kind === 'BOX' && group.layer < layer && !this.perspective ? this.materials.below : this.materials.current;
      const merged = this.merged.get(key);
      if (merged !== undefined) this.bakeMerged(merged, mesh.material);
    }
  }

  /**
   * A mesh for a group: the item's box (a little inset) with a marker on top at its front
   * (rotation). Two geometries share the mesh and its instance buffer (decision 0152): the full box
   * for the perspective view, and for the plan view only the faces that look up (box top and
   * marker top: 8 vertices instead of 48) — the orthographic plan camera sees nothing else.
   */
  private groupMesh(group: InstanceGroup): Mesh {
    const colour = group.kind === 'SHAFT' ? COLOURS.shaft : group.heightM < LAYER_M - 0.05 ? COLOURS.halfBox : COLOURS.box;
    const full = this.itemData(group.lengthM * FOOTPRINT, group.heightM, group.widthM * FOOTPRINT, colour, true);
    const top = upwardFaces({ positions: full.positions ?? [], normals: full.normals ?? [], indices: full.indices ?? [], uvs: full.uvs, colors: full.colors });
    const plan = new VertexData();
    plan.positions = top.positions;
    plan.normals = top.normals;
    plan.indices = top.indices;
    if (top.uvs !== undefined) plan.uvs = top.uvs;
    if (top.colors !== undefined) plan.colors = top.colors;
    const mesh = this.itemMesh(`group-${group.key}`, this.perspective ? full : plan);
    this.geometries.set(mesh, { full, plan, showingPlan: !this.perspective });
    return mesh;
  }

  /** Puts the group meshes' geometry of the view on them (the instance buffers stay). */
  private applyGeometry(mesh: Mesh): void {
    const g = this.geometries.get(mesh);
    if (g === undefined) return;
    const wantPlan = !this.perspective;
    if (g.showingPlan === wantPlan) return;
    (wantPlan ? g.plan : g.full).applyToMesh(mesh, false);
    g.showingPlan = wantPlan;
  }

  private itemData(width: number, height: number, depth: number, colour: Color4, marker: boolean): VertexData {
    const body = CreateBoxVertexData({ width, height, depth });
    body.colors = colours(body.positions?.length ?? 0, colour);
    let data: VertexData = body;
    if (marker) {
      const mark = CreateBoxVertexData({ width: width * 0.5, height: 0.02, depth: Math.min(0.12, depth * 0.2) });
      mark.transform(Matrix.Translation(0, height / 2 + 0.01, depth / 2 - Math.min(0.12, depth * 0.2) / 2 - 0.03));
      mark.colors = colours(mark.positions?.length ?? 0, COLOURS.marker);
      data = body.merge(mark, true);
    }
    return data;
  }

  private itemMesh(name: string, data: VertexData): Mesh {
    const mesh = new Mesh(name, this.scene);
    data.applyToMesh(mesh, false);
    mesh.isPickable = false;
    mesh.alwaysSelectAsActiveMesh = true;
    mesh.doNotSyncBoundingInfo = true;
    return mesh;
  }

  // ---- camera ----

  private applyCamera(): void {
    if (this.perspective) return;
    const { halfWidth, halfHeight } = orthoHalfExtents(this.engine.getRenderWidth(), this.engine.getRenderHeight(), this.zoom);
    const cam = this.planCamera;
    cam.orthoLeft = -halfWidth;
    cam.orthoRight = halfWidth;
    cam.orthoTop = halfHeight;
    cam.orthoBottom = -halfHeight;
    cam.position.set(this.centre.x, 100, this.centre.z);
    cam.setTarget(new Vector3(this.centre.x, 0, this.centre.z));
  }

  /** Shows the whole grid in the plan view. */
  fit(grid: BoxGrid | undefined = this.drawn): void {
    if (grid === undefined) return;
    this.zoom = fitZoom(grid.sizeX, grid.sizeZ, this.engine.getRenderWidth(), this.engine.getRenderHeight());
    this.centre = { x: (grid.sizeX * CELL_M) / 2, z: (grid.sizeZ * CELL_M) / 2 };
    this.dirty = true;
  }

  get zoomLevel(): number {
    return this.zoom;
  }

  /** Plan view zoom by a factor, kept within 0.0025 … 0.5 px/mm. */
  zoomBy(factor: number): void {
    this.zoom = clampZoom(this.zoom * factor);
    this.dirty = true;
  }

  /** Plan view pan by a canvas distance in CSS pixels. */
  pan(dxPx: number, dyPx: number): void {
    const scale = this.engine.getRenderWidth() / Math.max(1, this.canvas.clientWidth);
    const metresPerPx = scale / (this.zoom * 1000);
    const right = this.screenAxes();
    this.centre = { x: this.centre.x - dxPx * metresPerPx * right.x, z: this.centre.z + dyPx * metresPerPx * right.up };
    this.dirty = true;
  }

  /** The world direction of screen-right along x (±1) and of screen-up along z (±1) in the plan view. */
  private screenAxes(): { x: number; up: number } {
    return { x: 1, up: 1 };
  }

  /** The ray through a canvas point (CSS pixels from the canvas's top left). */
  ray(px: number, py: number): Ray {
    const camera = this.scene.activeCamera ?? this.planCamera;
    this.applyCamera();
    const w = this.engine.getRenderWidth();
    const h = this.engine.getRenderHeight();
    const scale = w / Math.max(1, this.canvas.clientWidth);
    const x = px * scale;
    const y = py * scale;
    const view = camera.getViewMatrix(true);
    const projection = camera.getProjectionMatrix(true);
    const near = Vector3.Unproject(new Vector3(x, y, 0), w, h, Matrix.IdentityReadOnly, view, projection);
    const far = Vector3.Unproject(new Vector3(x, y, 1), w, h, Matrix.IdentityReadOnly, view, projection);
    const d = far.subtract(near);
    return { origin: { x: near.x, y: near.y, z: near.z }, direction: { x: d.x, y: d.y, z: d.z } };
  }

  /** Picking by grid arithmetic: the cell of the current layer under a canvas point. */
  pick(px: number, py: number, layer: number): { x: number; z: number; inside: boolean } | null {
    const grid = this.drawn;
    if (grid === undefined) return null;
    return pickCell(this.ray(px, py), layer, grid.sizeX, grid.sizeZ);
  }

  dispose(): void {
    this.disposed = true;
    this.resizeObserver?.disconnect();
    this.probe.dispose();
    this.engine.stopRenderLoop();
    this.scene.dispose();
    this.engine.dispose();
  }
}

function colours(positionsLength: number, colour: Color4): number[] {
  const n = positionsLength / 3;
  const out = new Array<number>(n * 4);
  for (let i = 0; i < n; i++) {
    out[i * 4] = colour.r;
    out[i * 4 + 1] = colour.g;
    out[i * 4 + 2] = colour.b;
    out[i * 4 + 3] = colour.a;
  }
  return out;
}
