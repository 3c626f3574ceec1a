/**
 * Schemas of the BoxConfigurator calls (planning spec sections 3 and 7, issue 16): box
 * configurator projects, box items on the wire, the configuration's product list. Bounds are the
 * engine's `SIZE_LIMITS` (decision 0190): names 255 characters, ids 64, at most 50,000 items of
 * at most 64 options (a large site has about 20,000 boxes, docs/configurator.md "Scale"), a grid of at
 * most 160 m × 160 m (positions 0…199 cells) and 7 layers, 1,000 projection axes per direction.
 */
import { HEIGHT_OVERRIDE_MAX_M } from '@rainplan/engine/boxgrid';
import { SIZE_LIMITS } from '@rainplan/engine/tables';
import { Type, type Static } from 'typebox';
import { ErrorBody } from './common.ts';

export const MAX_ITEMS = SIZE_LIMITS.configurationItemsMax;
export const MAX_OPTIONS_PER_ITEM = SIZE_LIMITS.optionsPerItemMax;
/** Maximum layers of a configuration (planning spec section 9). */
export const MAX_LAYERS = SIZE_LIMITS.gridMaxLayers;
/** Largest grid edge, m, and the last cell index along an edge. */
const MAX_EDGE_M = SIZE_LIMITS.gridMaxEdgeM;
const MAX_CELL = SIZE_LIMITS.gridMaxCellsPerEdge - 1;

const Objective = Type.Union([Type.Literal('retention'), Type.Literal('infiltration')]);
const Id = Type.String({ format: 'uuid', maxLength: 36 });
const Metres = (description: string, extra: { minimum?: number; maximum?: number } = {}) =>
  Type.Number({ minimum: -1000, maximum: 1000, ...extra, description });

export const ConfigurationParams = Type.Object({ boxConfiguratorProjectId: Id });
export const ProjectParams = Type.Object({ projectId: Id });

export const Dimensioning = Type.Object(
  {
    width: Metres('grid width in m (rounded down to multiples of 0.8 m; at most 160 m)', { minimum: 0, maximum: MAX_EDGE_M }),
    length: Metres('grid length in m (rounded down to multiples of 0.8 m; at most 160 m)', { minimum: 0, maximum: MAX_EDGE_M }),
    height: Metres('height in m (recomputed from the items)', { minimum: 0, maximum: 100 }),
    levels: Type.Number({ minimum: 0, maximum: MAX_LAYERS, description: 'layers (step 0.5)' }),
    storageCoefficient: Type.Number({ minimum: 0, maximum: 100, description: 'storage coefficient of the boxes, percent' }),
    heightOverride: Type.Optional(
      Type.Union(
        [
          Type.Number({
            exclusiveMinimum: 0,
            maximum: HEIGHT_OVERRIDE_MAX_M,
            description: "height override in m (above 0, at most 10 m; rounded to millimetres): the installation's built height for the cover and the construction pit; kept by every items save",
          }),
          Type.Null(),
        ],
        { description: 'height override, m; null or absent: the height of the items' },
      ),
    ),
  },
  { additionalProperties: false },
);
export type Dimensioning = Static<typeof Dimensioning>;

export const ProjectionAxes = Type.Object(
  {
    xProjectionAxes: Type.Array(Metres('position of an axis along x, m', { minimum: 0, maximum: MAX_EDGE_M }), { maxItems: SIZE_LIMITS.projectionAxesMax }),
    yProjectionAxes: Type.Array(Metres('position of an axis along z, m', { minimum: 0, maximum: MAX_EDGE_M }), { maxItems: SIZE_LIMITS.projectionAxesMax }),
  },
  { additionalProperties: false },
);

const Name = Type.String({ maxLength: SIZE_LIMITS.configurationNameMaxLength, description: 'Name; empty becomes "newConfig"' });
const MeasureId = Type.Union([Type.String({ minLength: 1, maxLength: 64 }), Type.Null()], { description: 'Linked measure; null = custom configuration' });

export const CreateConfiguration = Type.Object(
  {
    projectId: Id,
    measureId: MeasureId,
    name: Type.Optional(Type.Union([Name, Type.Null()])),
  },
  { additionalProperties: false },
);
export type CreateConfiguration = Static<typeof CreateConfiguration>;

export const PatchConfiguration = Type.Object(
  {
    version: Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'The version read; an older one answers 409 (code 56) with the current configuration' }),
    name: Type.Optional(Name),
    measureId: Type.Optional(MeasureId),
    dimensioning: Type.Optional(Type.Partial(Dimensioning, { additionalProperties: false })),
    projectionAxes: Type.Optional(ProjectionAxes),
    groundLevel: Type.Optional(Metres('ground level, m')),
    plantBottomLevel: Type.Optional(Metres('plant bottom level, m')),
    stormwaterObjective: Type.Optional(Objective),
  },
  { additionalProperties: false },
);
export type PatchConfiguration = Static<typeof PatchConfiguration>;

