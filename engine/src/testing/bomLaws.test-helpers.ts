/**
 * Laws of the bill of materials on random configurations of the demo catalogue: every total is the
 * exact sum of its lines, no NaN, no negative quantity, no crash, whatever the items (unknown
 * types, cells outside the grid, random options and additional products). Shared by the unit
 * tests (few runs, src/bom/bom.properties.test.ts) and the bench job (10,000 runs,
 * bench/boxgrid.bench.ts), like the box grid's laws.
 */
import fc from 'fast-check';
import type { BoxConfiguration } from '../model/project.ts';
import { configurationBill, projectMassList } from '../bom/massList.ts';
import { Dec } from '../bom/money.ts';
import type { BillOfMaterials } from '../bom/types.ts';
import { demoCatalogue } from '../../test-support/demoCatalogue.ts';

function expectTrue(condition: boolean, what: string): void {
  if (!condition) throw new Error(`bill law broken: ${what}`);
}

const catalogue = demoCatalogue();
const typeIds = [...catalogue.itemTypes.map((t) => t.businessId), 'UNKNOWN'];
const optionIds = ['shaft', 'shaft.cover', 'shaft.ventilation', 'shaft.dirtTrap', 'side.front.plant1', 'side.left.plant2', 'side.back.plant1.seal', 'side.right.height', 'side.top.plant1', 'x'];

const itemArb = fc.record({
  boxTypeId: fc.constantFrom(...typeIds),
  x: fc.oneof(fc.integer({ min: 0, max: 6 }), fc.constantFrom(-1, 0.5, 250)),
  y: fc.oneof(fc.integer({ min: 0, max: 3 }), fc.constant(9)),
  z: fc.integer({ min: 0, max: 4 }),
  rotation: fc.constantFrom('North', 'West', 'South', 'East' as const),
  options: fc.array(
    fc.record({
      propertyId: fc.constantFrom(...optionIds),
      optionId: fc.option(fc.constantFrom('float', 'grid', 'B125', 'D400', 'withVentilation', 'bucket', 'withSeal', 'nope'), { nil: undefined }),
      value: fc.option(fc.oneof(fc.constantFrom('PIPE_DN110', 'PIPE_DN500', 'PIPE_DN999'), fc.integer({ min: -3, max: 5 }), fc.boolean()), { nil: undefined }),
    }),
    { maxLength: 4 },
  ),
});
const productArb = fc.record({
  materialNumber: fc.constantFrom('100100', '300100', '600110', 'UNKNOWN-1'),
  quantity: fc.tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 999 })).map(([a, b]) => `${a}.${String(b).padStart(3, '0')}`),
  unitPrice: fc.option(fc.tuple(fc.integer({ min: 0, max: 99999 }), fc.integer({ min: 0, max: 99 })).map(([a, b]) => `${a}.${String(b).padStart(2, '0')}`), { nil: undefined }),
});
const configurationArb = fc.record({
  id: fc.constant('c'),
  name: fc.constant('C'),
  stormwaterObjective: fc.constantFrom('retention', 'infiltration', undefined),
  items: fc.array(itemArb, { maxLength: 60 }),
  additionalProducts: fc.array(productArb, { maxLength: 4 }),
}) as fc.Arbitrary<BoxConfiguration>;

function checkBill(bill: BillOfMaterials): void {
  let grand = new Dec(0);
  for (const g of bill.massListGroups) {
    let sum = new Dec(0);
    for (const l of g.lines) {
      const q = new Dec(l.quantity);
      expectTrue(!q.isNegative(), `negative quantity of ${l.materialNumber}`);
      expectTrue(q.isFinite(), `non-finite quantity of ${l.materialNumber}`);
      expectTrue(new Dec(l.unitPrice!).times(q).toDecimalPlaces(2, Dec.ROUND_HALF_UP).toFixed(2) === l.totalPrice, `line total of ${l.materialNumber}`);
      sum = sum.plus(l.totalPrice!);
    }
    expectTrue(sum.toFixed(2) === g.totalPrice, `group total of ${g.groupName}`);
    grand = grand.plus(g.totalPrice!);
  }
  expectTrue(grand.toFixed(2) === bill.totalPrice, 'grand total');
  expectTrue(!/NaN|Infinity/.test(JSON.stringify(bill)), 'NaN or Infinity in the bill');
}

/** The bill laws at `numRuns` runs each. */
export function bomLaws(numRuns: number): Record<string, () => void> {
  return {
    'every bill total equals the sum of its lines; no NaN, no negative quantity, no crash': () =>
      fc.assert(
        fc.property(configurationArb, fc.constantFrom('de', 'en' as const), (configuration, language) => {
          checkBill(configurationBill(configuration, catalogue, { language }));
        }),
        { numRuns },
      ),

    // Decision 0091: a merged line is rounded once, separate lines each; so with fractional
    // quantities the groupings' totals may differ by at most half a cent per line of the finer list.
    'the grand total of a project depends on the grouping by at most the rounding of its lines (not at all with whole quantities)': () =>
      fc.assert(
        fc.property(fc.array(configurationArb, { maxLength: 3 }), (configurations) => {
          const project = {
            schemaVersion: 4 as const,
            project: { name: 'P' },
            waterflow: { sealedSurfaces: [], purifications: [], measures: [] },
            boxConfigurations: configurations.map((c, i) => ({ ...c, id: `c${i}` })),
          };
          const bills = (['none', 'measure', 'configuration'] as const).map((groupBy) => {
            const bill = projectMassList(project, catalogue, { groupBy });
            checkBill(bill);
            return bill;
          });
          const lines = bills[1]!.massListGroups.reduce((n, g) => n + g.lines.length, 0);
          const whole = bills.every((b) => b.massListGroups.every((g) => g.lines.every((l) => Number.isInteger(Number(l.quantity)))));
          for (const b of bills) {
            const diff = new Dec(b.totalPrice!).minus(bills[1]!.totalPrice!).abs();
            expectTrue(diff.lte(new Dec(lines).times('0.005')), 'grouping changes the total by more than the line rounding');
            if (whole) expectTrue(diff.isZero(), 'grouping changes the total of whole quantities');
          }
        }),
        { numRuns },
      ),

    'boxes are additive: two disjoint blocks bill as many boxes as both alone': () =>
      fc.assert(
        fc.property(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 4 }), (nx, nz) => {
          const block = (x0: number) => Array.from({ length: nx * nz }, (_, i) => ({ boxTypeId: 'BOX_FULL', x: x0 + (i % nx), y: 0, z: Math.floor(i / nx), rotation: 'North' as const }));
          const one = configurationBill({ id: 'a', name: 'a', items: block(0) }, catalogue).quantities;
          const two = configurationBill({ id: 'b', name: 'b', items: [...block(0), ...block(nx + 1)] }, catalogue).quantities;
          expectTrue(two.boxes === 2 * one.boxes, 'boxes not additive');
          expectTrue(two.outerFaces === 2 * one.outerFaces, 'outer faces not additive');
          expectTrue(two.horizontalPairs === 2 * one.horizontalPairs, 'pairs not additive');
        }),
        { numRuns },
      ),
  };
}
