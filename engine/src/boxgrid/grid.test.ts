/**
 * One test per box-grid rule of planning spec §4 "Box grid" (and the §2 tools), named after the
 * rule, plus the unhappy paths of each operation.
 */
import { describe, expect, it } from 'vitest';
import { FULL, HALF, lookup } from '../testing/boxGeometry.test-helpers.ts';
import {
  createGrid,
  erase,
  eraseArea,
  eraseHorizontal,
  eraseVertical,
  fillHorizontal,
  fillLayer,
  fillVertical,
  gridItems,
  itemAt,
  place,
  rotate,
  TEMP_ID_PREFIX,
  MAX_OPTIONS_PER_ITEM,
  selectionFromDrag,
  itemsInArea,
  type BoxGrid,
} from './grid.ts';
import {
  addProjectionAxis,
  deleteLayer,
  deleteProjectionAxis,
  diffGrids,
  insertLayer,
  moveLayer,
  moveProjectionAxis,
  resize,
  setCurrentLayer,
  updateSettings,
  currentLayerAfter,
  canInsertLayer,
  canDeleteLayer,
} from './gridShape.ts';
import { configurationLevels } from './levels.ts';
import { toWireItems } from './wire.ts';

const grid5x3 = (layers = 1): BoxGrid => createGrid({ id: 'c1', name: 'Test', lengthM: 4, widthM: 2.4, layers });

function at(grid: BoxGrid, x: number, y: number, z: number) {
  return itemAt(grid, x, y, z);
}

describe('grid model', () => {
  it('rounds length and width down to 0.8 m cells and defaults to 10 m × 10 m (12 × 12 cells)', () => {
    expect(grid5x3()).toMatchObject({ sizeX: 5, sizeZ: 3 });
    expect(createGrid({ id: 'c', name: 'n', lengthM: 4.79, widthM: 0.81 })).toMatchObject({ sizeX: 5, sizeZ: 1 });
    const d = createGrid({ id: 'c', name: 'n' });
    expect([d.sizeX, d.sizeZ, d.layers.length]).toEqual([12, 12, 1]);
  });
});

describe('spec §4: placing a box replaces any box in the same layer at that cell', () => {
  it('replaces the box of that layer and keeps other layers', () => {
    let g = grid5x3(2);
    g = place(g, lookup, { x: 1, y: 0, z: 1, boxTypeId: FULL }).grid;
    g = place(g, lookup, { x: 1, y: 1, z: 1, boxTypeId: FULL }).grid;
    const r = place(g, lookup, { x: 1, y: 0, z: 1, boxTypeId: HALF });
    expect(r.changes.removed.map((i) => i.boxTypeId)).toEqual([FULL]);
    expect(r.changes.added.map((i) => i.boxTypeId)).toEqual([HALF]);
    expect(at(r.grid, 1, 0, 1)?.boxTypeId).toBe(HALF);
    expect(at(r.grid, 1, 1, 1)?.boxTypeId).toBe(FULL);
    expect(r.grid.boxCount).toBe(2);
    // Pure: the input grid is unchanged.
    expect(at(g, 1, 0, 1)?.boxTypeId).toBe(FULL);
  });
});

describe('spec §4: a shaft occupies the whole column', () => {
  it('placing a shaft removes every box of its column and occupies every layer', () => {
    let g = grid5x3(3);
    for (let y = 0; y < 3; y++) g = place(g, lookup, { x: 2, y, z: 0, boxTypeId: FULL }).grid;
    const r = place(g, lookup, { x: 2, y: 2, z: 0, boxTypeId: 'SHAFT_C3_X_100' });
    expect(r.changes.removed).toHaveLength(3);
    expect(r.grid.boxCount).toBe(0);
    expect(r.grid.shaftCount).toBe(1);
    for (let y = 0; y < 3; y++) expect(at(r.grid, 2, y, 0)?.boxTypeId).toBe('SHAFT_C3_X_100');
    expect(r.changes.added[0]?.y).toBe(0);
  });
  it('placing a box into a shaft column replaces the shaft (decision 0085)', () => {
    let g = place(grid5x3(2), lookup, { x: 0, y: 0, z: 0, boxTypeId: 'SHAFT_C3_DROSSEL_050' }).grid;
    g = place(g, lookup, { x: 0, y: 1, z: 0, boxTypeId: FULL }).grid;
    expect(g.shaftCount).toBe(0);
    expect(at(g, 0, 1, 0)?.boxTypeId).toBe(FULL);
    expect(at(g, 0, 0, 0)).toBeNull();
  });
  it('erasing any cell of a shaft column erases the shaft', () => {
    const g = place(grid5x3(3), lookup, { x: 0, y: 0, z: 0, boxTypeId: 'SHAFT_C3_DROSSEL_050' }).grid;
    const r = erase(g, 0, 2, 0);
    expect(r.grid.shaftCount).toBe(0);
    expect(r.changes.removed[0]?.boxTypeId).toBe('SHAFT_C3_DROSSEL_050');
  });
});

