/**
 * The configurator's canvas: owns the Babylon scene (scene/ConfiguratorScene.ts, loaded with
 * this module only on the configurator route), feeds it the store's grid and view state through a
 * MobX reaction, and turns pointer, wheel and keyboard input into store actions. No Babylon object
 * leaves this file's scene instance.
 *
 * Mouse: left button applies the tool at the cell (dragging paints with draw / erase, and with the
 * select tool drags a selection area); right or middle button drags the plan view; the wheel zooms
 * (and never scrolls the page); focusing the canvas never scrolls it either.
 * Keyboard on the focused canvas (spec §2): Delete removes the selection, Enter fills it (without
 * a selection: the tool at the cursor), Space applies the tool at the cursor, r rotates, p opens the
 * general configuration, Escape clears the selection, Ctrl+Z / Ctrl+Y undo and redo, arrow keys
 * move the grid cursor (Shift: extend the selection, not in the perspective view), + / − zoom.
 *
 * Test hooks: the canvas carries `data-items`, `data-instances`, `data-draw-calls`, `data-frames`
 * and `data-zoom` after each frame; outside production builds `window.__rainplanConfigurator`
 * holds `{ store, stats(), nextFrame(), frameAfter(t), finishPixels(), renderNow(), debugInfo() }`
 * (the scene's `SceneProbe`; the bench builds in mode `bench`).
 */
import { reaction } from 'mobx';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConfiguratorStore } from './ConfiguratorStore.ts';
import type { ConfiguratorScene } from './scene/ConfiguratorScene.ts';

export interface ConfiguratorCanvasProps {
  readonly store: ConfiguratorStore;
  /** Called with the scene once it exists (the bench page measures through it). */
  readonly onScene?: (scene: ConfiguratorScene | undefined) => void;
}

type Drag = { kind: 'paint'; lastKey: string } | { kind: 'select'; from: { x: number; z: number } } | { kind: 'pan'; x: number; y: number };

