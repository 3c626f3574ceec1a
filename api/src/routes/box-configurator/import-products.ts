/**
 * POST /BoxConfigurator/importProducts (planning spec section 7; administrators): replaces the
 * product catalogue with an Excel or CSV file in the multipart field `file` (catalogue/import.ts).
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CatalogueFileError, readProductFile } from '../../catalogue/import.ts';
import { replaceProducts } from '../../catalogue/store.ts';
import { ErrorCode, validation } from '../../errors.ts';
import { readUploadedFiles, UPLOAD_LIMITS } from '../../rain/multipart.ts';
import { errors } from '../../schemas/common.ts';
import { FileErrorBody, ImportProductsResult } from '../../schemas/products.ts';

const importProductsRoute: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(multipart, { limits: UPLOAD_LIMITS });

  app.post(
    '/importProducts',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['Products'],
        summary: 'Replace the product catalogue with an Excel (.xlsx) or CSV file (administrators; multipart field `file`)',
        description:
          'Row 1 is the header: materialNumber (or articleNumber, Artikelnummer), orderNumber, nameDe, nameEn, longTextDe, longTextEn, unit, ' +
          'listPrice, currency. Another format answers code 20; a bad value INVALID_DATA (code 2) with its row and column.',
        consumes: ['multipart/form-data'],
        response: { 200: ImportProductsResult, 400: FileErrorBody, ...errors(401, 403, 415) },
      },
    },
    async (request, reply) => {
      const [file] = await readUploadedFiles(request, 'file');
      if (file === undefined) throw validation('file: no file in the multipart field "file"');
      try {
        const products = await readProductFile(file.name, file.bytes);
        await replaceProducts(request.em, products);
        return { type: 'MESSAGE' as const, code: 0 as const, message: `${products.length} products imported`, importedProducts: products.length };
      } catch (error) {
        if (!(error instanceof CatalogueFileError)) throw error;
        return reply.code(400).send({
          type: 'ERROR',
          code: error.kind === 'UNSUPPORTED_FORMAT' ? ErrorCode.FILE_FORMAT : ErrorCode.VALIDATION,
          message: error.kind === 'INVALID_DATA' ? `INVALID_DATA: ${error.message}` : error.message,
          error: error.kind,
          ...(error.row === undefined ? {} : { row: error.row }),
          ...(error.column === undefined ? {} : { column: error.column }),
        } as never);
      }
    },
  );
};

export default importProductsRoute;