describe('spec §4: rotation cycles North, West, South, East and clears connections', () => {
  it('cycles N → W → S → E → N and keeps only non-connection options', () => {
    let g = place(grid5x3(), lookup, {
      x: 0,
      y: 0,
      z: 0,
      boxTypeId: FULL,
      options: [
        { propertyId: 'ventilation', optionId: 'yes' },
        { propertyId: 'side.front.plant1', value: 'DN160' },
        { propertyId: 'side.left.height', value: 200 },
      ],
    }).grid;
    const seen: string[] = [];
    for (let i = 0; i < 4; i++) {
      const r = rotate(g, 0, 0, 0);
      g = r.grid;
      seen.push(at(g, 0, 0, 0)?.rotation ?? '');
      expect(r.changes.updated).toHaveLength(1);
    }
    expect(seen).toEqual(['West', 'South', 'East', 'North']);
    expect(at(g, 0, 0, 0)?.options).toEqual([{ propertyId: 'ventilation', optionId: 'yes' }]);
  });
  it('rotating an empty cell is refused with NO_ITEM', () => {
    expect(rotate(grid5x3(), 0, 0, 0).refused?.code).toBe('NO_ITEM');
  });
});

describe('spec §4: layers are inserted above or below duplicating content', () => {
  it('insert above duplicates the layer with new temporary ids', () => {
    let g = fillLayer(grid5x3(), lookup, 0, FULL).grid;
    const r = insertLayer(g, 0, 'above');
    g = r.grid;
    expect(g.layers.length).toBe(2);
    expect(g.boxCount).toBe(30);
    expect(r.changes.relayout).toBe(true);
    const ids = new Set(gridItems(g).map((i) => i.boxId));
    expect(ids.size).toBe(30);
    expect(gridItems(g).every((i) => i.y === 0 || i.y === 1)).toBe(true);
  });
  it('insert below shifts the layers above up by one', () => {
    let g = place(grid5x3(2), lookup, { x: 0, y: 1, z: 0, boxTypeId: HALF }).grid;
    g = place(g, lookup, { x: 1, y: 0, z: 0, boxTypeId: FULL }).grid;
    g = insertLayer(g, 0, 'below').grid;
    expect(at(g, 1, 0, 0)?.boxTypeId).toBe(FULL);
    expect(at(g, 1, 1, 0)?.boxTypeId).toBe(FULL);
    expect(at(g, 0, 2, 0)).toMatchObject({ boxTypeId: HALF, y: 2 });
  });
  it('adding a layer is refused at the maximum of 7 layers (spec §9)', () => {
    const r = insertLayer(grid5x3(7), 0, 'above');
    expect(r.refused?.code).toBe('MAX_LAYERS');
    expect(r.grid.layers.length).toBe(7);
  });
});

describe('spec §4: layers are deleted only when more than 1', () => {
  it('deletes a layer with its boxes', () => {
    let g = fillLayer(grid5x3(2), lookup, 1, FULL).grid;
    const r = deleteLayer(g, 1);
    g = r.grid;
    expect(g.layers.length).toBe(1);
    expect(g.boxCount).toBe(0);
    expect(r.changes.removed).toHaveLength(15);
  });
  it('refuses to delete the last layer with LAST_LAYER', () => {
    const r = deleteLayer(grid5x3(1), 0);
    expect(r.refused).toMatchObject({ code: 'LAST_LAYER', messageKey: 'configurator.lastLayer' });
  });
});