export const ConfiguratorCanvas = observer(function ConfiguratorCanvas({ store, onScene }: ConfiguratorCanvasProps) {
  const { t } = useTranslation('configurator');
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const sceneRef = useRef<ConfiguratorScene | undefined>(undefined);
  const drag = useRef<Drag | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (canvas === null) return;
    let disposed = false;
    let stopReaction: (() => void) | undefined;
    let timer: ReturnType<typeof setInterval> | undefined;
    void import('./scene/ConfiguratorScene.ts')
      .then(({ ConfiguratorScene }) => {
        if (disposed) return;
        let scene: ConfiguratorScene;
        try {
          scene = new ConfiguratorScene(canvas);
        } catch (error) {
          console.error('configurator: WebGL is not available', error);
          setFailed(true);
          return;
        }
        sceneRef.current = scene;
        onScene?.(scene);
        stopReaction = reaction(
          () => ({
            grid: store.grid,
            lookup: store.lookup,
            layer: store.layer,
            selection: store.selection,
            cursor: store.grid === undefined ? null : store.cursor,
            showAxes: store.showAxes,
            perspective: store.perspective,
            gravity: store.gravity,
          }),
          (view) => scene.update(view),
          { fireImmediately: true },
        );
        const writeStats = () => {
          const s = scene.stats;
          canvas.dataset['items'] = String((store.grid?.boxCount ?? 0) + (store.grid?.shaftCount ?? 0));
          canvas.dataset['instances'] = String(s.instances);
          canvas.dataset['drawCalls'] = String(s.drawCalls);
          canvas.dataset['frames'] = String(s.frames);
          canvas.dataset['zoom'] = String(scene.zoomLevel);
        };
        // stats follow the frames (cheap: a few attributes, only when something was drawn)
        let seen = -1;
        timer = setInterval(() => {
          if (scene.stats.frames !== seen) {
            seen = scene.stats.frames;
            writeStats();
          }
        }, 100);
        if (import.meta.env.MODE !== 'production') {
          (window as unknown as { __rainplanConfigurator?: unknown }).__rainplanConfigurator = {
            store,
            stats: () => scene.stats,
            nextFrame: () => scene.probe.nextFrame(),
            frameAfter: (time: number) => scene.probe.frameAfter(time),
            finishPixels: () => scene.probe.finishPixels(),
            renderNow: () => scene.probe.renderNow(),
            debugInfo: () => scene.probe.debugInfo(),
          };
        }
        setReady(true);
      })
      .catch((error: unknown) => {
        console.error('configurator: the scene could not be loaded', error);
        if (!disposed) setFailed(true);
      });
    return () => {
      disposed = true;
      stopReaction?.();
      if (timer !== undefined) clearInterval(timer);
      sceneRef.current?.dispose();
      sceneRef.current = undefined;
      onScene?.(undefined);
    };
    // the scene lives as long as the canvas; the store is fixed for the screen
  }, [store, onScene]);

  const cellAt = (event: { clientX: number; clientY: number }) => {
    const scene = sceneRef.current;
    const canvas = canvasRef.current;
    if (scene === undefined || canvas === null) return null;
    const rect = canvas.getBoundingClientRect();
    return scene.pick(event.clientX - rect.left, event.clientY - rect.top, store.layer);
  };

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    // Focusing must not scroll the page: a canvas partly below the fold would move under the
    // pointer and the cell be picked from where it was before the scroll (issue 27).
    // (The scene's Babylon input manager is told not to focus it, decision 0208.) No default
    // action either: the browser's own focus on mouse-down and text selection during a drag.
    event.preventDefault();
    canvasRef.current?.focus({ preventScroll: true });
    if (store.perspective) return; // the orbit camera handles the mouse
    if (event.button === 1 || event.button === 2) {
      drag.current = { kind: 'pan', x: event.clientX, y: event.clientY };
      event.currentTarget.setPointerCapture(event.pointerId);
      return;
    }
    if (event.button !== 0) return;
    const cell = cellAt(event);
    if (cell === null) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    if (store.tool === 'select') {
      drag.current = { kind: 'select', from: { x: cell.x, z: cell.z } };
      if (cell.inside) store.setCursor(cell.x, cell.z);
      return;
    }
    if (cell.inside) store.setCursor(cell.x, cell.z);
    const paint = store.tool === 'draw' || store.tool === 'erase';
    // a drag that draws / erases across cells is one undo step (decision 0153)
    if (paint) store.beginStroke();
    store.applyAt(cell.x, cell.z);
    drag.current = paint ? { kind: 'paint', lastKey: `${cell.x},${cell.z}` } : undefined;
  };

  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    const d = drag.current;
    if (d === undefined) return;
    if (d.kind === 'pan') {
      sceneRef.current?.pan(event.clientX - d.x, event.clientY - d.y);
      drag.current = { kind: 'pan', x: event.clientX, y: event.clientY };
      return;
    }
    const cell = cellAt(event);
    if (cell === null || !cell.inside) return;
    if (d.kind === 'paint') {
      const key = `${cell.x},${cell.z}`;
      if (key === d.lastKey) return;
      d.lastKey = key;
      store.setCursor(cell.x, cell.z);
      store.applyAt(cell.x, cell.z);
    } else {
      store.selectDrag(d.from, { x: cell.x, z: cell.z });
    }
  };

  const onPointerUp = (event: PointerEvent<HTMLCanvasElement>) => {
    const d = drag.current;
    drag.current = undefined;
    if (d?.kind === 'paint') store.endStroke();
    if (d?.kind === 'select') {
      // spec §4: mouse-up without a valid area clears the selection
      const cell = cellAt(event);
      if (cell === null || !cell.inside) store.select(null);
      else store.selectDrag(d.from, { x: cell.x, z: cell.z });
    }
  };

  // The wheel over the canvas zooms and never scrolls the page: React's wheel listener is
  // passive, so a native one with `passive: false` takes the event (in the perspective view too,
  // where the orbit camera zooms).
  useEffect(() => {
    const canvas = canvasRef.current;
    if (canvas === null) return;
    const onWheel = (event: globalThis.WheelEvent) => wheelZoom(store, event, sceneRef.current);
    canvas.addEventListener('wheel', onWheel, { passive: false });
    return () => canvas.removeEventListener('wheel', onWheel);
  }, [store]);

  const onKeyDown = (event: KeyboardEvent<HTMLCanvasElement>) => {
    if (handleCanvasKey(store, event, sceneRef.current)) event.preventDefault();
  };

  return (
    <div className="rp-cfg-canvas">
      <canvas
        ref={canvasRef}
        className="rp-cfg-canvas__canvas"
        data-testid="configurator-canvas"
        tabIndex={0}
        role="application"
        aria-roledescription={t('canvas.roledescription')}
        aria-label={t('canvas.label')}
        aria-describedby="rp-cfg-canvas-help"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          if (drag.current?.kind === 'paint') store.endStroke();
          drag.current = undefined;
        }}
        onKeyDown={onKeyDown}
        onContextMenu={(e) => e.preventDefault()}
      />
      <p id="rp-cfg-canvas-help" className="rp-visually-hidden">
        {t('canvas.help')}
      </p>
      {store.hasGrid && <CursorStatus store={store} />}
      {failed && (
        <div className="rp-cfg-canvas__failed" role="alert">
          {t('canvas.noWebgl')}
        </div>
      )}
      {!ready && !failed && <div className="rp-cfg-canvas__starting" aria-hidden="true" />}
    </div>
  );
});

