import { describe, expect, it } from 'vitest';
import type { BoxConfiguration, Project } from '../model/project.ts';
import { demoCatalogue } from '../../test-support/demoCatalogue.ts';
import { configurationBill, measureMassList, projectMassList } from './massList.ts';
import { cubeSideFacing } from './configuration.ts';

const catalogue = demoCatalogue();
type Item = NonNullable<BoxConfiguration['items']>[number];

/** A block of full boxes nx × nz × layers at the origin. */
function block(nx: number, nz: number, layers: number, type = 'BOX_FULL'): Item[] {
  const items: Item[] = [];
  for (let y = 0; y < layers; y++) for (let x = 0; x < nx; x++) for (let z = 0; z < nz; z++) items.push({ boxTypeId: type, x, y, z, rotation: 'North' });
  return items;
}
const line = (bill: { massListGroups: readonly { lines: readonly { materialNumber: string }[] }[] }, materialNumber: string) =>
  bill.massListGroups.flatMap((g) => g.lines).find((l) => l.materialNumber === materialNumber);

describe('configurationBill: the hand-checked block (fixtures/configurations/README.md)', () => {
  // 3 × 2 cells, 2 layers of full boxes, infiltration.
  const config: BoxConfiguration = { id: 'c1', name: 'Block', stormwaterObjective: 'infiltration', items: block(3, 2, 2) };
  const bill = configurationBill(config, catalogue);

  it('12 boxes × 189.00', () => expect(line(bill, '100100')).toMatchObject({ quantity: '12', unitPrice: '189.00', totalPrice: '2268.00' }));
  it('20 side wall plates: perimeter 2 (3 + 2) = 10 outer faces per layer × 2 layers', () => {
    expect(bill.quantities.outerFaces).toBe(20);
    expect(line(bill, '100122')).toMatchObject({ quantity: '20', totalPrice: '284.00' });
  });
  it('connectors: 7 side-by-side pairs per layer × 2 × 2 + 6 stacked pairs × 4 = 52', () => {
    expect(bill.quantities).toMatchObject({ horizontalPairs: 14, stackedPairs: 6 });
    expect(line(bill, '100110')).toMatchObject({ quantity: '52', totalPrice: '96.20' });
  });
  it('geotextile: envelope 2.4 × 1.6 × 1.32 m, 18.24 m² → 20 m² (sales unit 5 m²)', () => {
    expect(bill.quantities).toMatchObject({ lengthMm: 2400, widthMm: 1600, heightMm: 1320, surfaceAreaM2: '18.24', geotextileM2: '20', foilM2: '0' });
    expect(line(bill, '300100')).toMatchObject({ quantity: '20', totalPrice: '27.00' });
    expect(line(bill, '300110')).toBeUndefined();
  });
  it('total 2,675.20 EUR, net volume 12 boxes × 0.64 m² × 0.66 m × 95 % (decision 0168)', () => {
    expect(bill.totalPrice).toBe('2675.20');
    expect(bill.currency).toBe('EUR');
    expect(bill.quantities.boxVolumeNetL).toBeCloseTo(4815.36, 9);
    expect(bill.issues).toEqual([]);
  });
});