describe('spec §4: layers can be moved', () => {
  it('moves a layer and renumbers the boxes', () => {
    let g = place(grid5x3(3), lookup, { x: 0, y: 0, z: 0, boxTypeId: HALF }).grid;
    g = moveLayer(g, 0, 2).grid;
    expect(at(g, 0, 2, 0)).toMatchObject({ boxTypeId: HALF, y: 2 });
    expect(at(g, 0, 0, 0)).toBeNull();
    expect(moveLayer(g, 0, 3).refused?.code).toBe('NO_SUCH_LAYER');
  });
});

describe('spec §4: the current layer resets to 0 when at or above the layer count', () => {
  it('resets after deleting the layer it pointed at', () => {
    let g = setCurrentLayer(grid5x3(3), 2).grid;
    expect(g.currentLayer).toBe(2);
    g = deleteLayer(g, 2).grid;
    expect(g.currentLayer).toBe(0);
    expect(setCurrentLayer(g, 5).refused?.code).toBe('NO_SUCH_LAYER');
  });
  it('applies to a layer index carried over to another configuration', () => {
    expect(currentLayerAfter(3, 3)).toBe(0);
    expect(currentLayerAfter(4, 2)).toBe(0);
    expect(currentLayerAfter(1, 2)).toBe(1);
    expect(currentLayerAfter(-1, 2)).toBe(0);
  });
  it('add is disabled at 7 layers, delete with one layer', () => {
    expect([canInsertLayer(grid5x3(6)), canInsertLayer(grid5x3(7))]).toEqual([true, false]);
    expect([canDeleteLayer(grid5x3(1)), canDeleteLayer(grid5x3(2))]).toEqual([false, true]);
  });
  it('keeps the current layer when it is still below the count', () => {
    let g = setCurrentLayer(grid5x3(3), 1).grid;
    g = deleteLayer(g, 2).grid;
    expect(g.currentLayer).toBe(1);
  });
});

describe('spec §4: resizing drops items outside the new bounds and projection axes beyond the new size', () => {
  it('drops exactly the items outside and the axes beyond', () => {
    let g = fillLayer(grid5x3(), lookup, 0, FULL).grid;
    g = place(g, lookup, { x: 4, y: 0, z: 2, boxTypeId: 'SHAFT_C3_X_050' }).grid;
    g = addProjectionAxis(g, 'x', 3.2).grid;
    g = addProjectionAxis(g, 'x', 1.6).grid;
    g = addProjectionAxis(g, 'y', 2.0).grid;
    const r = resize(g, 2.4, 1.6);
    expect([r.grid.sizeX, r.grid.sizeZ]).toEqual([3, 2]);
    expect(r.grid.boxCount).toBe(6);
    expect(r.grid.shaftCount).toBe(0);
    expect(r.changes.removed).toHaveLength(15 - 1 - 6 + 1);
    expect(r.grid.settings.xProjectionAxes).toEqual([1.6]);
    expect(r.grid.settings.yProjectionAxes).toEqual([]);
    expect(resize(g, 0.5, 3).refused?.code).toBe('INVALID_SIZE');
    expect(resize(g, Number.NaN, 3).refused?.code).toBe('INVALID_SIZE');
  });
  it('growing keeps every item in its cell', () => {
    const g = place(grid5x3(), lookup, { x: 4, y: 0, z: 2, boxTypeId: FULL }).grid;
    const r = resize(g, 8, 8);
    expect(at(r.grid, 4, 0, 2)?.boxTypeId).toBe(FULL);
    expect(r.changes.removed).toEqual([]);
  });
});

