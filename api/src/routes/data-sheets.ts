/**
 * GET /dataSheets/{file name} (public; planning spec §7: facility data sheets are opened from
 * /dataSheets/{file name}; decision 0199): the operator's own file from DATA_SHEETS_DIR when it
 * has one, else — for a file name a catalogue facility links to — a one-page PDF generated from
 * the catalogue's data (type, throughput value or efficiency, maximum area, bypass type,
 * regulation), marked as generated. Any other name (also one too long for a name) answers 404. German, or English with
 * `?languageCode=en`.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DATA_SHEET_FILE_NAME, dataSheetDocument, dataSheetFiles } from '@rainplan/engine/documents';
import { renderPdf } from '@rainplan/engine-cli/pdf';
import { Type } from 'typebox';
import { demoBranding } from '../branding.ts';
import { loadFacilities } from '../catalogue/store.ts';
import { errorBody } from '../app.ts';
import { ErrorCode } from '../errors.ts';

/** Today (UTC day): the generated sheet's date. */
const today = () => {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
};

/** Generated sheets by language and file, kept while the catalogue's facilities stay the same. */
const generated = new Map<string, { key: string; bytes: Buffer }>();

const dataSheetRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/dataSheets/:fileName',
    {
      config: { auth: 'public' },
      schema: {
        hide: true,
        params: Type.Object({ fileName: Type.String({ minLength: 5, maxLength: 104 }) }),
        querystring: Type.Object({ languageCode: Type.Optional(Type.Union([Type.Literal('de'), Type.Literal('en')])) }, { additionalProperties: false }),
      },
    },
    async (request, reply) => {
      const { fileName } = request.params;
      const notFound = () => reply.code(404).send(errorBody(ErrorCode.NOT_FOUND, `no data sheet ${fileName}`));
      if (!DATA_SHEET_FILE_NAME.test(fileName)) return notFound();
      const own = app.config.dataSheetsDir;
      if (own !== undefined) {
        const bytes = await readFile(path.join(own, fileName)).catch(() => undefined);
        if (bytes !== undefined) return reply.type('application/pdf').header('cache-control', 'public, max-age=3600').send(bytes);
      }
      const facilities = dataSheetFiles(await loadFacilities(request.em)).get(fileName);
      if (facilities === undefined) return notFound();
      const language = request.query.languageCode ?? 'de';
      const key = JSON.stringify(facilities);
      let sheet = generated.get(`${language}/${fileName}`);
      if (sheet === undefined || sheet.key !== key) {
        const definition = dataSheetDocument(fileName, facilities, { language, now: today(), branding: app.config.branding ?? demoBranding() });
        const bytes = await renderPdf(definition);
        sheet = { key, bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
        generated.set(`${language}/${fileName}`, sheet);
      }
      return reply.type('application/pdf').header('cache-control', 'public, max-age=300').header('x-data-sheet', 'generated').send(sheet.bytes);
    },
  );

  // A name longer than the router's parameter limit matches no `:fileName`: answer it here as any
  // other unknown sheet (404 with the error body), not with the web app's page.
  app.get('/dataSheets/*', { config: { auth: 'public' }, schema: { hide: true } }, async (request, reply) =>
    reply.code(404).send(errorBody(ErrorCode.NOT_FOUND, `no data sheet ${request.url.split('?', 1)[0]?.slice('/dataSheets/'.length, 200) ?? ''}`)),
  );
};

export default dataSheetRoutes;