/** The grid cursor's cell, layer and item (its own observer: an edit elsewhere does not re-render it). */
const CursorStatus = observer(function CursorStatus({ store }: { store: ConfiguratorStore }) {
  const { t, i18n } = useTranslation('configurator');
  return (
    <p className="rp-cfg-canvas__status" aria-live="polite" data-testid="configurator-cursor">
      {t('canvas.cursor', { x: store.cursor.x + 1, z: store.cursor.z + 1, layer: store.layer + 1, item: cursorItemLabel(store, t, i18n.language) })}
    </p>
  );
});

function cursorItemLabel(store: ConfiguratorStore, t: (key: string) => string, language: string): string {
  const id = store.cursorItemTypeId;
  if (id === null) return t('canvas.empty');
  const type = store.itemType(id);
  return type?.label?.[language.startsWith('en') ? 'en' : 'de'] ?? id;
}

/**
 * A wheel event over the canvas: never scrolls the page; in the plan view it zooms by 1.15 per
 * notch within 0.0025 … 0.5 px/mm (the scene clamps). Exported for the unit tests.
 */
export function wheelZoom(store: Pick<ConfiguratorStore, 'perspective'>, event: Pick<globalThis.WheelEvent, 'deltaY' | 'preventDefault'>, scene?: Pick<ConfiguratorScene, 'zoomBy'>): void {
  event.preventDefault();
  if (store.perspective || event.deltaY === 0) return;
  scene?.zoomBy(event.deltaY < 0 ? 1.15 : 1 / 1.15);
}

/**
 * The canvas's keyboard (spec §2, plus the grid cursor). Returns whether the key was handled.
 * Exported for the unit tests.
 */
export function handleCanvasKey(
  store: ConfiguratorStore,
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>,
  scene?: Pick<ConfiguratorScene, 'zoomBy'>,
): boolean {
  const ctrl = event.ctrlKey || event.metaKey;
  const key = event.key;
  if (ctrl && !event.altKey) {
    if (key === 'z' || key === 'Z') {
      if (event.shiftKey) store.redo();
      else store.undo();
      return true;
    }
    if (key === 'y' || key === 'Y') {
      store.redo();
      return true;
    }
    return false;
  }
  if (event.altKey) return false;
  switch (key) {
    case 'ArrowLeft':
      store.moveCursor(-1, 0, event.shiftKey);
      return true;
    case 'ArrowRight':
      store.moveCursor(1, 0, event.shiftKey);
      return true;
    case 'ArrowUp':
      store.moveCursor(0, 1, event.shiftKey);
      return true;
    case 'ArrowDown':
      store.moveCursor(0, -1, event.shiftKey);
      return true;
    case 'Delete':
    case 'Backspace':
      if (store.selection !== null) store.eraseSelection();
      else store.eraseAtCursor();
      return true;
    case 'Enter':
      if (store.selection !== null) store.fillSelection();
      else store.applyAtCursor();
      return true;
    case ' ':
      store.applyAtCursor();
      return true;
    case 'r':
    case 'R':
      store.rotateSelection();
      return true;
    case 'p':
    case 'P':
      store.requestGeneralConfiguration();
      return true;
    case 'Escape':
      store.select(null);
      return true;
    case '+':
      scene?.zoomBy(1.25);
      return true;
    case '-':
      scene?.zoomBy(1 / 1.25);
      return true;
    default:
      return false;
  }
}
