/**
 * The catalogue's wire format: TypeBox schemas of the products file and the box catalogue file
 * (`fixtures/catalogue/products.json`, `fixtures/catalogue/boxes.json`), the single source of
 * their types and validation. Every string and array is bounded.
 *
 * Source: planning spec §3 "Item type", "Property set", "Product line", §9 "Shafts", "Pipe types";
 * docs/configurator.md "Catalogue", "Bill of materials". Units are in the field names
 * (mm, l, m, m², m³).
 */
import Type, { type Static } from 'typebox';
import { PIPE_TYPE_IDS } from '../tables/pipes.ts';
import { CUBE_SIDES, FIELD_TYPES } from '../boxgrid/propertySets.ts';
import { StringEnum } from '../model/common.ts';

const Id = Type.String({ minLength: 1, maxLength: 100 });
const Name = Type.String({ maxLength: 500 });
const LongText = Type.String({ maxLength: 4000 });
const List = <T extends Parameters<typeof Type.Array>[0]>(item: T, maxItems = 10_000) => Type.Array(item, { maxItems });
/** A decimal amount of money as a string: optional minus, digits, at most 2 decimals. */
export const MoneyString = Type.String({ pattern: '^-?[0-9]{1,12}(\\.[0-9]{1,2})?$', maxLength: 16, description: 'decimal string, at most 2 decimals' });
/** A non-negative decimal quantity as a string (at most 3 decimals). */
export const QuantityString = Type.String({ pattern: '^[0-9]{1,9}(\\.[0-9]{1,3})?$', maxLength: 13, description: 'non-negative decimal string, at most 3 decimals' });
/** A product reference: the product's materialNumber (article number). */
const ProductRef = Type.String({ minLength: 1, maxLength: 100, description: 'materialNumber of a product' });

/** The fields both catalogue files open with: a demo flag, a note and the currency of their prices (ISO 4217). */
const FILE_HEADER = {
  demo: Type.Optional(Type.Boolean()),
  note: Type.Optional(LongText),
  currency: Type.Optional(Type.String({ minLength: 3, maxLength: 3 })),
};

export const LocalizedTextSchema = Type.Object({ de: Name, en: Name }, { additionalProperties: false });

export const CatalogueProductSchema = Type.Object(
  {
    materialNumber: Id,
    orderNumber: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
    nameDe: Name,
    nameEn: Type.Optional(Type.Union([Name, Type.Null()])),
    longTextDe: Type.Optional(Type.Union([LongText, Type.Null()])),
    longTextEn: Type.Optional(Type.Union([LongText, Type.Null()])),
    unit: Type.String({ minLength: 1, maxLength: 20 }),
    listPrice: MoneyString,
    currency: Type.Optional(Type.String({ minLength: 3, maxLength: 3 })),
  },
  { additionalProperties: false },
);
export type CatalogueProduct = Static<typeof CatalogueProductSchema>;

export const ProductsFileSchema = Type.Object(
  {
    ...FILE_HEADER,
    products: List(CatalogueProductSchema, 200_000),
  },
  { additionalProperties: false },
);
export type ProductsFile = Static<typeof ProductsFileSchema>;

const Num = (description: string, min = 0) => Type.Number({ minimum: min, description });

export const PropertyOptionSchema = Type.Object(
  {
    id: Id,
    name: Name,
    label: Type.Optional(LocalizedTextSchema),
    required: Type.Optional(Type.Boolean()),
    dependentProperties: Type.Optional(List(Id, 200)),
    isDefault: Type.Optional(Type.Boolean()),
    productId: Type.Optional(ProductRef),
  },
  { additionalProperties: false },
);

export const PropertySchema = Type.Object(
  {
    id: Id,
    name: Name,
    label: Type.Optional(LocalizedTextSchema),
    fieldType: StringEnum(FIELD_TYPES),
    options: List(PropertyOptionSchema, 500),
    dependent: Type.Optional(Type.Boolean()),
    dependentOn: Type.Optional(List(Id, 200)),
    dependentProperties: Type.Optional(List(Id, 200)),
    optional: Type.Optional(Type.Boolean()),
    min: Type.Optional(Type.Number()),
    max: Type.Optional(Type.Number()),
    step: Type.Optional(Type.Number({ exclusiveMinimum: 0 })),
    defaultValue: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Number(), Type.Boolean()])),
  },
  { additionalProperties: false },
);

export const PropertySetSchema = Type.Object(
  {
    id: Id,
    name: Type.Optional(Name),
    groups: List(
      Type.Object({ id: Id, name: Name, label: Type.Optional(LocalizedTextSchema), properties: List(PropertySchema, 500) }, { additionalProperties: false }),
      200,
    ),
  },
  { additionalProperties: false },
);

