/**
 * POST /BoxConfigurator/importProducts (planning spec section 7; administrators): replaces the
 * catalogue with the file in the multipart field `file` — an Excel workbook with a sheet per
 * catalogue table (the whole catalogue: products, item types, cube sides, shaft types, plants,
 * property sets, rules) or products alone (a workbook's first sheet or CSV); see
 * docs/catalogue-import.md and decision 0099. GET /BoxConfigurator/importProducts/template
 * downloads the workbook of the demo catalogue (or, with `catalogue=current`, of the catalogue in
 * use), which imports as it is.
 */
import multipart from '@fastify/multipart';
import type { ApiPlugin } from '../../type-provider.ts';
import { Type } from 'typebox';
import { boxCatalogue, productsFile } from '../../box-configurator/catalogue.ts';
import { CatalogueFileError, readCatalogueFile } from '../../catalogue/import.ts';
import { productInputOf, type ProductInput, type StoredProduct } from '../../catalogue/store.ts';
import { demoCatalogueFiles } from '../../catalogue/template.ts';
import { replaceCatalogue } from '../../catalogue/versions.ts';
import { catalogueWorkbook } from '../../catalogue/workbook.ts';
import { ErrorCode, validation } from '../../errors.ts';
import { readUploadedFiles, UPLOAD_LIMITS } from '../../rain/multipart.ts';
import { errors } from '../../schemas/common.ts';

const CatalogueVersionSchema = Type.Object({
  version: Type.Integer({ description: 'Raised by every import; 1 = the demo catalogue of the first start' }),
  importedAt: Type.String({ format: 'date-time' }),
});

const ImportResult = Type.Object({
  type: Type.Literal('MESSAGE'),
  code: Type.Literal(0),
  message: Type.String(),
  importedProducts: Type.Integer(),
  scope: Type.Union([Type.Literal('products'), Type.Literal('catalogue')], { description: 'products: a products-only file; catalogue: a whole-catalogue workbook' }),
  importedItemTypes: Type.Optional(Type.Integer()),
  importedPlants: Type.Optional(Type.Integer()),
  importedPropertySets: Type.Optional(Type.Integer()),
  catalogueVersion: CatalogueVersionSchema,
});

const Problem = Type.Object({
  sheet: Type.Union([Type.String(), Type.Null()], { description: 'Worksheet name (null for CSV)' }),
  row: Type.Integer({ description: '1-based row' }),
  column: Type.String({ description: 'Column letter' }),
  messageKey: Type.String({ description: 'catalogueImport.* (docs/catalogue-import.md)' }),
  message: Type.String(),
});

const ImportErrorBody = Type.Object({
  type: Type.Literal('ERROR'),
  code: Type.Integer({ description: '20 file format not supported; 2 invalid data' }),
  message: Type.String(),
  error: Type.Optional(Type.String({ description: 'INVALID_DATA or UNSUPPORTED_FORMAT' })),
  sheet: Type.Optional(Type.Union([Type.String(), Type.Null()], { description: 'Sheet of the first problem' })),
  row: Type.Optional(Type.Integer({ description: '1-based spreadsheet row of the first problem' })),
  column: Type.Optional(Type.String({ description: 'Spreadsheet column letter of the first problem' })),
  messageKey: Type.Optional(Type.String({ description: 'Message key of the first problem' })),
  problems: Type.Optional(Type.Array(Problem, { maxItems: 50, description: 'Every problem found (at most 50)' })),
});

