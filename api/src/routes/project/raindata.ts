/**
 * A project's rain data (platform spec section 7): GET /Project/{id}/raindata (custom rain data
 * when the project has it, else the imported KOSTRA data at its location), PUT and DELETE
 * /Project/{id}/customRaindata. Changing the rain data recomputes the project's waterflow.
 */
import type { ApiPlugin } from '../../type-provider.ts';
import type { RainData } from '@rainplan/engine';
import { rainSeriesFromRainData, rainSeriesToRainData } from '@rainplan/engine/rain';
import { ApiError, ErrorCode, validation } from '../../errors.ts';
import { loadProject } from '../../projects/access.ts';
import { rederiveProject } from '../../projects/waterflow.ts';
import { locateRainData, type RainMiss } from '../../rain/store.ts';
import { errors, message, MessageBody } from '../../schemas/common.ts';
import { ProjectParams } from '../../schemas/project.ts';
import { CustomRaindataBody, NoRainDataBody, RaindataDto } from '../../schemas/raindata.ts';

const TAGS = ['Rain data'];

export const noRainData = (what: string): ApiError =>
  new ApiError(404, ErrorCode.NO_RAIN_DATA, `No rain data for ${what}: no imported KOSTRA dataset covers it (import DWD's files with POST /Raindata/import)`);

/** Code 61: the position lies in a KOSTRA cell without data; the body names the edition and the cell. */
class NoRainDataInCell extends ApiError {
  readonly edition: string;
  readonly cell: { readonly id: string; readonly row: number; readonly column: number };

  constructor(what: string, edition: string, cell: { readonly id: string; readonly row: number; readonly column: number }) {
    super(404, ErrorCode.NO_RAIN_DATA_IN_CELL, `No rain data for ${what}: it lies in ${edition} cell ${cell.id} (row ${cell.row}, column ${cell.column}), which holds no rain data in the imported dataset (sea, abroad)`);
    this.edition = edition;
    this.cell = cell;
  }

  override body() {
    return { ...super.body(), edition: this.edition, kostraCell: { id: this.cell.id, row: this.cell.row, column: this.cell.column } };
  }
}

/** The 404 of a lookup that found nothing: code 61 naming the cell without data, else code 57 (decision 0177). */
export function rainDataMiss(miss: RainMiss, what: string): ApiError {
  if (miss.cellWithoutData !== undefined) return new NoRainDataInCell(what, miss.cellWithoutData.edition, miss.cellWithoutData.cell);
  if (!miss.anyImported) return noRainData(what);
  return new ApiError(404, ErrorCode.NO_RAIN_DATA, `No rain data for ${what}: it lies outside the grid of every imported KOSTRA dataset (outside Germany)`);
}

export function toRaindataDto(data: RainData) {
  return { kostraCell: data.kostraCell ?? null, raindataSeries: data.raindataSeries, source: data.source };
}

const projectRaindataRoutes: ApiPlugin = async (app) => {
  app.get(
    '/:id/raindata',
    {
      schema: {
        tags: TAGS,
        summary:
          'The rain data the project uses: its custom rain data, else the imported KOSTRA data at its location (404, code 57, when none covers it; code 61 with the cell when the location lies in a KOSTRA cell without data)',
        params: ProjectParams,
        response: { 200: RaindataDto, ...errors(400, 401, 403), 404: NoRainDataBody },
      },
    },
    async (request) => {
      const project = await loadProject(request, request.params.id, 'read');
      if (project.customRainData != null) return toRaindataDto(project.customRainData as unknown as RainData);
      if (project.latitude == null || project.longitude == null) throw noRainData('this project: it has no location');
      const found = await locateRainData(request.em, Number(project.latitude), Number(project.longitude));
      if (!found.found) throw rainDataMiss(found, `the project's location (${project.latitude}, ${project.longitude})`);
      return toRaindataDto(found.rainData);
    },
  );

  app.put(
    '/:id/customRaindata',
    {
      schema: {
        tags: TAGS,
        summary: 'Use custom rain data (r in l/(s·ha) per annuality and duration, 0 = missing); the waterflow is recomputed with it',
        params: ProjectParams,
        body: CustomRaindataBody,
        response: { 200: RaindataDto, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { raindataSeries, kostraCell } = request.body;
      const annualities = new Set<number>();
      raindataSeries.forEach((entry, i) => {
        if (annualities.has(entry.annuality)) throw validation(`body/raindataSeries/${i}/annuality: ${entry.annuality} is given twice`);
        annualities.add(entry.annuality);
        const durations = new Set<number>();
        entry.valuesForDurations.forEach((v, k) => {
          if (durations.has(v.duration)) throw validation(`body/raindataSeries/${i}/valuesForDurations/${k}/duration: ${v.duration} is given twice`);
          durations.add(v.duration);
        });
      });
      const series = rainSeriesFromRainData({ source: { edition: 'custom' }, raindataSeries });
      if (!series.yieldsLsHa.some((row) => row.some((value) => value > 0))) throw validation('body/raindataSeries: at least one value must be positive');
      const normalized: RainData = {
        ...rainSeriesToRainData(series),
        ...(kostraCell == null ? {} : { kostraCell: { row: kostraCell.row, column: kostraCell.column } }),
      };
      await request.em.transactional(async (em) => {
        const project = await loadProject(request, request.params.id, 'write', { em, lock: true });
        project.customRainData = normalized as unknown as Record<string, unknown>;
        await em.flush();
        await rederiveProject(em, project);
      });
      return toRaindataDto(normalized);
    },
  );

  app.delete(
    '/:id/customRaindata',
    {
      schema: {
        tags: TAGS,
        summary: 'Stop using custom rain data (back to the data at the project’s location); the waterflow is recomputed',
        params: ProjectParams,
        response: { 200: MessageBody, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await request.em.transactional(async (em) => {
        const project = await loadProject(request, request.params.id, 'write', { em, lock: true });
        if (project.customRainData == null) return;
        project.customRainData = null;
        await em.flush();
        await rederiveProject(em, project);
      });
      return message('Custom rain data removed');
    },
  );
};

export default projectRaindataRoutes;
