/**
 * Schemas of the rain data calls (platform spec sections 3 and 7): the series of a position or a
 * project, custom rain data and the import of DWD's files.
 */
import { RainDataSchema } from '@rainplan/engine';
import { Type } from 'typebox';
import { bounded } from './bounds.ts';

const { raindataSeries, source } = RainDataSchema.properties;

export const KostraCell = Type.Object({ row: Type.Integer({ minimum: 0 }), column: Type.Integer({ minimum: 0 }) });

export const RaindataDto = Type.Object(
  {
    kostraCell: Type.Union([KostraCell, Type.Null()], { description: 'KOSTRA cell (row, column); null for custom data without one' }),
    raindataSeries,
    source,
  },
  { description: 'Rain series r(D, T) in l/(s·ha) per annuality and duration; 0 = missing' },
);

/**
 * The 404 answer of a rain data lookup: code 57 (no imported grid covers the position) or code 61
 * with the edition and the cell without data that contains it (decision 0177).
 */
export const NoRainDataBody = Type.Object(
  {
    type: Type.Literal('ERROR'),
    code: Type.Integer({ description: '57: no imported KOSTRA grid covers the position; 61: it lies in a KOSTRA cell without data' }),
    message: Type.String(),
    edition: Type.Optional(Type.String({ description: 'code 61: the KOSTRA edition whose grid contains the position' })),
    kostraCell: Type.Optional(
      Type.Object({ id: Type.String({ description: 'INDEX_RC without leading zeros' }), row: Type.Integer({ minimum: 0 }), column: Type.Integer({ minimum: 0 }) }, { description: 'code 61: the cell without data' }),
    ),
  },
  { description: 'No rain data at the position (code 57 or 61)' },
);

export const RaindataQuery = Type.Object({
  latitude: Type.Number({ minimum: -90, maximum: 90, description: 'WGS84 latitude, degrees' }),
  longitude: Type.Number({ minimum: -180, maximum: 180, description: 'WGS84 longitude, degrees' }),
});

export const CustomRaindataBody = Type.Object({
  raindataSeries: Type.Array(bounded(raindataSeries.items), { minItems: 1, maxItems: 9 }),
  kostraCell: Type.Optional(Type.Union([KostraCell, Type.Null()])),
});

export const ImportQuery = Type.Object({
  fileType: Type.Optional(
    Type.String({
      maxLength: 40,
      description: 'KOSTRA-DWD-2020 or KOSTRA-DWD-2010R (any spelling with these letters); without it, each file’s edition is taken from its name',
    }),
  ),
});

export const ImportResult = Type.Object({
  newLocations: Type.Integer({ description: 'Cells that had no rain data before' }),
  newRainDatasets: Type.Integer({ description: 'Cells whose series were added or changed' }),
  ignoredFiles: Type.Array(Type.String(), { description: 'Files that were not used' }),
});
