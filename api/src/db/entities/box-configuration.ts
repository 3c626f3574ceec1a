import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { ProductLineData } from './catalogue.ts';
import { Project } from './project.ts';

/** Stormwater objectives of a configuration (planning spec section 3). */
export const STORMWATER_OBJECTIVES = ['retention', 'infiltration'] as const;
export type StormwaterObjective = (typeof STORMWATER_OBJECTIVES)[number];

/** Rotations of a box item (planning spec section 3): North, West, South, East = 0°, 90°, 180°, 270°. */
export const ROTATIONS = ['North', 'West', 'South', 'East'] as const;
export type Rotation = (typeof ROTATIONS)[number];

/** The configuration's dimensioning (planning spec section 3): metres, layers, percent. */
export interface ConfigurationDimensioning {
  width: number;
  length: number;
  height: number;
  levels: number;
  storageCoefficient: number;
  /** The planner's built height, m, for the cover and the pit; null or absent: the items' height (decision 0229). */
  heightOverride?: number | null;
}

export interface ProjectionAxes {
  xProjectionAxes: number[];
  yProjectionAxes: number[];
}

/** A selected option of a box item (wire format of the spec: propertyId, optionId, value). */
export interface SelectedOption {
  propertyId: string;
  optionId?: string | null;
  value?: number | string | boolean | null;
}

/** A box item as stored and sent (planning spec section 3, "On the wire"). */
export interface BoxItemData {
  boxId: string;
  boxTypeId: string;
  x: number;
  y: number;
  z: number;
  rotation: Rotation;
  options: SelectedOption[];
}

/**
 * A box configurator project (planning spec section 3). Its items live in
 * `box_configuration_items` (one jsonb document per configuration, decision 0095), so listing and
 * reading configurations never touches them. `version` counts every change of the settings or the
 * items (optimistic concurrency, code 56).
 */
export const BoxConfiguration = defineEntity({
  name: 'BoxConfiguration',
  tableName: 'box_configuration',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    project: () => p.manyToOne(Project).deleteRule('cascade').index(),
    /** The linked measure's node id; null = custom configuration. */
    measureId: p.string().length(64).nullable(),
    name: p.string().length(255),
    dimensioning: p.json<ConfigurationDimensioning>(),
    projectionAxes: p.json<ProjectionAxes>(),
    /** Metres (levels relative to the project's datum). */
    groundLevel: p.double(),
    plantBottomLevel: p.double(),
    stormwaterObjective: p.enum(STORMWATER_OBJECTIVES),
    /**
     * The linked measure's own tank dimensioning from before the link: while linked, the engine
     * writes the configuration's dimensions into the measure; unlinking restores these (decision 0096).
     */
    measureOwnDimensioning: p.json<Record<string, unknown>>().nullable(),
    /** The configuration's additional products (GET/PUT /BoxConfigurator/{id}/additionalProducts). */
    additionalProducts: p.json<ProductLineData[]>(),
    itemCount: p.integer().default(0),
    /** The next number for a server-assigned box id (`b<n>`). */
    nextItemNumber: p.integer().default(1),
    version: p.integer().default(1),
    creationDate: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export type BoxConfiguration = InferEntity<typeof BoxConfiguration>;

/** The items of a configuration: the wire list as one jsonb document (decision 0095). */
export const BoxConfigurationItems = defineEntity({
  name: 'BoxConfigurationItems',
  tableName: 'box_configuration_items',
  properties: {
    configuration: () => p.oneToOne(BoxConfiguration).primary().deleteRule('cascade'),
    items: p.json<BoxItemData[]>(),
  },
});
export type BoxConfigurationItems = InferEntity<typeof BoxConfigurationItems>;

/**
 * The box catalogue: item types, plants, property sets and quantity rules as one document (the
 * engine's `BoxCatalogueFile`), one row; `version` goes up with every import (decision 0096).
 */
export const BoxCatalogue = defineEntity({
  name: 'BoxCatalogue',
  tableName: 'box_catalogue',
  properties: {
    id: p.smallint().primary(),
    version: p.integer(),
    document: p.json<Record<string, unknown>>(),
    importedAt: p.datetime(),
  },
});
export type BoxCatalogue = InferEntity<typeof BoxCatalogue>;