const TemplateQuery = Type.Object({
  catalogue: Type.Optional(Type.Union([Type.Literal('demo'), Type.Literal('current')], { description: 'demo (default): the demo catalogue; current: the catalogue in use' })),
});

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const importProductsRoute: ApiPlugin = async (app) => {
  await app.register(multipart, { limits: UPLOAD_LIMITS });

  app.post(
    '/importProducts',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['Products'],
        summary: 'Replace the catalogue with an Excel workbook (whole catalogue or products) or a CSV file of products (administrators; multipart field `file`)',
        description:
          'A workbook with the sheets products, itemTypes, cubeSides, cubeSideAdapters, shaftTypes, plants, propertySets, propertyGroups, properties, ' +
          'propertyOptions and rules replaces the whole catalogue (GET /BoxConfigurator/importProducts/template; docs/catalogue-import.md). ' +
          'Any other workbook (first sheet) or CSV replaces the products: row 1 is the header materialNumber (or articleNumber, Artikelnummer), orderNumber, ' +
          'nameDe, nameEn, longTextDe, longTextEn, unit, listPrice, currency. Everything is replaced in one transaction or nothing is; every import raises ' +
          'the catalogue version, and existing projects keep their prices until POST /Project/{projectId}/updatePrices. Another format answers code 20; ' +
          'bad data INVALID_DATA (code 2) with every problem (sheet, row, column, messageKey).',
        consumes: ['multipart/form-data'],
        response: { 200: ImportResult, 400: ImportErrorBody, ...errors(401, 403, 413, 415) },
      },
    },
    async (request, reply) => {
      const [file] = await readUploadedFiles(request, 'file');
      if (file === undefined) throw validation('file: no file in the multipart field "file"');
      try {
        const read = await readCatalogueFile(file.name, file.bytes);
        const boxes = read.kind === 'catalogue' ? read.boxes : undefined;
        const catalogueVersion = await replaceCatalogue(request.em, read.products, boxes);
        const counts =
          boxes === undefined ? {} : { importedItemTypes: boxes.itemTypes.length, importedPlants: boxes.plants.length, importedPropertySets: boxes.propertySets.length };
        const what = boxes === undefined ? `${read.products.length} products imported` : `catalogue imported: ${read.products.length} products, ${boxes.itemTypes.length} item types, ${boxes.plants.length} plants, ${boxes.propertySets.length} property sets`;
        return { type: 'MESSAGE' as const, code: 0 as const, message: what, importedProducts: read.products.length, scope: read.kind, ...counts, catalogueVersion };
      } catch (error) {
        if (!(error instanceof CatalogueFileError)) throw error;
        const first = error.problems[0];
        return reply.code(400).send({
          type: 'ERROR',
          code: error.kind === 'UNSUPPORTED_FORMAT' ? ErrorCode.FILE_FORMAT : ErrorCode.VALIDATION,
          message: error.kind === 'INVALID_DATA' ? `INVALID_DATA: ${error.message}` : error.message,
          error: error.kind,
          ...(first === undefined
            ? { messageKey: 'catalogueImport.unsupportedFormat' }
            : { sheet: first.sheet, row: first.row, column: first.column, messageKey: first.messageKey, problems: error.problems }),
        });
      }
    },
  );

  app.get(
    '/importProducts/template',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['Products'],
        summary: 'The catalogue import template: an Excel workbook of the demo catalogue (or, with catalogue=current, of the catalogue in use) in the import format (administrators)',
        querystring: TemplateQuery,
        produces: [XLSX],
        response: { 200: Type.Unsafe<Uint8Array>({ type: 'string', format: 'binary', description: 'xlsx workbook' }), ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      let bytes: Uint8Array;
      let name: string;
      if (request.query.catalogue === 'current') {
        const [products, boxes] = await Promise.all([currentProducts(request.em), boxCatalogue(request.em)]);
        const { demo: _demo, note: _note, ...document } = boxes.document;
        bytes = await catalogueWorkbook(products, document);
        name = `catalogue-v${boxes.version}.xlsx`;
      } else {
        const demo = await demoCatalogueFiles();
        bytes = await catalogueWorkbook(demo.products, demo.boxes);
        name = 'catalogue-template.xlsx';
      }
      return reply
        .header('content-type', XLSX)
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    },
  );
};

async function currentProducts(em: Parameters<typeof productsFile>[0]): Promise<ProductInput[]> {
  const file = await productsFile(em);
  return (file.products as StoredProduct[]).map((p) => productInputOf(p, file.currency));
}

export default importProductsRoute;
