import Type, { type Static } from 'typebox';
import { ANNUALITIES_A, RAIN_DATASET_EDITIONS, RAIN_DURATIONS_MIN } from '../tables/rain.ts';
import { Num, NumberEnum, Opt, StringEnum } from './common.ts';

/** One value of a rain series: rain yield r in l/(s·ha) for a duration; 0 = missing. */
export const RainValueSchema = Type.Object(
  {
    duration: NumberEnum(RAIN_DURATIONS_MIN, 'rain duration D, min'),
    value: Num('rain yield r, l/(s·ha); 0 = missing', { minimum: 0 }),
    uncertainty: Opt(
      Num('uncertainty of r in ± percent as the dataset publishes it (KOSTRA-DWD-2020 UC); absent, null or 0 = not given', { minimum: 0, maximum: 100 }),
    ),
  },
  { additionalProperties: false },
);

export const RainSeriesEntrySchema = Type.Object(
  {
    annuality: NumberEnum(ANNUALITIES_A, 'annuality T, years'),
    valuesForDurations: Type.Array(RainValueSchema),
  },
  { additionalProperties: false },
);
export type RainSeriesEntry = Static<typeof RainSeriesEntrySchema>;

export const KostraCellSchema = Type.Object(
  { row: Type.Integer({ minimum: 0 }), column: Type.Integer({ minimum: 0 }) },
  { additionalProperties: false },
);
export type KostraCell = Static<typeof KostraCellSchema>;

/** Which rain data produced a result: dataset edition and cell (stamped on every result). */
export const RainDatasetStampSchema = Type.Object(
  {
    edition: StringEnum(RAIN_DATASET_EDITIONS),
    cell: Opt(Type.String({ description: 'cell id of the dataset, e.g. INDEX_RC' })),
  },
  { additionalProperties: false },
);
export type RainDatasetStamp = Static<typeof RainDatasetStampSchema>;

export const RainDataSchema = Type.Object(
  {
    source: RainDatasetStampSchema,
    kostraCell: Opt(KostraCellSchema),
    raindataSeries: Type.Array(RainSeriesEntrySchema),
  },
  { additionalProperties: false, description: 'rain series r(D, T) in l/(s·ha)' },
);
export type RainData = Static<typeof RainDataSchema>;
