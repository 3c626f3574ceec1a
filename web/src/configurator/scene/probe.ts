/**
 * What the configurator's scene reports about its frames, for the canvas's test attributes, the
 * browser tests and the bench (`web/scripts/bench-configurator.ts`): frame and draw-call counts,
 * uploads per update, waiting for a drawn frame, reading a pixel back so the rasteriser's work is
 * counted, camera diagnostics. Kept out of `ConfiguratorScene`, which draws; the probe only
 * watches it through the narrow {@link ProbedScene} the scene hands over.
 */
import type { Engine } from '@babylonjs/core/Engines/engine.js';
import type { Scene } from '@babylonjs/core/scene.js';
import type { TargetCamera } from '@babylonjs/core/Cameras/targetCamera.js';
import type { Mesh } from '@babylonjs/core/Meshes/mesh.js';
import { SceneInstrumentation } from '@babylonjs/core/Instrumentation/sceneInstrumentation.js';
import type { MergedPlanGeometry } from './merged.ts';

export interface SceneStats {
  /** Draw calls of the last frame. */
  readonly drawCalls: number;
  /** Instances in the buffers (boxes + shafts). */
  readonly instances: number;
  /** Meshes drawing instances (one per item type and layer). */
  readonly groups: number;
  /** Frames rendered so far. */
  readonly frames: number;
  /** Instance uploads of the last update: groups and slots. */
  readonly uploadedGroups: number;
  readonly uploadedSlots: number;
  /** The WebGL renderer string (WEBGL_debug_renderer_info where offered). */
  readonly renderer: string;
  /** How the plan view draws the groups: merged vertex buffers (software renderer) or thin instances. */
  readonly planPath: 'merged' | 'instanced';
  /** Whether the WebGL context was created with MSAA (not on software renderers, decision 0162). */
  readonly antialias: boolean;
}

/** The parts of the scene the probe reads, and the two things it may ask for (a frame, the camera applied). */
export interface ProbedScene {
  readonly engine: Engine;
  readonly scene: Scene;
  readonly planCamera: TargetCamera;
  readonly meshes: ReadonlyMap<string, Mesh>;
  readonly merged: ReadonlyMap<string, { readonly mesh: Mesh; readonly geometry: MergedPlanGeometry }>;
  readonly mergedPlan: boolean;
  readonly renderer: string;
  instanceCount(): number;
  uploads(): { groups: number; slots: number };
  view(): { zoom: number; centre: { x: number; z: number } };
  /** Asks the render loop for a frame. */
  requestFrame(): void;
  /** Draws a frame now (camera applied); the render loop then has nothing due. */
  renderNow(): void;
}

export class SceneProbe {
  private readonly s: ProbedScene;
  private readonly instrumentation: SceneInstrumentation;
  private frames = 0;
  private lastDrawCalls = 0;
  /** performance.now() after the last drawn frame. */
  private lastFrameAt = -1;
  private readonly frameWaiters: ((time: number) => void)[] = [];

  constructor(scene: ProbedScene) {
    this.s = scene;
    this.instrumentation = new SceneInstrumentation(scene.scene);
    this.instrumentation.captureFrameTime = false;
    scene.scene.onAfterRenderObservable.add(() => {
      this.frames++;
      this.lastDrawCalls = this.instrumentation.drawCallsCounter.current;
      const now = performance.now();
      this.lastFrameAt = now;
      for (const resolve of this.frameWaiters.splice(0)) resolve(now);
    });
  }

  get stats(): SceneStats {
    const s = this.s;
    const uploads = s.uploads();
    return {
      drawCalls: this.lastDrawCalls,
      instances: s.instanceCount(),
      groups: [...s.meshes.values()].filter((m) => m.thinInstanceCount > 0 && m.isEnabled()).length + [...s.merged.values()].filter((m) => m.mesh.isEnabled()).length,
      frames: this.frames,
      uploadedGroups: uploads.groups,
      uploadedSlots: uploads.slots,
      renderer: s.renderer,
      planPath: s.mergedPlan ? 'merged' : 'instanced',
      antialias: !s.mergedPlan,
    };
  }

  /** Camera and canvas state (diagnostics for tests and the bench). */
  debugInfo(): Record<string, unknown> {
    const { engine, scene, planCamera, meshes, merged } = this.s;
    const cam = scene.activeCamera;
    const { zoom, centre } = this.s.view();
    return {
      renderWidth: engine.getRenderWidth(),
      renderHeight: engine.getRenderHeight(),
      zoom,
      centre,
      camera: cam?.name,
      position: cam === null ? null : [cam.position.x, cam.position.y, cam.position.z],
      ortho: [planCamera.orthoLeft, planCamera.orthoRight, planCamera.orthoTop, planCamera.orthoBottom],
      activeMeshes: scene.getActiveMeshes().length,
      meshes: [...meshes.entries()].map(([k, m]) => `${k}:${m.thinInstanceCount}:${m.isEnabled() ? 'on' : 'off'}`),
      merged: [...merged.entries()].map(([k, m]) => `${k}:${m.geometry.drawnCount}/${m.geometry.capacity}:${m.mesh.isEnabled() ? 'on' : 'off'}`),
      renderer: this.s.renderer,
      planPath: this.s.mergedPlan ? 'merged' : 'instanced',
    };
  }

  /** Resolves with the time (performance.now) after the first frame drawn at or after `time`; asks for one when none was. */
  frameAfter(time: number): Promise<number> {
    if (this.lastFrameAt >= time) return Promise.resolve(this.lastFrameAt);
    return this.nextFrame();
  }

  /** Resolves with the time (performance.now) after the next rendered frame; asks for one. */
  nextFrame(): Promise<number> {
    this.s.requestFrame();
    return new Promise((resolve) => this.frameWaiters.push(resolve));
  }

  /** Waits for the last drawn frame's pixels (one pixel read back): the rasteriser's work included (the bench). */
  finishPixels(): void {
    const gl = (this.s.engine as unknown as { _gl?: WebGLRenderingContext })._gl;
    if (gl !== undefined) gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4));
  }

  /**
   * Renders a frame now and waits for the GPU to finish it (one pixel read back): the time of an
   * edit to its pixels, without waiting for the next display refresh (the bench).
   */
  renderNow(): void {
    this.s.renderNow();
    this.finishPixels();
  }

  dispose(): void {
    for (const resolve of this.frameWaiters.splice(0)) resolve(performance.now());
    this.instrumentation.dispose();
  }
}
