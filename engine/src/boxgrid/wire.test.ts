/** Wire form of configurations and the item-list rules of spec §5. */
import { describe, expect, it } from 'vitest';
import type { BoxConfiguration } from '../model/project.ts';
import { FULL, HALF, lookup } from '../testing/boxGeometry.test-helpers.ts';
import { createGrid, fillLayer, gridItems, place } from './grid.ts';
import { checkItemList, gridFromConfiguration, toConfiguration, toWireItems } from './wire.ts';

describe('spec §5: box items response accepted only if every item has string boxId and boxTypeId, numeric x, y, z and string rotation', () => {
  const good = { boxId: 'b1', boxTypeId: FULL, x: 0, y: 0, z: 0, rotation: 'North' };
  it('accepts a valid list', () => {
    expect(checkItemList([good, { ...good, boxId: 'b2', x: 1 }])).toEqual({ ok: true });
    expect(checkItemList([])).toEqual({ ok: true });
  });
  it.each([
    ['boxId null', { ...good, boxId: null }],
    ['x as string', { ...good, x: '0' }],
    ['rotation missing', { boxId: 'b', boxTypeId: FULL, x: 0, y: 0, z: 0 }],
    ['not an object', 5],
  ])('refuses the whole list when one item has %s', (_name, bad) => {
    const r = checkItemList([good, bad]);
    expect(r).toMatchObject({ ok: false, message: { code: 'ITEM_LIST_INVALID', messageKey: 'configurator.itemListInvalid', params: { index: 1 } } });
  });
  it('refuses a non-array', () => {
    expect(checkItemList({ items: [] }).ok).toBe(false);
  });
});

describe('spec §5: on load, items missing id, type, position or rotation are ignored', () => {
  it('skips bad items with a message each and keeps the rest', () => {
    const config = {
      id: 'c',
      name: 'n',
      dimensioning: { length: 4, width: 2.4, levels: 2 },
      items: [
        { boxId: 'a', boxTypeId: FULL, x: 0, y: 0, z: 0, rotation: 'North' },
        { boxId: 'b', boxTypeId: '', x: 1, y: 0, z: 0, rotation: 'North' },
        { boxId: 'c', boxTypeId: FULL, x: 2, y: 0, z: 0, rotation: 'Up' },
        { boxId: 'd', boxTypeId: 'UNKNOWN', x: 3, y: 0, z: 0, rotation: 'North' },
        { boxId: 'e', boxTypeId: FULL, x: 0.5, y: 0, z: 0, rotation: 'North' },
        { boxId: 'f', boxTypeId: HALF, x: 0, y: 0, z: 0, rotation: 'West' },
        { boxId: 'g', boxTypeId: FULL, x: 1, y: 9, z: 0, rotation: 'North' },
        { boxTypeId: HALF, x: 4, y: 1, z: 2, rotation: 'South' },
      ],
    } as unknown as BoxConfiguration;
    const r = gridFromConfiguration(config, lookup);
    expect(r.skipped.map((m) => [m.code, m.params['index']])).toEqual([
      ['ITEM_INCOMPLETE', 1],
      ['ITEM_INCOMPLETE', 2],
      ['UNKNOWN_ITEM_TYPE', 3],
      ['ITEM_OUTSIDE_GRID', 4],
      ['ITEM_OUTSIDE_GRID', 6],
      ['ITEM_CELL_OCCUPIED', 5],
    ]);
    expect(gridItems(r.grid).map((i) => i.boxId)).toEqual(['a', 'temp-1']);
    expect([r.grid.sizeX, r.grid.sizeZ, r.grid.layers.length]).toEqual([5, 3, 2]);
  });
  it('enlarges the grid so that no valid item is lost', () => {
    const r = gridFromConfiguration({ id: 'c', name: 'n', dimensioning: { length: 0.8, width: 0.8 }, items: [{ boxId: 'x', boxTypeId: FULL, x: 6, y: 2, z: 3, rotation: 'East' }] }, lookup);
    expect([r.grid.sizeX, r.grid.sizeZ, r.grid.layers.length]).toEqual([7, 4, 3]);
    expect(r.skipped).toEqual([]);
  });
});