describe('spec §4: height and levels are recomputed from items', () => {
  it('counts full layers as 0.66 m, a half-box-only top layer as 0.36 m', () => {
    let g = fillLayer(grid5x3(2), lookup, 0, FULL).grid;
    expect(configurationLevels(g, lookup)).toMatchObject({ levels: 1, heightMm: 660 });
    g = place(g, lookup, { x: 0, y: 1, z: 0, boxTypeId: HALF }).grid;
    expect(configurationLevels(g, lookup)).toMatchObject({ levels: 1.5, heightMm: 1020 });
    g = erase(g, 0, 1, 0).grid;
    expect(configurationLevels(g, lookup)).toMatchObject({ levels: 1, heightMm: 660 });
    expect(configurationLevels(grid5x3(), lookup)).toMatchObject({ levels: 0, heightMm: 0 });
  });
});

describe('spec §4: a shaft depth of whole metres counts as that many box heights; a fraction adds 360 mm', () => {
  it.each([
    ['SHAFT_C3_X_050', 360, 0.5],
    ['SHAFT_C3_X_100', 660, 1],
    ['SHAFT_C3_DROSSEL_250', 1680, 2.5],
    ['SHAFT_C3_DROSSEL_600', 3960, 6],
  ])('%s → %i mm, %d levels', (id, mm, levels) => {
    const g = place(grid5x3(), lookup, { x: 0, y: 0, z: 0, boxTypeId: id }).grid;
    expect(configurationLevels(g, lookup)).toMatchObject({ heightMm: mm, levels });
  });
});

describe('spec §4: new boxes get a temporary id prefix, nulled on send', () => {
  it('numbers temporary ids and sends them as null', () => {
    let g = place(grid5x3(), lookup, { x: 0, y: 0, z: 0, boxTypeId: FULL }).grid;
    g = place(g, lookup, { x: 1, y: 0, z: 0, boxTypeId: FULL }).grid;
    expect(gridItems(g).map((i) => i.boxId)).toEqual([`${TEMP_ID_PREFIX}1`, `${TEMP_ID_PREFIX}2`]);
    expect(toWireItems(g).map((i) => i.boxId)).toEqual([null, null]);
  });
});

describe('spec §4: drawing or erasing is refused outside an active selection area or the grid', () => {
  const area = { x0: 1, z0: 0, x1: 2, z1: 1 };
  it('place, erase, fills and erases refuse outside the grid', () => {
    const g = grid5x3();
    for (const r of [
      place(g, lookup, { x: 5, y: 0, z: 0, boxTypeId: FULL }),
      place(g, lookup, { x: -1, y: 0, z: 0, boxTypeId: FULL }),
      place(g, lookup, { x: 0.5, y: 0, z: 0, boxTypeId: FULL }),
      erase(g, 0, 0, 3),
      fillHorizontal(g, lookup, 9, 0, 0, FULL),
      fillVertical(g, lookup, 0, 0, 9, FULL),
      eraseHorizontal(g, 0, 0, -2),
      eraseVertical(g, 7, 0, 0),
    ]) {
      expect(r.refused).toMatchObject({ code: 'OUTSIDE_GRID', messageKey: 'configurator.outsideGrid' });
      expect(r.grid).toBe(g);
    }
  });
  it('refuses outside the selection area and works inside it', () => {
    const g = grid5x3();
    expect(place(g, lookup, { x: 0, y: 0, z: 0, boxTypeId: FULL }, area).refused?.code).toBe('OUTSIDE_SELECTION');
    expect(erase(g, 3, 0, 0, area).refused?.code).toBe('OUTSIDE_SELECTION');
    expect(place(g, lookup, { x: 2, y: 0, z: 1, boxTypeId: FULL }, area).grid.boxCount).toBe(1);
  });
  it('refuses a layer that does not exist and an unknown item type', () => {
    expect(place(grid5x3(), lookup, { x: 0, y: 1, z: 0, boxTypeId: FULL }).refused?.code).toBe('NO_SUCH_LAYER');
    expect(place(grid5x3(), lookup, { x: 0, y: 0, z: 0, boxTypeId: 'NOPE' }).refused?.code).toBe('UNKNOWN_ITEM_TYPE');
  });
});

