/**
 * Rain data (platform spec section 7): GET /Raindata by position and POST /Raindata/import of
 * DWD's KOSTRA files (administrators). The data live in the database (rain/store.ts,
 * rain/import.ts); the same import runs as `npm run rain:import -- <dir>`.
 */
import multipart from '@fastify/multipart';
import type { ApiPlugin } from '../../type-provider.ts';
import { limitPerAddress } from '../../accounts/rate-counters.ts';
import { ApiError, ErrorCode, validation } from '../../errors.ts';
import { importRainFiles, parseFileType, RainImportError } from '../../rain/import.ts';
import { readUploadedFiles, UPLOAD_LIMITS } from '../../rain/multipart.ts';
import { locateRainData } from '../../rain/store.ts';
import { errors } from '../../schemas/common.ts';
import { ImportQuery, ImportResult, NoRainDataBody, RaindataDto, RaindataQuery } from '../../schemas/raindata.ts';
import { rainDataMiss, toRaindataDto } from '../project/raindata.ts';

const TAGS = ['Rain data'];

/**
 * Anonymous lookups per client address (trial mode): a planner moves a trial project a few times,
 * not hundreds. Counted in the database before the lookup, shared by all processes (decision 0185).
 */
export const TRIAL_LOOKUP_LIMIT = { max: 60, timeWindow: 10 * 60_000 } as const;

const raindataRoutes: ApiPlugin = async (app) => {
  await app.register(multipart, { limits: UPLOAD_LIMITS });

  app.get(
    '',
    {
      schema: {
        tags: TAGS,
        summary:
          'The KOSTRA cell and rain series at a position, from the imported dataset (KOSTRA-DWD-2020 where imported, else 2010R); 404, code 57, where no imported grid covers it; code 61 with the cell where it lies in a cell without data',
        querystring: RaindataQuery,
        response: { 200: RaindataDto, ...errors(400, 401), 404: NoRainDataBody },
      },
    },
    async (request) => {
      const { latitude, longitude } = request.query;
      const found = await locateRainData(request.em, latitude, longitude);
      if (!found.found) throw rainDataMiss(found, `latitude ${latitude}, longitude ${longitude}`);
      return toRaindataDto(found.rainData);
    },
  );

  // Trial mode (no account) sizes in the browser: it needs the rain data of its location from here.
  app.get(
    '/trial',
    {
      config: { auth: 'public' },
      // before validation, like every public limit: malformed lookups count too
      onRequest: limitPerAddress('trial-rain', TRIAL_LOOKUP_LIMIT),
      schema: {
        tags: TAGS,
        summary: 'The rain data at a position without an account, for the trial mode (same answer as GET /Raindata; 404, code 57 or 61, where none covers it)',
        description: `Public; at most ${TRIAL_LOOKUP_LIMIT.max} lookups per client address in ${TRIAL_LOOKUP_LIMIT.timeWindow / 60_000} minutes (429, code 15, beyond).`,
        querystring: RaindataQuery,
        response: { 200: RaindataDto, ...errors(400, 429), 404: NoRainDataBody },
      },
    },
    async (request) => {
      const { latitude, longitude } = request.query;
      const found = await locateRainData(request.em, latitude, longitude);
      if (!found.found) throw rainDataMiss(found, `latitude ${latitude}, longitude ${longitude}`);
      return toRaindataDto(found.rainData);
    },
  );

  app.post(
    '/import',
    {
      config: { auth: 'admin' },
      schema: {
        tags: TAGS,
        summary: "Import DWD's KOSTRA files (administrators); multipart field `files`",
        description:
          'KOSTRA-DWD-2020: the per-duration GIS attribute tables (`…_D00005.dbf` …) and/or `Parameter_KOSTRA-DWD-2020.csv`. ' +
          'KOSTRA-DWD-2010R: `StatRR_KOSTRA-DWD-2010R_Dxxxx.dbf` with the grid `.shp`, `.prj` (and `.shx`). One import replaces the ' +
          'edition’s data; the same files again change nothing. Unusable files answer 400, code 2, with `INVALID_DATA`, the file and the row.',
        querystring: ImportQuery,
        consumes: ['multipart/form-data'],
        response: { 200: ImportResult, ...errors(400, 401, 403, 415) },
      },
    },
    async (request) => {
      const fileType = parseFileType(request.query.fileType);
      if (request.query.fileType !== undefined && request.query.fileType !== '' && fileType === undefined) {
        throw validation(`querystring/fileType: ${request.query.fileType} is neither KOSTRA-DWD-2020 nor KOSTRA-DWD-2010R`);
      }
      const files = await readUploadedFiles(request, 'files');
      if (files.length === 0) throw validation('files: no file in the multipart field "files"');
      try {
        return await importRainFiles(request.em, files, fileType);
      } catch (error) {
        if (error instanceof RainImportError) throw new ApiError(400, ErrorCode.VALIDATION, error.message);
        throw error;
      }
    },
  );
};

export default raindataRoutes;
