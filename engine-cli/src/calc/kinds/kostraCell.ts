import { kostra2020CellAt, kostra2020CellCenter } from '@rainplan/engine/rain';
import { num, req, n, type CalcKind } from '../shared.ts';

export const kostraCell: CalcKind = {
  name: 'kostra-cell',
  title: 'KOSTRA-DWD-2020 grid cell of a position (EPSG:3035, 5 km cells)',
  notes: [
    'col = floor((x − 3,600,000)/5000), row = floor((3,800,000 − y)/5000), INDEX_RC = row·1000 + col.',
    'The 2020 grid is regular: no data files are needed. For KOSTRA-DWD-2010R cells use `rainplan rain lookup`.',
  ],
  input: {
    type: 'object',
    fields: {
      latitude: req(num('° N, WGS84', -90, false, 90), 'latitude'),
      longitude: req(num('° E, WGS84', -180, false, 180), 'longitude'),
    },
  },
  run(v) {
    const cell = kostra2020CellAt(n(v, 'latitude'), n(v, 'longitude'));
    if (cell === undefined) return { standard: 'KOSTRA-DWD-2020', results: { cell: undefined }, issues: [], failed: true };
    const centre = kostra2020CellCenter(cell.row, cell.column);
    return {
      standard: 'KOSTRA-DWD-2020',
      results: { cell: { id: cell.id, indexRc: cell.indexRc, row: cell.row, column: cell.column, centreLatitude: centre.latDeg, centreLongitude: centre.lonDeg } },
      issues: [],
    };
  },
};