describe('configurationBill rules', () => {
  it('retention: foil = surface area and fleece on both sides, rounded up to whole m²', () => {
    const bill = configurationBill({ id: 'c', name: 'R', stormwaterObjective: 'retention', items: block(1, 1, 1) }, catalogue);
    // 0.8 × 0.8 × 0.66: 2 (0.64 + 0.528 + 0.528) = 3.392 m²
    expect(bill.quantities.surfaceAreaM2).toBe('3.392');
    expect(line(bill, '300110')).toMatchObject({ quantity: '4' });
    expect(line(bill, '300120')).toMatchObject({ quantity: '7' });
    expect(line(bill, '300100')).toBeUndefined();
  });

  it('a shaft covers the faces of its neighbours in every layer and takes its whole column', () => {
    const items: Item[] = [...block(2, 1, 2), { boxTypeId: 'SHAFT_C3_X_100', x: 2, y: 0, z: 0, rotation: 'North' }, { boxTypeId: 'BOX_FULL', x: 2, y: 1, z: 0, rotation: 'North' }];
    const bill = configurationBill({ id: 'c', name: 'S', items }, catalogue);
    expect(bill.issues.map((i) => i.code)).toEqual(['SHAFT_COLUMN_OCCUPIED']);
    // per layer: 2 boxes in a row = 6 faces, minus the one facing the shaft = 5
    expect(bill.quantities).toMatchObject({ boxes: 4, shafts: 1, outerFaces: 10 });
    expect(line(bill, '200100')).toMatchObject({ quantity: '1', totalPrice: '680.00' });
  });

  it('placing in an occupied cell replaces (the later item counts)', () => {
    const bill = configurationBill({ id: 'c', name: 'D', items: [...block(1, 1, 1), { boxTypeId: 'BOX_HALF', x: 0, y: 0, z: 0, rotation: 'West' }] }, catalogue);
    expect(bill.issues.map((i) => i.code)).toEqual(['CELL_OCCUPIED_TWICE']);
    expect(line(bill, '100100')).toBeUndefined();
    expect(line(bill, '100101')).toMatchObject({ quantity: '1' });
    expect(line(bill, '100123')).toMatchObject({ quantity: '4' });
  });

  it('cube sides turn with the rotation: N → W → S → E', () => {
    expect(['North', 'West', 'South', 'East'].map((r) => cubeSideFacing(r, 0))).toEqual(['front', 'right', 'back', 'left']);
    expect(cubeSideFacing('North', 1)).toBe('left');
    expect(cubeSideFacing('West', 1)).toBe('front');
  });

  it('a throttle shaft bills its shaft type and options; a connection its plant, adapter and seal', () => {
    const items: Item[] = [
      {
        boxTypeId: 'BOX_FULL', x: 0, y: 0, z: 0, rotation: 'North',
        options: [
          { propertyId: 'side.front.plant1', value: 'PIPE_DN160' },
          { propertyId: 'side.front.plant1.seal', optionId: 'withSeal', value: true },
          { propertyId: 'side.front.height', value: 200 },
        ],
      },
      {
        boxTypeId: 'SHAFT_C3_DROSSEL_150', x: 1, y: 0, z: 0, rotation: 'North',
        options: [
          { propertyId: 'shaft', optionId: 'perforated' },
          { propertyId: 'shaft.cover', optionId: 'D400' },
          { propertyId: 'shaft.ventilation', optionId: 'withVentilation', value: false },
        ],
      },
    ];
    const bill = configurationBill({ id: 'c', name: 'T', items }, catalogue, { language: 'en' });
    expect(bill.issues).toEqual([]);
    expect(bill.quantities.connections).toBe(1);
    expect(line(bill, '100141')).toMatchObject({ text: 'Pipe connection DN 160', quantity: '1' });
    expect(line(bill, '100131')).toMatchObject({ quantity: '1' });
    expect(line(bill, '220240')).toMatchObject({ quantity: '1' });
    expect(line(bill, '210150')).toMatchObject({ quantity: '1' });
    expect(line(bill, '220110')).toMatchObject({ quantity: '1' });
    expect(line(bill, '220220')).toMatchObject({ quantity: '1' });
    expect(line(bill, '220200')).toBeUndefined();
  });

  it('refuses impossible connections and unknown options as issues, never throws', () => {
    const items: Item[] = [
      {
        boxTypeId: 'BOX_HALF', x: 0, y: 0, z: 0, rotation: 'North',
        options: [
          { propertyId: 'side.front.plant1', value: 'PIPE_DN500' },
          { propertyId: 'side.top.plant1', value: 'PIPE_DN110' },
          { propertyId: 'side.front.plant3', value: 'PIPE_DN110' },
          { propertyId: 'nonsense', optionId: 'x' },
        ],
      },
      { boxTypeId: 'NO_SUCH', x: 0, y: 0, z: 1, rotation: 'North' },
      { boxTypeId: 'BOX_FULL', x: -1, y: 0, z: 0, rotation: 'North' },
      { boxTypeId: 'BOX_FULL', x: 0.5, y: 0, z: 0, rotation: 'North' },
      { boxTypeId: 'BOX_FULL', x: 0, y: 7, z: 0, rotation: 'North' },
    ];
    const bill = configurationBill({ id: 'c', name: 'X', items }, catalogue);
    expect(bill.issues.map((i) => i.code)).toEqual([
      'UNKNOWN_ITEM_TYPE',
      'ITEM_OUTSIDE_GRID',
      'ITEM_OUTSIDE_GRID',
      'ITEM_OUTSIDE_GRID',
      'CONNECTION_NOT_POSSIBLE',
      'CONNECTION_NOT_POSSIBLE',
      'UNKNOWN_OPTION',
      'UNKNOWN_OPTION',
    ]);
    expect(bill.issues[0]).toMatchObject({ messageKey: 'bom.unknownItemType', path: '$.items[1]', ownerId: 'c' });
  });

  it('additional products: catalogue price by default, own price kept, unknown without price reported', () => {
    const bill = configurationBill(
      {
        id: 'c', name: 'A', items: [],
        additionalProducts: [
          { materialNumber: '600110', quantity: '2.5' },
          { materialNumber: '600110', quantity: '1' },
          { materialNumber: '600110', quantity: '3', unitPrice: '70.00' },
          { materialNumber: 'X-1', quantity: '1' },
          { materialNumber: 'X-2', quantity: '2', text: 'Crane', unitPrice: '0.005' as string },
        ],
      },
      catalogue,
    );
    const lines = bill.massListGroups[0]!.lines;
    expect(lines[0]).toMatchObject({ materialNumber: '600110', quantity: '3.5', unitPrice: '78.50', totalPrice: '274.75' });
    expect(lines[1]).toMatchObject({ quantity: '3', unitPrice: '70.00', totalPrice: '210.00' });
    expect(lines[2]).toMatchObject({ materialNumber: 'X-2', text: 'Crane', unitPrice: '0.01', totalPrice: '0.01' });
    expect(bill.issues.map((i) => i.code)).toEqual(['UNKNOWN_PRODUCT']);
    expect(bill.totalPrice).toBe('484.76');
  });

  it('line totals round half-up to cents, the total is the exact sum of the lines', () => {
    const bill = configurationBill(
      { id: 'c', name: 'R', items: [], additionalProducts: [{ materialNumber: '300100', quantity: '0.5' }, { materialNumber: '300120', quantity: '0.333' }] },
      catalogue,
    );
    // 1.35 × 0.5 = 0.675 → 0.68; 1.95 × 0.333 = 0.64935 → 0.65
    expect(bill.massListGroups[0]!.lines.map((l) => l.totalPrice)).toEqual(['0.68', '0.65']);
    expect(bill.totalPrice).toBe('1.33');
  });

  it('without prices: no unit or total prices', () => {
    const bill = configurationBill({ id: 'c', name: 'B', items: block(1, 1, 1) }, catalogue, { prices: false, language: 'de' });
    expect(bill.totalPrice).toBeNull();
    expect(bill.massListGroups[0]!.lines[0]).toMatchObject({ text: 'Rigole-Box 800 × 800 × 660', unitPrice: null, totalPrice: null });
  });
});

