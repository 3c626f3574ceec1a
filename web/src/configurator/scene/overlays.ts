/**
 * The plan's line overlays of the configurator's scene: the cell grid (at the current layer), the
 * projection axes, the selection area and the grid cursor. Each is redrawn only when what it
 * shows changed (a key per overlay).
 */
import type { Scene } from '@babylonjs/core/scene.js';
import { Color3 } from '@babylonjs/core/Maths/math.color.js';
import { Vector3 } from '@babylonjs/core/Maths/math.vector.js';
import { CreateLineSystem } from '@babylonjs/core/Meshes/Builders/linesBuilder.js';
import type { LinesMesh } from '@babylonjs/core/Meshes/linesMesh.js';
import type { BoxGrid, CellArea } from '@rainplan/engine/boxgrid';
import { CELL_M, LAYER_M } from './layout.ts';

export class PlanOverlays {
  private readonly scene: Scene;
  private gridLines: LinesMesh | undefined;
  private axisLines: LinesMesh | undefined;
  private selectionLines: LinesMesh | undefined;
  private cursorLines: LinesMesh | undefined;
  private drawnAxes = '';
  private drawnSelection = '';
  private drawnCursor = '';

  constructor(scene: Scene) {
    this.scene = scene;
  }

  /** The cell grid of a new grid size. */
  drawGridLines(grid: BoxGrid): void {
    this.gridLines?.dispose();
    const lines: Vector3[][] = [];
    const lx = grid.sizeX * CELL_M;
    const lz = grid.sizeZ * CELL_M;
    for (let x = 0; x <= grid.sizeX; x++) lines.push([new Vector3(x * CELL_M, 0, 0), new Vector3(x * CELL_M, 0, lz)]);
    for (let z = 0; z <= grid.sizeZ; z++) lines.push([new Vector3(0, 0, z * CELL_M), new Vector3(lx, 0, z * CELL_M)]);
    this.gridLines = CreateLineSystem('grid', { lines }, this.scene);
    this.gridLines.color = new Color3(0.62, 0.66, 0.72);
    this.gridLines.isPickable = false;
  }

  /** The cell grid lies on the current layer. */
  gridAtLayer(layer: number): void {
    if (this.gridLines !== undefined) this.gridLines.position.y = layer * LAYER_M + 0.002;
  }

  drawAxes(grid: BoxGrid, show: boolean): void {
    const key = show ? `${grid.sizeX}x${grid.sizeZ}:${grid.settings.xProjectionAxes.join(',')}|${grid.settings.yProjectionAxes.join(',')}` : 'hidden';
    if (key === this.drawnAxes) return;
    this.drawnAxes = key;
    this.axisLines?.dispose();
    this.axisLines = undefined;
    if (!show) return;
    const lines: Vector3[][] = [];
    const lx = grid.sizeX * CELL_M;
    const lz = grid.sizeZ * CELL_M;
    const top = grid.layers.length * LAYER_M + 0.05;
    for (const a of grid.settings.xProjectionAxes) lines.push([new Vector3(a, top, -0.4), new Vector3(a, top, lz + 0.4)]);
    for (const a of grid.settings.yProjectionAxes) lines.push([new Vector3(-0.4, top, a), new Vector3(lx + 0.4, top, a)]);
    if (lines.length === 0) return;
    this.axisLines = CreateLineSystem('axes', { lines }, this.scene);
    this.axisLines.color = new Color3(0.85, 0.15, 0.2);
    this.axisLines.isPickable = false;
  }

  drawSelection(selection: CellArea | null, layer: number): void {
    const key = selection === null ? '' : `${selection.x0},${selection.z0},${selection.x1},${selection.z1}@${layer}`;
    if (key === this.drawnSelection) return;
    this.drawnSelection = key;
    this.selectionLines?.dispose();
    this.selectionLines = undefined;
    if (selection === null) return;
    this.selectionLines = CreateLineSystem('selection', { lines: [rectangle(selection.x0, selection.z0, selection.x1 + 1, selection.z1 + 1, (layer + 1) * LAYER_M + 0.01)] }, this.scene);
    this.selectionLines.color = new Color3(0.1, 0.35, 0.95);
    this.selectionLines.isPickable = false;
  }

  drawCursor(cursor: { x: number; z: number } | null, layer: number, perspective: boolean): void {
    const key = cursor === null || perspective ? '' : `${cursor.x},${cursor.z}@${layer}`;
    if (key === this.drawnCursor) return;
    this.drawnCursor = key;
    if (cursor === null || perspective) {
      this.cursorLines?.setEnabled(false);
      return;
    }
    if (this.cursorLines === undefined) {
      this.cursorLines = CreateLineSystem('cursor', { lines: [rectangle(0.04, 0.04, 0.96, 0.96, 0)] }, this.scene);
      this.cursorLines.color = new Color3(0.95, 0.55, 0.05);
      this.cursorLines.isPickable = false;
    }
    this.cursorLines.setEnabled(true);
    this.cursorLines.position = new Vector3(cursor.x * CELL_M, (layer + 1) * LAYER_M + 0.02, cursor.z * CELL_M);
  }
}

/** A closed rectangle in cells (x0, z0) … (x1, z1) at height y, as one polyline (metres). */
function rectangle(x0: number, z0: number, x1: number, z1: number, y: number): Vector3[] {
  return [
    new Vector3(x0 * CELL_M, y, z0 * CELL_M),
    new Vector3(x1 * CELL_M, y, z0 * CELL_M),
    new Vector3(x1 * CELL_M, y, z1 * CELL_M),
    new Vector3(x0 * CELL_M, y, z1 * CELL_M),
    new Vector3(x0 * CELL_M, y, z0 * CELL_M),
  ];
}
