/**
 * `@rainplan/engine/catalogue`: the catalogue model (products, item types, plants, property sets,
 * quantity rules), its validation and the geometry lookup for the box grid.
 */
export {
  parseCatalogue,
  checkReferences,
  geometryLookup,
  itemGeometry,
  indexCatalogue,
  resolvedPlants,
  shaftHeightMm,
  type Catalogue,
  CATALOGUE_ERROR_CODES,
  CATALOGUE_ERROR_MESSAGE_KEYS,
  type CatalogueError,
  type CatalogueErrorCode,
  type CatalogueIndex,
  type CatalogueResult,
} from './catalogue.ts';
export {
  BoxCatalogueFileSchema,
  CatalogueProductSchema,
  CataloguePlantSchema,
  CatalogueRulesSchema,
  ItemTypeSchema,
  MoneyString,
  ProductsFileSchema,
  PropertySetSchema,
  QuantityString,
  type BoxCatalogueFile,
  type CatalogueProduct,
  type CataloguePlant,
  type CatalogueRules,
  type CubeSideDefinition,
  type ItemType,
  type ProductsFile,
  type ShaftType,
} from './schema.ts';