describe('spec §2 tools: fill layer, fill and erase horizontally / vertically (within the selection)', () => {
  it('fill layer fills every empty cell and keeps occupied ones (decision 0085)', () => {
    let g = place(grid5x3(), lookup, { x: 0, y: 0, z: 0, boxTypeId: HALF }).grid;
    g = place(g, lookup, { x: 4, y: 0, z: 2, boxTypeId: 'SHAFT_C3_X_050' }).grid;
    const r = fillLayer(g, lookup, 0, FULL);
    expect(r.changes.added).toHaveLength(13);
    expect(r.changes.removed).toEqual([]);
    expect(at(r.grid, 0, 0, 0)?.boxTypeId).toBe(HALF);
    expect(r.grid.boxCount).toBe(14);
  });
  it('fill with a shaft type fills only columns that are empty in every layer', () => {
    let g = place(grid5x3(2), lookup, { x: 0, y: 1, z: 0, boxTypeId: FULL }).grid;
    const r = fillLayer(g, lookup, 0, 'SHAFT_C3_X_050');
    expect(r.changes.removed).toEqual([]);
    expect([r.grid.shaftCount, r.grid.boxCount]).toEqual([14, 1]);
    g = r.grid;
    expect(at(g, 0, 1, 0)?.boxTypeId).toBe(FULL);
  });
  it('fill layer within a selection fills only the selection', () => {
    const r = fillLayer(grid5x3(), lookup, 0, FULL, { x0: 3, z0: 2, x1: 1, z1: 1 });
    expect(r.grid.boxCount).toBe(6);
    expect(fillLayer(grid5x3(), lookup, 3, FULL).refused?.code).toBe('NO_SUCH_LAYER');
  });
  it('fill horizontally fills the row along x, vertically the column along z', () => {
    const h = fillHorizontal(grid5x3(), lookup, 2, 0, 1, FULL).grid;
    expect(gridItems(h).map((i) => [i.x, i.z])).toEqual([[0, 1], [1, 1], [2, 1], [3, 1], [4, 1]]);
    const v = fillVertical(grid5x3(), lookup, 2, 0, 1, FULL).grid;
    expect(gridItems(v).map((i) => [i.x, i.z])).toEqual([[2, 0], [2, 1], [2, 2]]);
    const inArea = fillHorizontal(grid5x3(), lookup, 2, 0, 1, FULL, { x0: 1, z0: 0, x1: 3, z1: 2 }).grid;
    expect(inArea.boxCount).toBe(3);
  });
  it('erase horizontally / vertically removes the row / column (within the selection)', () => {
    const full = fillLayer(grid5x3(), lookup, 0, FULL).grid;
    expect(eraseHorizontal(full, 0, 0, 0).grid.boxCount).toBe(10);
    expect(eraseVertical(full, 0, 0, 0).grid.boxCount).toBe(12);
    expect(eraseHorizontal(full, 1, 0, 0, { x0: 1, z0: 0, x1: 2, z1: 0 }).grid.boxCount).toBe(13);
    expect(eraseArea(full, 0, { x0: 0, z0: 0, x1: 1, z1: 1 }).grid.boxCount).toBe(11);
  });
});

describe('projection axes: add, move, delete within the grid', () => {
  it('keeps them sorted and refuses outside the grid or an unknown index', () => {
    let g = addProjectionAxis(grid5x3(), 'x', 2.4).grid;
    g = addProjectionAxis(g, 'x', 0.8).grid;
    expect(g.settings.xProjectionAxes).toEqual([0.8, 2.4]);
    g = moveProjectionAxis(g, 'x', 0, 3.2).grid;
    expect(g.settings.xProjectionAxes).toEqual([2.4, 3.2]);
    g = deleteProjectionAxis(g, 'x', 1).grid;
    expect(g.settings.xProjectionAxes).toEqual([2.4]);
    expect(addProjectionAxis(g, 'y', 2.5).refused?.code).toBe('AXIS_OUTSIDE_GRID');
    expect(addProjectionAxis(g, 'x', Number.POSITIVE_INFINITY).refused?.code).toBe('AXIS_OUTSIDE_GRID');
    expect(moveProjectionAxis(g, 'x', 4, 1).refused?.code).toBe('NO_SUCH_AXIS');
    expect(deleteProjectionAxis(g, 'y', 0).refused?.code).toBe('NO_SUCH_AXIS');
  });
});