/** A check of the engine's box grid (code, message key, severity, params of the translation). */
export const LevelCheck = Type.Object({
  code: Type.String(),
  messageKey: Type.String(),
  severity: Type.Union([Type.Literal('error'), Type.Literal('warning'), Type.Literal('info')]),
  params: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()])),
});

export const ConfigurationDto = Type.Object({
  id: Type.String(),
  projectId: Type.String(),
  measureId: Type.Union([Type.String(), Type.Null()]),
  name: Type.String(),
  dimensioning: Dimensioning,
  projectionAxes: ProjectionAxes,
  groundLevel: Type.Number(),
  plantBottomLevel: Type.Number(),
  stormwaterObjective: Objective,
  itemCount: Type.Integer(),
  version: Type.Integer(),
  coverDepthM: Type.Number({ description: 'Soil cover above the boxes, m: groundLevel − (plantBottomLevel + height); height 0 while the configuration holds no item (engine coverDepth)' }),
  checks: Type.Array(LevelCheck, { description: 'The cover checks of the engine (coverChecks, decision 0172): PLANT_BOTTOM_TOO_HIGH below 0 m, GROUND_LEVEL_TOO_LOW below the minimum cover of 0.5 m; empty while the configuration holds no item' }),
});
export type ConfigurationDto = Static<typeof ConfigurationDto>;

export const SelectedOption = Type.Object(
  {
    propertyId: Type.String({ minLength: 1, maxLength: 100 }),
    optionId: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
    value: Type.Optional(Type.Union([Type.Number(), Type.String({ maxLength: 200 }), Type.Boolean(), Type.Null()])),
  },
  { additionalProperties: false },
);

export const BoxItem = Type.Object(
  {
    boxId: Type.Union([Type.String({ maxLength: 64 }), Type.Null()], {
      description: 'The item id; null, "" or an id starting with "temp" is a new item and gets an id from the server',
    }),
    boxTypeId: Type.String({ minLength: 1, maxLength: 100, description: 'businessId of the item type' }),
    x: Type.Integer({ minimum: 0, maximum: MAX_CELL, description: 'cell along the length' }),
    y: Type.Integer({ minimum: 0, maximum: MAX_LAYERS - 1, description: 'layer (0 = lowest)' }),
    z: Type.Integer({ minimum: 0, maximum: MAX_CELL, description: 'cell along the width' }),
    rotation: Type.Union([Type.Literal('North'), Type.Literal('West'), Type.Literal('South'), Type.Literal('East')], { description: 'North, West, South, East = 0°, 90°, 180°, 270°' }),
    options: Type.Optional(Type.Array(SelectedOption, { maxItems: MAX_OPTIONS_PER_ITEM })),
  },
  { additionalProperties: false },
);
export type BoxItem = Static<typeof BoxItem>;

export const PutBoxItems = Type.Object(
  {
    version: Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'The configuration version read' }),
    boxItems: Type.Array(BoxItem, { maxItems: MAX_ITEMS }),
  },
  { additionalProperties: false },
);
export type PutBoxItems = Static<typeof PutBoxItems>;

const StoredItem = Type.Object({
  boxId: Type.String(),
  boxTypeId: Type.String(),
  x: Type.Integer(),
  y: Type.Integer(),
  z: Type.Integer(),
  rotation: Type.String(),
  options: Type.Array(Type.Object({ propertyId: Type.String(), optionId: Type.Optional(Type.Union([Type.String(), Type.Null()])), value: Type.Optional(Type.Unknown()) })),
});

export const BoxItemsDto = Type.Object({
  version: Type.Integer(),
  boxItems: Type.Array(StoredItem),
});

export const ConfigurationConflict = Type.Object(
  { ...ErrorBody.properties, current: ConfigurationDto },
  { description: 'The configuration was changed by someone else (code 56); `current` is the stored one' },
);
/**
 * A stale items PUT (code 56): the stored version and where to read the stored list, not the list
 * itself — so the answer stays small however many items are stored (decision 0193).
 */
export const ItemsConflict = Type.Object(
  {
    ...ErrorBody.properties,
    current: Type.Object({
      version: Type.Integer({ description: 'the stored version' }),
      itemCount: Type.Integer({ description: 'how many items are stored' }),
      href: Type.String({ description: 'GET this (`/api/BoxConfigurator/{id}/boxItems`) for the stored list and its version' }),
    }),
  },
  { description: 'The items were changed by someone else (code 56): `current` holds the stored version, its item count and the link to the stored list' },
);
export const ItemErrorBody = Type.Object(
  { ...ErrorBody.properties, index: Type.Optional(Type.Integer({ description: 'Index of the refused item in boxItems' })) },
  { description: 'A refused item list (code 2); nothing was stored' },
);
