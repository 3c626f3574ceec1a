/**
 * The contract between the box grid (`boxgrid/`) and the catalogue (`catalogue/`): what the grid
 * needs to know of an item type. The grid never reads a catalogue directly; callers pass an
 * `ItemGeometryLookup` (the catalogue module builds one from its item types with
 * `geometryLookup(catalogue)`).
 *
 * Units are explicit in the names: millimetres for dimensions, litres for volumes, metres for
 * shaft depths. Source: planning spec §3 "Item type", §4 "Box grid", §9; docs design
 * docs/configurator.md "Geometry".
 */
export type ItemKind = 'BOX' | 'SHAFT';

export interface ItemGeometry {
  /** The item type's businessId (= a box item's `boxTypeId`). */
  readonly businessId: string;
  /** BOX or SHAFT (the item type's `typeCustom`). */
  readonly kind: ItemKind;
  /** Footprint along x (grid length) in mm; one grid cell is 800 mm. */
  readonly lengthMm: number;
  /** Footprint along z (grid width) in mm. */
  readonly widthMm: number;
  /** Height in mm (full box 660, half box 360); for a shaft the height derived from its depth. */
  readonly heightMm: number;
  /** Net storage volume in litres of one box (full box 401 l); 0 for shafts (their storage is computed from depth). */
  readonly volumeNetL: number;
  /** Depth in metres of a shaft (code 050 … 600 → 0.5 … 6.0 m); undefined for boxes. */
  readonly shaftDepthM?: number | undefined;
}

/** Looks up an item type's geometry by its businessId; undefined for an unknown type. */
export type ItemGeometryLookup = (boxTypeId: string) => ItemGeometry | undefined;