const base: Project = { schemaVersion: 4, project: { name: 'P' }, waterflow: { sealedSurfaces: [], purifications: [], measures: [] } };
const measure = (id: string, data: NonNullable<Project['waterflow']['measures'][number]['data']>) =>
  ({ id, name: `Measure ${id}`, sealedSurfaces: [], data }) as unknown as Project['waterflow']['measures'][number];

describe('measures without a configuration', () => {
  it('pipe tank: pipes a × L, gravel L·B·H − a·π/4·d_a²·L (0.1 m³ up), geotextile 2(LB+LH+BH) (5 m² up)', () => {
    const project: Project = {
      ...base,
      waterflow: { ...base.waterflow, measures: [measure('m1', { installationTarget: 'Infiltration', installationVariant: 'infiltrationTank', infiltrationTankType: 'Pipe', dimensioningInfiltrationTank: { length: 10, width: 1.2, height: 1, numberOfPipes: 2, pipeType: 'DN_ID_350' } })] },
    };
    const bill = measureMassList(project, 'm1', catalogue)!;
    expect(line(bill, '400200')).toMatchObject({ quantity: '20', unit: 'm', totalPrice: '1086.00' });
    // 12 − 2 · π/4 · 0.397² · 10 = 9.5242… → 9.6 m³
    expect(line(bill, '300200')).toMatchObject({ quantity: '9.6', totalPrice: '369.60' });
    // 2 (12 + 10 + 1.2) = 46.4 → 50 m²
    expect(line(bill, '300100')).toMatchObject({ quantity: '50' });
  });

  it('retention pipe: pipes only; trough: topsoil area × 0.3 m', () => {
    const project: Project = {
      ...base,
      waterflow: {
        ...base.waterflow,
        measures: [
          measure('r', { installationTarget: 'Retention', installationType: 'backwaterChannel', dimensioningInfiltrationTank: { length: 25, numberOfPipes: 1, pipeType: 'DN_ID_800' } }),
          measure('t', { installationTarget: 'Infiltration', installationVariant: 'trough', dimensioningTrough: { width: 2, length: 7.5, depth: 0.3, slope: 2 } }),
        ],
      },
    };
    expect(measureMassList(project, 'r', catalogue)!.massListGroups[0]!.lines).toEqual([
      expect.objectContaining({ materialNumber: '400260', quantity: '25', totalPrice: '5350.00' }),
    ]);
    expect(line(measureMassList(project, 't', catalogue)!, '300210')).toMatchObject({ quantity: '4.5', totalPrice: '130.50' });
    expect(measureMassList(project, 'nope', catalogue)).toBeUndefined();
  });

  it('box tank without configuration: a full block L/0.8 × B/0.8 × levels, half level as half boxes', () => {
    const project: Project = {
      ...base,
      waterflow: { ...base.waterflow, measures: [measure('b', { installationTarget: 'Retention', installationType: 'retentionBasin', dimensioningInfiltrationTank: { length: 2.4, width: 1.6, levels: 1.5 } })] },
    };
    const bill = measureMassList(project, 'b', catalogue)!;
    expect(line(bill, '100100')).toMatchObject({ quantity: '6' });
    expect(line(bill, '100101')).toMatchObject({ quantity: '6' });
    expect(line(bill, '300110')).toBeDefined();
  });

  it('missing dimensions are an issue, not a crash', () => {
    const project: Project = { ...base, waterflow: { ...base.waterflow, measures: [measure('p', { installationTarget: 'Infiltration', installationVariant: 'infiltrationTank', infiltrationTankType: 'Pipe' })] } };
    const bill = measureMassList(project, 'p', catalogue)!;
    expect(bill.issues.map((i) => i.code)).toEqual(['MEASURE_DIMENSIONS_MISSING']);
    expect(bill.totalPrice).toBe('0.00');
  });
});

