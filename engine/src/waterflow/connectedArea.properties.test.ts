import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { connectedArea, evaluate, surfaceConnectedArea, type SealedSurface } from '../index.ts';
import { projectArb, waterflowArb } from '../testing/arbitraries.test-helpers.ts';

/** Σ A_E · C_m over the listed surfaces (those with both values), in list order. */
function sumAC(ids: readonly string[], byId: ReadonlyMap<string, SealedSurface>): number {
  let sum = 0;
  for (const id of ids) {
    const s = byId.get(id)!;
    if (typeof s.value === 'number' && typeof s.data.cm === 'number') sum += s.value * s.data.cm;
  }
  return sum;
}

const sumArea = (ids: readonly string[], byId: ReadonlyMap<string, SealedSurface>) => ids.reduce((sum, id) => sum + (byId.get(id)!.value ?? 0), 0);
const close = (a: number, b: number) => Math.abs(a - b) <= 1e-12 * Math.max(1, Math.abs(a), Math.abs(b));

describe('connectedArea', () => {
  it('AC of every purification and measure is Σ A_E·C_m of its surfaces (stored by the operations and computed by evaluate)', () => {
    fc.assert(
      fc.property(projectArb({ mode: 'sane' }), (project) => {
        const wf = project.waterflow;
        const byId = new Map(wf.sealedSurfaces.map((s) => [s.id, s]));
        const evaluation = evaluate(project);
        for (const node of [...wf.purifications, ...wf.measures]) {
          const expected = node.sealedSurfaces.length === 0 ? undefined : sumAC(node.sealedSurfaces, byId);
          expect(connectedArea(node.sealedSurfaces, byId)).toBe(expected);
          expect(node.AC ?? undefined).toBe(expected);
          const result = [...evaluation.purifications, ...evaluation.measures].find((r) => r.id === node.id)!;
          expect(result.AC).toBe(expected);
        }
        for (const [i, s] of wf.sealedSurfaces.entries()) {
          const expected = typeof s.value === 'number' && typeof s.data.cm === 'number' ? s.value * s.data.cm : undefined;
          expect(surfaceConnectedArea(s)).toBe(expected);
          expect(evaluation.sealedSurfaces[i]!.AC).toBe(expected);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('is additive: AC of a union of disjoint surface sets is the sum of their ACs; a measure’s AC is the sum over its purifications and direct surfaces', () => {
    fc.assert(
      fc.property(waterflowArb({ mode: 'sane', maxSurfaces: 8 }), fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }), (wf, side) => {
        const byId = new Map(wf.sealedSurfaces.map((s) => [s.id, s]));
        const ids = wf.sealedSurfaces.map((s) => s.id);
        const a = ids.filter((_, i) => side[i]);
        const b = ids.filter((_, i) => !side[i]);
        const whole = connectedArea(ids, byId)!;
        expect(close(whole, (connectedArea(a, byId) ?? 0) + (connectedArea(b, byId) ?? 0))).toBe(true);
        expect(connectedArea([], byId)).toBeUndefined();
        for (const m of wf.measures) {
          const purifications = wf.purifications.filter((p) => p.parentId === m.id);
          const direct = m.sealedSurfaces.filter((id) => byId.get(id)!.parentId === m.id);
          const parts = [...purifications.map((p) => p.AC ?? 0), connectedArea(direct, byId) ?? 0];
          expect(close(m.AC ?? 0, parts.reduce((x, y) => x + y, 0))).toBe(true);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('never exceeds the summed sealed area Σ A_E when every cm ≤ 1', () => {
    fc.assert(
      fc.property(waterflowArb({ mode: 'sane', maxSurfaces: 8 }), fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }), (wf, chosen) => {
        const byId = new Map(wf.sealedSurfaces.map((s) => [s.id, s]));
        const ids = wf.sealedSurfaces.map((s) => s.id).filter((_, i) => chosen[i]);
        expect(connectedArea(ids, byId) ?? 0).toBeLessThanOrEqual(sumArea(ids, byId));
        for (const node of [...wf.purifications, ...wf.measures]) {
          expect(node.AC ?? 0).toBeLessThanOrEqual(sumArea(node.sealedSurfaces, byId));
          expect(node.AC ?? 0).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: 150 },
    );
  });
});
