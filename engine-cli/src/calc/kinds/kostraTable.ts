import { kostra2020HeightTable, kostra2020SeriesFromParameters, parseIndexRc, rainSeriesToRainData } from '@rainplan/engine/rain';
import { sizingIssue } from '@rainplan/engine/sizing';
import { ANNUALITIES_A, RAIN_DURATIONS_MIN } from '@rainplan/engine/tables';
import { childPath, describeReceived } from '../schema.ts';
import { num, req, opt, def, type CalcKind } from '../shared.ts';

export const kostraTable: CalcKind = {
  name: 'kostra-table',
  title: 'KOSTRA-DWD-2020 table r(D, T) of a cell from its five parameters (dGEV)',
  notes: [
    'D_h = D/60; y = 1/T (T ≤ 10), −ln(1 − 1/T) (T > 10); i = [ξ + (α/κ)(1 − y^κ)] / (D_h + θ)^η mm/h;',
    'hN = i·D_h (rounded to 0.1 mm like DWD unless roundHeights is false); r = hN·10000/(60·D).',
    'Parameters as in DWD\'s Parameter_KOSTRA-DWD-2020.csv (LOCAL_XI, SCALE_ALPHA, SHAPE_KAPPA, KOUT_1_THETA, KOUT_2_ETA).',
  ],
  input: {
    type: 'object',
    fields: {
      parameters: req(
        {
          type: 'object',
          fields: {
            xi: req(num(undefined), 'ξ, location (LOCAL_XI)'),
            alpha: req(num(undefined, 0, true), 'α, scale (SCALE_ALPHA)'),
            kappa: req(num(undefined), 'κ, shape (SHAPE_KAPPA)'),
            theta: req(num('h', 0), 'θ (KOUT_1_THETA)'),
            eta: req(num(undefined, 0, true), 'η (KOUT_2_ETA)'),
          },
        },
        'the five parameters of the cell',
      ),
      indexRc: opt({ type: 'integerOrString' }, 'the cell (INDEX_RC, padded or not), for the stamp'),
      roundHeights: def({ type: 'boolean' }, true, 'round hN to 0.1 mm as DWD publishes it'),
    },
    check: (v, path) => (v['indexRc'] !== undefined && parseIndexRc(v['indexRc'] as string | number) === undefined ? [{ path: childPath(path, 'indexRc'), expected: 'an INDEX_RC of at most 6 digits', received: describeReceived(v['indexRc']) }] : []),
  },
  run(v) {
    const p = v['parameters'] as { xi: number; alpha: number; kappa: number; theta: number; eta: number };
    const cell = v['indexRc'] === undefined ? undefined : parseIndexRc(v['indexRc'] as string | number);
    const options = { roundHeights: v['roundHeights'] as boolean };
    const heights = kostra2020HeightTable(p, options);
    const series = kostra2020SeriesFromParameters(p, cell, options);
    const rows = RAIN_DURATIONS_MIN.map((D, d) => ({
      durationMin: D,
      hNMm: ANNUALITIES_A.map((_, t) => heights[t]?.[d] ?? 0),
      rLsHa: ANNUALITIES_A.map((_, t) => series.yieldsLsHa[t]?.[d] ?? 0),
    }));
    const missing = rows.some((r) => r.hNMm.some((h) => !(h > 0)));
    return {
      standard: 'KOSTRA-DWD-2020',
      results: { cell: cell === undefined ? undefined : { id: cell.id, row: cell.row, column: cell.column }, annualitiesA: [...ANNUALITIES_A], table: rows, rainData: rainSeriesToRainData(series) },
      issues: missing ? [sizingIssue('NOT_COMPUTABLE', { field: 'parameters' }, {}, 'warning')] : [],
    };
  },
};