describe('projectMassList grouping', () => {
  const project: Project = {
    ...base,
    waterflow: {
      ...base.waterflow,
      measures: [
        measure('m1', { installationTarget: 'Infiltration', installationVariant: 'infiltrationTank', infiltrationTankType: 'Box', dimensioningInfiltrationTank: { length: 0.8, width: 0.8, levels: 1 } }),
        measure('m2', { installationTarget: 'Retention', installationType: 'backwaterChannel', dimensioningInfiltrationTank: { length: 2, numberOfPipes: 1, pipeType: 'DN_ID_500' } }),
      ],
    },
    boxConfigurations: [
      { id: 'c1', name: 'Linked', measureId: 'm1', stormwaterObjective: 'infiltration', items: block(2, 1, 1) },
      { id: 'c2', name: 'Custom', measureId: null, items: block(1, 1, 1), additionalProducts: [{ materialNumber: '600110', quantity: '1' }] },
    ],
    measureProducts: [{ measureId: 'm1', products: [{ materialNumber: '600100', quantity: '1' }] }],
  };
  const sum = (values: readonly (string | null)[]) => values.reduce((a, v) => a + Math.round(Number(v) * 100), 0);

  it('none: one group with every product merged', () => {
    const bill = projectMassList(project, catalogue);
    expect(bill.massListGroups.map((g) => [g.groupName, g.systemType])).toEqual([['P', 'project']]);
    expect(line(bill, '100100')).toMatchObject({ quantity: '3' });
  });

  it('measure: per measure (with its configuration and products), then custom configurations', () => {
    const bill = projectMassList(project, catalogue, { groupBy: 'measure' });
    expect(bill.massListGroups.map((g) => [g.order, g.groupName, g.systemType, g.ownerId])).toEqual([
      [1, 'Measure m1', 'measure', 'm1'],
      [2, 'Measure m2', 'measure', 'm2'],
      [3, 'Custom', 'configuration', 'c2'],
    ]);
    expect(bill.massListGroups[0]!.lines.find((l) => l.materialNumber === '100100')).toMatchObject({ quantity: '2' });
    expect(bill.massListGroups[0]!.lines.some((l) => l.materialNumber === '600100')).toBe(true);
  });

  it('configuration: per configuration, then what the measures add', () => {
    const bill = projectMassList(project, catalogue, { groupBy: 'configuration' });
    expect(bill.massListGroups.map((g) => g.groupName)).toEqual(['Linked', 'Custom', 'Measure m1', 'Measure m2']);
  });

  it('every grouping has the same grand total, the exact sum of its groups and lines', () => {
    const totals = (['none', 'measure', 'configuration'] as const).map((groupBy) => {
      const bill = projectMassList(project, catalogue, { groupBy });
      expect(sum(bill.massListGroups.map((g) => g.totalPrice))).toBe(Math.round(Number(bill.totalPrice) * 100));
      for (const g of bill.massListGroups) expect(sum(g.lines.map((l) => l.totalPrice))).toBe(Math.round(Number(g.totalPrice) * 100));
      return bill.totalPrice;
    });
    expect(new Set(totals).size).toBe(1);
  });
});