describe('diffGrids', () => {
  it('reports what an undo changes, like the operation did', () => {
    const before = fillLayer(grid5x3(), lookup, 0, FULL).grid;
    const after = place(before, lookup, { x: 1, y: 0, z: 1, boxTypeId: HALF });
    const d = diffGrids(after.grid, before);
    expect(d.added.map((i) => i.boxId)).toEqual(after.changes.removed.map((i) => i.boxId));
    expect(d.removed.map((i) => i.boxId)).toEqual(after.changes.added.map((i) => i.boxId));
    expect(diffGrids(before, rotate(before, 0, 0, 0).grid).updated).toHaveLength(1);
  });
});

describe('bad input is refused, never stored', () => {
  it('an unknown rotation or too many options on place', () => {
    const g = grid5x3();
    expect(place(g, lookup, { x: 0, y: 0, z: 0, boxTypeId: FULL, rotation: 'Up' as never }).refused).toMatchObject({ code: 'INVALID_VALUE', params: { field: 'rotation' } });
    const many = Array.from({ length: MAX_OPTIONS_PER_ITEM + 1 }, (_, i) => ({ propertyId: `p${i}` }));
    expect(place(g, lookup, { x: 0, y: 0, z: 0, boxTypeId: FULL, options: many }).refused?.code).toBe('INVALID_VALUE');
  });
  it('settings: non-finite levels, a storage coefficient outside 0 … 100 %, an unknown objective', () => {
    const g = grid5x3();
    expect(updateSettings(g, { groundLevel: Number.NaN }).refused?.code).toBe('INVALID_VALUE');
    expect(updateSettings(g, { storageCoefficient: 120 }).refused?.code).toBe('INVALID_VALUE');
    expect(updateSettings(g, { stormwaterObjective: 'lake' as never }).refused?.code).toBe('INVALID_VALUE');
    expect(updateSettings(g, { groundLevel: 3, storageCoefficient: 90 }).grid.settings).toMatchObject({ groundLevel: 3, storageCoefficient: 90 });
  });
  it('createGrid falls back to defaults for non-finite or out-of-range numbers', () => {
    const g = createGrid({ id: 'c', name: 'n', lengthM: Number.NaN, widthM: -3, layers: 99, storageCoefficient: -5, groundLevel: Number.POSITIVE_INFINITY });
    expect([g.sizeX, g.sizeZ, g.layers.length]).toEqual([1, 1, 7]);
    expect(g.settings).toMatchObject({ storageCoefficient: 95, groundLevel: 0 });
    expect(createGrid({ id: 'c', name: 'n', lengthM: 1e9, widthM: 1e9 })).toMatchObject({ sizeX: 200, sizeZ: 200 });
  });
});

describe('spec §4: selection — dragging defines a grid area; boxes inside become selected; no valid area clears it', () => {
  it('normalises the dragged corners and selects the items of the current layer inside', () => {
    let g = fillLayer(grid5x3(2), lookup, 0, FULL).grid;
    g = place(g, lookup, { x: 3, y: 0, z: 1, boxTypeId: 'SHAFT_C3_X_100' }).grid;
    const area = selectionFromDrag(g, { x: 3, z: 2 }, { x: 2, z: 1 });
    expect(area).toEqual({ x0: 2, z0: 1, x1: 3, z1: 2 });
    expect(itemsInArea(g, 0, area!).map((i) => [i.x, i.z, i.kind])).toEqual([[2, 1, 'BOX'], [2, 2, 'BOX'], [3, 1, 'SHAFT'], [3, 2, 'BOX']]);
    expect(itemsInArea(g, 1, area!).map((i) => i.kind)).toEqual(['SHAFT']);
    expect(selectionFromDrag(g, { x: 0, z: 0 }, { x: 5, z: 0 })).toBeNull();
    expect(selectionFromDrag(g, { x: -1, z: 0 }, { x: 1, z: 1 })).toBeNull();
  });
});
