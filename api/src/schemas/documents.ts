/** Schemas of the Documents calls (planning spec sections 3 and 7): mass-list data. */
import { Type } from 'typebox';

const Id = Type.String({ format: 'uuid', maxLength: 36 });

export const MassListQuery = Type.Object({
  groupBy: Type.Optional(Type.Union([Type.Literal('none'), Type.Literal('measure'), Type.Literal('configuration')], { description: 'none (default), measure or configuration' })),
  languageCode: Type.Optional(Type.String({ pattern: '^[A-Za-z]{2}([-_][A-Za-z0-9]{2,8})*$', maxLength: 35, description: 'de (default) or en' })),
  prices: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')], { description: 'with unit and total prices (default true)' })),
});
export const ItemMassListQuery = Type.Object({
  languageCode: MassListQuery.properties.languageCode,
  prices: MassListQuery.properties.prices,
});

export const ProjectParams = Type.Object({ projectId: Id });
export const MeasureParams = Type.Object({ projectId: Id, measureId: Id });
export const ConfigurationParams = Type.Object({ projectId: Id, boxConfiguratorId: Id });

/** The engine's project file as the api builds it for every document (box-configurator/bill.ts). */
export const ProjectFileDto = Type.Object(
  {},
  {
    additionalProperties: true,
    description: "The engine's project file (docs/project-file.md): project (name, comment, location, client block, rule edition), rain data, treatment facilities, waterflow with stored results, box configurations with items, product lists",
  },
);

const Money = Type.Union([Type.String({ description: 'decimal string, 2 decimals, excluding VAT' }), Type.Null()]);

/** A catalogue version (decision 0100): raised by every import; 1 = the demo catalogue of the first start. */
const CatalogueVersion = Type.Object({ version: Type.Integer(), importedAt: Type.String({ format: 'date-time' }) });

const ProductLine = Type.Object({
  orderNumber: Type.Union([Type.String(), Type.Null()]),
  materialNumber: Type.String(),
  text: Type.String(),
  longText: Type.Union([Type.String(), Type.Null()]),
  unit: Type.String(),
  quantity: Type.String({ description: 'decimal string' }),
  unitPrice: Money,
  totalPrice: Money,
});

export const BillOfMaterials = Type.Object({
  massListGroups: Type.Array(
    Type.Object({
      order: Type.Integer(),
      groupName: Type.String(),
      systemType: Type.String({ description: 'project, measure or configuration' }),
      ownerId: Type.Union([Type.String(), Type.Null()]),
      lines: Type.Array(ProductLine),
      totalPrice: Money,
    }),
  ),
  totalPrice: Money,
  currency: Type.String(),
  language: Type.String(),
  groupBy: Type.String(),
  issues: Type.Array(
    Type.Object({
      code: Type.String(),
      messageKey: Type.String(),
      ownerId: Type.Union([Type.String(), Type.Null()]),
      path: Type.Union([Type.String(), Type.Null()]),
      params: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()])),
    }),
    { description: 'What the data left out of the bill (unknown item type, option, product …), with message keys' },
  ),
  catalogueVersion: CatalogueVersion,
  newerPricesAvailable: Type.Boolean({ description: 'true when the catalogue has changed since the version whose list prices the project keeps (POST /Project/{projectId}/updatePrices)' }),
  newestCatalogueVersion: Type.Optional(CatalogueVersion),
});

export const ImagesParams = Type.Object({ boxConfiguratorProjectId: Id });

const Image = Type.Object({
  description: Type.Object({ displayId: Type.String(), translationKey: Type.String() }),
  content: Type.String({ description: 'PNG, base64' }),
  svg: Type.String({ description: 'the same drawing as SVG' }),
});

/** Drawing images (planning spec section 3 "Drawing images"). */
export const DrawingImages = Type.Object({
  topViews: Type.Array(Image),
  frontViews: Type.Array(Image),
  sideViews: Type.Array(Image),
  depictions: Type.Array(Image),
});