export const CubeSideSchema = Type.Object(
  {
    id: Id,
    side: StringEnum(CUBE_SIDES),
    propertySetId: Type.Optional(Id),
    product: Type.Optional(ProductRef),
    productsAmount: Type.Optional(Type.Integer({ minimum: 0, maximum: 100, description: 'side wall plates per outer face' })),
    maxPipeDiameter: Type.Optional(Num('largest pipe connection, mm')),
    adapters: Type.Optional(Type.Record(Type.String({ pattern: '^[0-9]{2,4}$' }), ProductRef, { description: 'adapter product per pipe diameter DN (mm)' })),
    connectionConfiguration: Type.Optional(
      Type.Object(
        { connections: Type.Integer({ minimum: 0, maximum: 2 }), heightConfigurationProperties: Type.Optional(List(Id, 20)) },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type CubeSideDefinition = Static<typeof CubeSideSchema>;

export const ShaftTypeSchema = Type.Object(
  {
    id: Id,
    name: Name,
    label: Type.Optional(LocalizedTextSchema),
    propertySetId: Type.Optional(Id),
    product: Type.Optional(ProductRef),
    isDefault: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type ShaftType = Static<typeof ShaftTypeSchema>;

export const ItemTypeSchema = Type.Object(
  {
    businessId: Id,
    type: Type.String({ pattern: '^(BOX|SHAFT)', maxLength: 100, description: 'starts with BOX or SHAFT' }),
    typeCustom: StringEnum(['BOX', 'SHAFT'] as const),
    variant: Type.Optional(Type.String({ maxLength: 100 })),
    label: Type.Optional(LocalizedTextSchema),
    lengthMm: Type.Number({ exclusiveMinimum: 0, description: 'footprint along x, mm' }),
    widthMm: Type.Number({ exclusiveMinimum: 0, description: 'footprint along z, mm' }),
    heightMm: Type.Optional(Type.Number({ exclusiveMinimum: 0, description: 'box height, mm (shafts: from the depth)' })),
    volumeNetL: Num('net storage volume of one box, l'),
    shaftDepthM: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 20, description: 'shaft depth, m' })),
    execution: Type.Optional(Type.String({ maxLength: 100 })),
    boxPackage: Type.Optional(Type.String({ maxLength: 100 })),
    product: ProductRef,
    propertySetId: Type.Optional(Id),
    cubeSides: List(CubeSideSchema, 4),
    shaftConfiguration: Type.Optional(Type.Object({ shaftTypes: List(ShaftTypeSchema, 100) }, { additionalProperties: false })),
    info: Type.Optional(
      Type.Object({ displayId: Name, translationKey: Name, fallbackKeys: Type.Optional(List(Name, 20)) }, { additionalProperties: false }),
    ),
  },
  { additionalProperties: false },
);
export type ItemType = Static<typeof ItemTypeSchema>;

export const CataloguePlantSchema = Type.Object(
  {
    propertyId: Id,
    name: Name,
    label: Type.Optional(LocalizedTextSchema),
    groupName: Name,
    configurationPropertySetId: Type.Optional(Id),
    diameterMm: Type.Number({ exclusiveMinimum: 0, description: 'pipe diameter DN, mm' }),
    product: ProductRef,
  },
  { additionalProperties: false },
);
export type CataloguePlant = Static<typeof CataloguePlantSchema>;

const Material = (what: string) =>
  Type.Object(
    { product: ProductRef, salesUnitM2: Type.Number({ exclusiveMinimum: 0, description: `${what} is sold in multiples of this area, m²` }) },
    { additionalProperties: false },
  );

export const CatalogueRulesSchema = Type.Object(
  {
    connector: Type.Object(
      {
        product: ProductRef,
        perHorizontalPair: Type.Integer({ minimum: 0, maximum: 100, description: 'connectors per pair of horizontally adjacent boxes in one layer' }),
        perStackedPair: Type.Integer({ minimum: 0, maximum: 100, description: 'connectors per pair of stacked boxes' }),
      },
      { additionalProperties: false },
    ),
    foil: Material('sealing foil (retention)'),
    fleece: Type.Object(
      {
        product: ProductRef,
        salesUnitM2: Type.Number({ exclusiveMinimum: 0 }),
        layers: Type.Integer({ minimum: 0, maximum: 4, description: 'protective fleece layers per foil area (one each side: 2)' }),
      },
      { additionalProperties: false },
    ),
    geotextile: Material('geotextile (infiltration, pipe tanks)'),
    pipes: Type.Record(StringEnum(PIPE_TYPE_IDS), ProductRef, { description: 'pipe product (sold per m) per pipe type' }),
    gravel: Type.Object({ product: ProductRef }, { additionalProperties: false }),
    topsoil: Type.Object({ product: ProductRef, depthM: Type.Number({ exclusiveMinimum: 0, maximum: 2, description: 'topsoil layer of a trough, m' }) }, { additionalProperties: false }),
  },
  { additionalProperties: false },
);
export type CatalogueRules = Static<typeof CatalogueRulesSchema>;

export const BoxCatalogueFileSchema = Type.Object(
  {
    ...FILE_HEADER,
    itemTypes: List(ItemTypeSchema, 2_000),
    plants: List(CataloguePlantSchema, 2_000),
    propertySets: List(PropertySetSchema, 5_000),
    rules: CatalogueRulesSchema,
  },
  { additionalProperties: false },
);
export type BoxCatalogueFile = Static<typeof BoxCatalogueFileSchema>;
