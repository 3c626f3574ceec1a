/**
 * Schemas of treatment facilities, the product catalogue and product lists (planning spec
 * sections 3 and 7). Prices are decimal strings with two decimals (list prices excluding VAT,
 * decision 0054); quantities are numbers.
 */
import { TreatmentFacilitySchema } from '@rainplan/engine';
import { Type } from 'typebox';
import { OptionalText } from './common.ts';

export const Facilities = Type.Array(TreatmentFacilitySchema);

export const LanguageQuery = Type.Object({
  languageCode: Type.Optional(Type.String({ pattern: '^[A-Za-z]{2}([-_][A-Za-z0-9]{2,8})*$', maxLength: 35, description: 'de (default) or en' })),
});

const Money = Type.String({ pattern: '^-?\\d+\\.\\d{2}$', description: 'Decimal string, two decimals, excluding VAT' });

export const CatalogueProductDto = Type.Object({
  materialNumber: Type.String({ description: 'Article number' }),
  orderNumber: Type.Union([Type.String(), Type.Null()]),
  text: Type.String({ description: 'Name in the requested language (German when there is no English one)' }),
  longText: Type.Union([Type.String(), Type.Null()]),
  unit: Type.String(),
  unitPrice: Money,
  currency: Type.String(),
});

export const ProductLine = Type.Object({
  orderNumber: OptionalText(64),
  materialNumber: Type.String({ minLength: 1, maxLength: 64, description: 'Article number' }),
  text: OptionalText(500, { description: 'Name; default: the catalogue name in the requested language' }),
  longText: OptionalText(4000),
  unit: OptionalText(20, { description: 'Default: the catalogue unit' }),
  quantity: Type.Union([Type.Number({ minimum: 0, maximum: 999999999.999 }), Type.String({ maxLength: 13, pattern: '^\\d{1,9}([.,]\\d{1,3})?$' })], { description: 'Amount ≥ 0, at most 3 decimals (as in the project file)' }),
  unitPrice: Type.Optional(
    Type.Union([Type.Number({ minimum: 0 }), Type.String({ maxLength: 32, pattern: '^\\d+([.,]\\d{1,2})?$' }), Type.Null()], {
      description: 'Unit price; default: the catalogue list price',
    }),
  ),
  totalPrice: Type.Optional(Type.Unknown({ description: 'Ignored: the server computes unitPrice × quantity' })),
});

export const ProductLineDto = Type.Object({
  orderNumber: Type.Union([Type.String(), Type.Null()]),
  materialNumber: Type.String(),
  text: Type.String(),
  longText: Type.Union([Type.String(), Type.Null()]),
  unit: Type.String(),
  quantity: Type.Number(),
  unitPrice: Money,
  totalPrice: Money,
});

export const ProductLines = Type.Array(ProductLine, { maxItems: 1000 });

export const MeasureProductParams = Type.Object({
  projectId: Type.String({ format: 'uuid' }),
  measureId: Type.String({ format: 'uuid', maxLength: 36, description: 'measure id (uuid)' }),
});

export const ImportProductsResult = Type.Object({
  type: Type.Literal('MESSAGE'),
  code: Type.Literal(0),
  message: Type.String(),
  importedProducts: Type.Integer(),
});

export const FileErrorBody = Type.Object({
  type: Type.Literal('ERROR'),
  code: Type.Integer({ description: '20 file format not supported; 2 invalid data' }),
  message: Type.String(),
  error: Type.Optional(Type.String({ description: 'INVALID_DATA or UNSUPPORTED_FORMAT' })),
  row: Type.Optional(Type.Integer({ description: '1-based spreadsheet row' })),
  column: Type.Optional(Type.String({ description: 'Spreadsheet column letter' })),
});
