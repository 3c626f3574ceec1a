/**
 * The configurator's view state: the tool, the item type and rotation of new items, the axis
 * direction the axis tools work on, and the toggles (projection axes, fullscreen, perspective,
 * gravity). Perspective mode stores the tool and clears it; turning it off restores it (spec §4).
 */
import { action, makeObservable, observable } from 'mobx';
import type { AxisDirection, Rotation } from '@rainplan/engine/boxgrid';
import type { Tool } from './types.ts';

export class ViewState {
  tool: Tool | null = 'draw';
  itemTypeId: string | undefined = undefined;
  rotation: Rotation = 'North';
  showAxes = true;
  fullscreen = false;
  perspective = false;
  gravity = false;
  /** Axis direction the axis tools work on. */
  axisDirection: AxisDirection = 'x';
  readonly debug: boolean;
  /** The tool kept while perspective mode is on (spec §4). */
  storedTool: Tool | null = null;

  constructor(debug: boolean) {
    this.debug = debug;
    makeObservable(this, {
      tool: observable,
      itemTypeId: observable,
      rotation: observable,
      showAxes: observable,
      fullscreen: observable,
      perspective: observable,
      gravity: observable,
      axisDirection: observable,
      storedTool: observable,
      setTool: action,
      setItemType: action,
      setRotation: action,
      setAxisDirection: action,
      restoreTool: action,
      toggleAxes: action,
      toggleFullscreen: action,
      togglePerspective: action,
      toggleGravity: action,
    });
  }

  /** The tool a reload restores (the stored one while perspective mode is on). */
  get keptTool(): Tool | null {
    return this.perspective ? this.storedTool : this.tool;
  }

  setTool(tool: Tool | null): void {
    if (this.perspective) {
      // spec §4: drawing, selecting and axis editing are blocked in perspective mode
      this.storedTool = tool;
      return;
    }
    this.tool = tool;
    if (tool === 'editAxes' || tool === 'deleteAxes') this.showAxes = true;
  }

  /** The tool kept for a configuration over a reload (decision 0208). */
  restoreTool(tool: Tool | null): void {
    if (this.perspective) this.storedTool = tool;
    else this.tool = tool;
  }

  setItemType(id: string): void {
    this.itemTypeId = id;
  }

  setRotation(rotation: Rotation): void {
    this.rotation = rotation;
  }

  setAxisDirection(direction: AxisDirection): void {
    this.axisDirection = direction;
  }

  toggleAxes(): void {
    this.showAxes = !this.showAxes;
  }

  toggleFullscreen(): void {
    this.fullscreen = !this.fullscreen;
  }

  /** Spec §4: turning perspective on stores the current tool and clears it; turning it off restores it. */
  togglePerspective(): void {
    if (!this.perspective) {
      this.storedTool = this.tool;
      this.tool = null;
      this.perspective = true;
    } else {
      this.perspective = false;
      this.tool = this.storedTool;
      this.storedTool = null;
      this.gravity = false;
    }
  }

  /** Gravity: only in debug mode with perspective on. */
  toggleGravity(): void {
    if (!this.debug || !this.perspective) return;
    this.gravity = !this.gravity;
  }
}