describe('round trip', () => {
  it('toConfiguration then gridFromConfiguration keeps items, options, settings; height and levels from items', () => {
    let g = createGrid({ id: 'c', name: 'n', lengthM: 4, widthM: 2.4, layers: 3, stormwaterObjective: 'retention', groundLevel: 5, plantBottomLevel: 2 });
    g = fillLayer(g, lookup, 0, FULL).grid;
    g = place(g, lookup, { x: 1, y: 1, z: 1, boxTypeId: HALF, rotation: 'South', options: [{ propertyId: 'side.front.height', value: 120 }] }).grid;
    g = place(g, lookup, { x: 4, y: 0, z: 2, boxTypeId: 'SHAFT_C3_X_150' }).grid;
    const wire = toConfiguration(g, lookup);
    expect(wire.dimensioning).toMatchObject({ length: 4, width: 2.4, height: 1.02, levels: 1.5 });
    expect(wire.items?.every((i) => i.boxId === null)).toBe(true);
    const back = gridFromConfiguration(wire, lookup);
    expect(back.skipped).toEqual([]);
    const strip = (items: ReturnType<typeof toWireItems>) => items.map(({ boxId: _b, ...rest }) => rest);
    expect(strip(toWireItems(back.grid))).toEqual(strip(toWireItems(g)));
    expect(back.grid.settings).toMatchObject({ stormwaterObjective: 'retention', groundLevel: 5, plantBottomLevel: 2 });
  });
});

describe('gridFromConfiguration: items beyond the stored grid', () => {
  const item = (x: number, z: number, y = 0) => ({ boxId: `b${x}-${z}-${y}`, boxTypeId: FULL, x, y, z, rotation: 'North' as const });

  it('keeps them (the grid grows) and counts them, so the caller can ask the planner; none for items inside', () => {
    const inside = gridFromConfiguration({ id: 'c', name: 'c', dimensioning: { length: 1.6, width: 0.8 }, items: [item(0, 0), item(1, 0)] }, lookup);
    expect(inside.outsideStoredGrid).toBe(0);
    const old = gridFromConfiguration({ id: 'c', name: 'c', dimensioning: { length: 1.6, width: 0.8 }, items: [item(0, 0), item(2, 0), item(0, 1), item(3, 2, 1)] }, lookup);
    expect(old.outsideStoredGrid).toBe(3);
    expect([old.grid.sizeX, old.grid.sizeZ]).toEqual([4, 3]);
    expect(old.grid.boxCount).toBe(4);
  });

  it('counts only items it keeps (an item in an occupied cell is skipped, not counted)', () => {
    const r = gridFromConfiguration({ id: 'c', name: 'c', dimensioning: { length: 0.8, width: 0.8 }, items: [item(1, 0), { ...item(1, 0), boxId: 'twice' }] }, lookup);
    expect(r.outsideStoredGrid).toBe(1);
    expect(r.skipped.map((m) => m.code)).toEqual(['ITEM_CELL_OCCUPIED']);
  });
});

describe('toWireItems: temporary ids', () => {
  it('sends a new item with a null id, or with the stored id an earlier save gave it', () => {
    const g = place(place(createGrid({ id: 'c', name: 'c', lengthM: 1.6, widthM: 0.8, layers: 1 }), lookup, { x: 0, y: 0, z: 0, boxTypeId: FULL }).grid, lookup, { x: 1, y: 0, z: 0, boxTypeId: FULL }).grid;
    const [first, second] = gridItems(g);
    expect(first?.boxId.startsWith('temp')).toBe(true);
    expect(toWireItems(g).map((w) => w.boxId)).toEqual([null, null]);
    const saved = new Map([[first!.boxId, 'b-17']]);
    expect(toWireItems(g, saved).map((w) => w.boxId)).toEqual(['b-17', null]);
    expect(toWireItems(g, saved)[1]).toEqual({ boxId: null, boxTypeId: FULL, x: second!.x, y: 0, z: second!.z, rotation: second!.rotation, options: [] });
  });
});
