import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assignSurfaces,
  checkWaterflowLinks,
  connectedArea,
  deleteNode,
  deriveDrain,
  detachSurface,
  eligibleSurfaces,
  isEngineError,
  parseProject,
  serializeProject,
  setSurfaceDrain,
  type Project,
  type Waterflow,
} from '../index.ts';
import { DEFAULTS } from '../tables/index.ts';
import { projectArb } from '../testing/arbitraries.test-helpers.ts';
import { applyOp, opArb, type Op } from '../testing/waterflowOps.test-helpers.ts';
import { allNodes, deepFreeze, stripChanged, stripNode, withWaterflow } from '../testing/projects.test-helpers.ts';

/** Runs operations from a project, skipping those that throw EngineError; any other error fails. */
function run(project: Project, ops: readonly Op[], check: (before: Waterflow, after: Waterflow, changed: readonly string[], op: Op, target: string | null) => void): void {
  let wf = deepFreeze(structuredClone(project.waterflow));
  ops.forEach((op, step) => {
    let applied;
    try {
      applied = applyOp(wf, op, step);
    } catch (e) {
      if (isEngineError(e)) return;
      throw e;
    }
    check(wf, applied.result.waterflow, applied.result.changed, op, applied.target);
    wf = deepFreeze(applied.result.waterflow);
  });
}

const sequenceArb = fc.tuple(fc.oneof(projectArb({ mode: 'sane' }), projectArb({ mode: 'sane', coherent: true })), fc.array(opArb, { minLength: 1, maxLength: 25 }));

/** Absent and null mean the same on the wire ("not set"): drop null-valued keys before comparing. */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null).map(([k, v]) => [k, withoutNulls(v)]));
  return value;
}
const comparable = (wf: Waterflow) => withoutNulls(stripChanged(wf));

const drainOf = (wf: Waterflow, id: string) => wf.sealedSurfaces.find((s) => s.id === id)?.drain ?? undefined;
const parentOf = (wf: Waterflow, id: string) => wf.sealedSurfaces.find((s) => s.id === id)?.parentId ?? null;

describe('waterflow operations (random sequences)', () => {
  it('never leave a dangling parentId or surface id: links check clean and the project parses after every step; only EngineError is thrown', () => {
    fc.assert(
      fc.property(sequenceArb, ([project, ops]) => {
        run(project, ops, (_before, after) => {
          expect(checkWaterflowLinks(after)).toEqual([]);
          expect(after.sealedSurfaces.length).toBeGreaterThanOrEqual(1);
          const parsed = parseProject(serializeProject(withWaterflow(project, after)));
          if (!parsed.ok) expect(parsed.errors).toEqual([]);
        });
      }),
      { numRuns: 150 },
    );
  });

  it('keep the derived fields right after every step: drain and AC of each node follow its surfaces; flooding verification is on at AC ≥ 800', () => {
    fc.assert(
      fc.property(sequenceArb, ([project, ops]) => {
        run(project, ops, (_before, after) => {
          const byId = new Map(after.sealedSurfaces.map((s) => [s.id, s]));
          for (const node of [...after.purifications, ...after.measures]) {
            expect(node.drain ?? undefined).toBe(deriveDrain(node.sealedSurfaces, byId));
            expect(node.AC ?? undefined).toBe(connectedArea(node.sealedSurfaces, byId));
          }
          for (const m of after.measures) if ((m.AC ?? 0) >= DEFAULTS.acThresholdM2) expect(m.data.floodingVerification).toBe(true);
        });
      }),
      { numRuns: 150 },
    );
  });

  it('`changed` lists exactly the nodes that differ (ignoring the changed flag) plus the removed ones, and flags them', () => {
    fc.assert(
      fc.property(sequenceArb, ([project, ops]) => {
        run(project, ops, (before, after, changed) => {
          const old = new Map(allNodes(before).map((n) => [n.id, stripNode(n)]));
          const now = new Map(allNodes(after).map((n) => [n.id, stripNode(n)]));
          const differing = [...now.keys()].filter((id) => !old.has(id) || !isDeepStrictEqual(old.get(id), now.get(id)));
          const removed = [...old.keys()].filter((id) => !now.has(id));
          expect(new Set(changed).size).toBe(changed.length);
          expect([...changed].sort()).toEqual([...differing, ...removed].sort());
          for (const n of allNodes(after)) if (changed.includes(n.id)) expect(n.changed).toBe(true);
        });
      }),
      { numRuns: 150 },
    );
  });

  it('`changed` covers every node that differs plus the removed ones (completeness), and flags them', () => {
    fc.assert(
      fc.property(sequenceArb, ([project, ops]) => {
        run(project, ops, (before, after, changed, _op, target) => {
          const old = new Map(allNodes(before).map((n) => [n.id, stripNode(n)]));
          const now = new Map(allNodes(after).map((n) => [n.id, stripNode(n)]));
          const differing = [...now.keys()].filter((id) => !old.has(id) || !isDeepStrictEqual(old.get(id), now.get(id)));
          const removed = [...old.keys()].filter((id) => !now.has(id));
          for (const id of [...differing, ...removed]) expect(changed).toContain(id);
          // Beyond those, only the node the operation was applied to (an edit that happens to change nothing).
          for (const id of changed) expect([...differing, ...removed, target]).toContain(id);
          for (const n of allNodes(after)) {
            if (changed.includes(n.id)) expect(n.changed).toBe(true);
            else expect(n.changed).toBe(allNodes(before).find((x) => x.id === n.id)?.changed);
          }
        });
      }),
      { numRuns: 150 },
    );
  });
});

/** Generated inputs of the assign/detach round trip. */
const roundTripArb = fc.record({
  project: projectArb({ mode: 'sane', coherent: true, maxSurfaces: 8 }),
  node: fc.nat(),
  picks: fc.array(fc.nat(), { minLength: 1, maxLength: 4 }),
});

/** Chooses surfaces to add to a purification or measure: eligible, same drain, currently attached to `from`. */
function chooseAddition(wf: Waterflow, nodeIndex: number, picks: readonly number[], restoreByAssign: boolean) {
  const targets = [...wf.purifications, ...wf.measures];
  if (targets.length === 0) return undefined;
  const node = targets[nodeIndex % targets.length]!;
  const isMeasure = wf.measures.includes(node as never);
  const previous = [...node.sealedSurfaces];
  const from = restoreByAssign && !isMeasure ? (node.parentId ?? null) : null;
  const candidates = eligibleSurfaces(wf, node.id, previous).filter((id) => !previous.includes(id) && parentOf(wf, id) === from);
  if (candidates.length === 0) return undefined;
  const drain = previous.length > 0 ? drainOf(wf, previous[0]!) : drainOf(wf, candidates[picks[0]! % candidates.length]!);
  const sameDrain = candidates.filter((id) => drainOf(wf, id) === drain);
  if (sameDrain.length === 0) return undefined;
  const added = [...new Set(picks.map((k) => sameDrain[k % sameDrain.length]!))];
  return { node, previous, added };
}

/** The measure a node's surfaces reach (itself or its purification's measure). */
const measureOf = (wf: Waterflow, nodeId: string) => (wf.measures.some((m) => m.id === nodeId) ? nodeId : (wf.purifications.find((p) => p.id === nodeId)?.parentId ?? null));

/**
 * What a round trip may leave behind: automatic flooding verification switches on at AC ≥ 800 m²
 * (spec section 4) and stays on when the surfaces are taken away again.
 */
function expectedAfterRoundTrip(original: Waterflow, intermediate: Waterflow, nodeId: string): Waterflow {
  const measureId = measureOf(original, nodeId);
  return {
    ...original,
    measures: original.measures.map((m) => {
      const mid = intermediate.measures.find((x) => x.id === m.id)!;
      return m.id === measureId && m.data.floodingVerification !== true && mid.data.floodingVerification === true ? { ...m, data: { ...m.data, floodingVerification: true } } : m;
    }),
  };
}

describe('assignSurfaces / detachSurface', () => {
  it('assigning more surfaces and then assigning the previous list again restores the waterflow (modulo changed flags, null ≡ absent, sticky automatic flooding verification)', () => {
    fc.assert(
      fc.property(roundTripArb, ({ project, node: k, picks }) => {
        const wf = project.waterflow;
        const choice = chooseAddition(wf, k, picks, true);
        fc.pre(choice !== undefined);
        const { node, previous, added } = choice!;
        const assigned = assignSurfaces(wf, node.id, [...previous, ...added]).waterflow;
        for (const id of added) expect(parentOf(assigned, id)).toBe(node.id);
        const restored = assignSurfaces(assigned, node.id, previous).waterflow;
        expect(comparable(restored)).toStrictEqual(comparable(expectedAfterRoundTrip(wf, assigned, node.id)));
      }),
      { numRuns: 200 },
    );
  });

  it('assigning unattached surfaces and then detaching them restores the waterflow (modulo changed flags, null ≡ absent, sticky automatic flooding verification)', () => {
    fc.assert(
      fc.property(roundTripArb, ({ project, node: k, picks }) => {
        const wf = project.waterflow;
        const choice = chooseAddition(wf, k, picks, false);
        fc.pre(choice !== undefined);
        const { node, previous, added } = choice!;
        const assigned = assignSurfaces(wf, node.id, [...previous, ...added]).waterflow;
        const restored = added.reduce((w, id) => detachSurface(w, id).waterflow, assigned);
        expect(comparable(restored)).toStrictEqual(comparable(expectedAfterRoundTrip(wf, assigned, node.id)));
      }),
      { numRuns: 200 },
    );
  });

  it('a round trip that keeps the measure below the flooding threshold restores the waterflow exactly (modulo changed flags, null ≡ absent)', () => {
    fc.assert(
      fc.property(roundTripArb, fc.boolean(), ({ project, node: k, picks }, byAssign) => {
        const wf = project.waterflow;
        const choice = chooseAddition(wf, k, picks, byAssign);
        fc.pre(choice !== undefined);
        const { node, previous, added } = choice!;
        const assigned = assignSurfaces(wf, node.id, [...previous, ...added]).waterflow;
        const measureId = measureOf(wf, node.id);
        fc.pre(measureId === null || (assigned.measures.find((m) => m.id === measureId)!.AC ?? 0) < DEFAULTS.acThresholdM2);
        const restored = byAssign ? assignSurfaces(assigned, node.id, previous).waterflow : added.reduce((w, id) => detachSurface(w, id).waterflow, assigned);
        expect(comparable(restored)).toStrictEqual(comparable(wf));
      }),
      { numRuns: 200 },
    );
  });
});

describe('deleteNode', () => {
  it('never deletes the last surface (LAST_SURFACE), whatever else the waterflow holds', () => {
    fc.assert(
      fc.property(projectArb({ mode: 'sane', maxSurfaces: 1 }), (project) => {
        const wf = project.waterflow;
        const only = wf.sealedSurfaces[0]!;
        let error: unknown;
        try {
          deleteNode(wf, only.id);
        } catch (e) {
          error = e;
        }
        expect(isEngineError(error)).toBe(true);
        expect((error as { code?: string }).code).toBe('LAST_SURFACE');
      }),
      { numRuns: 100 },
    );
  });

  it('deleting surfaces one by one stops at LAST_SURFACE with exactly one surface left', () => {
    fc.assert(
      fc.property(projectArb({ mode: 'sane' }), fc.array(fc.nat(), { minLength: 8, maxLength: 8 }), (project, picks) => {
        let wf = project.waterflow;
        for (const k of picks) {
          const id = wf.sealedSurfaces[k % wf.sealedSurfaces.length]!.id;
          if (wf.sealedSurfaces.length === 1) {
            expect(() => deleteNode(wf, id)).toThrow(expect.objectContaining({ code: 'LAST_SURFACE' }));
            return;
          }
          wf = deleteNode(wf, id).waterflow;
          expect(wf.sealedSurfaces.some((s) => s.id === id)).toBe(false);
          expect(checkWaterflowLinks(wf)).toEqual([]);
        }
      }),
      { numRuns: 100 },
    );
  });

  it('deleting a purification moves its surfaces to its measure (or detaches them when it has none)', () => {
    fc.assert(
      fc.property(projectArb({ mode: 'sane', maxPurifications: 3 }), fc.nat(), (project, k) => {
        const wf = project.waterflow;
        fc.pre(wf.purifications.length > 0);
        const p = wf.purifications[k % wf.purifications.length]!;
        const measureId = p.parentId ?? null;
        const { waterflow: after, changed } = deleteNode(wf, p.id);
        expect(after.purifications.some((x) => x.id === p.id)).toBe(false);
        expect(changed).toContain(p.id);
        for (const id of p.sealedSurfaces) {
          expect(parentOf(after, id)).toBe(measureId);
          if (measureId !== null) expect(after.measures.find((m) => m.id === measureId)!.sealedSurfaces).toContain(id);
        }
        if (measureId !== null) {
          // The measure still receives the same surfaces, so its AC is unchanged.
          const [mBefore, mAfter] = [wf.measures.find((m) => m.id === measureId)!, after.measures.find((m) => m.id === measureId)!];
          expect([...mAfter.sealedSurfaces].sort()).toEqual([...mBefore.sealedSurfaces].sort());
        }
        expect(checkWaterflowLinks(after)).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });

  it('deleting a measure detaches its purifications and its direct surfaces', () => {
    fc.assert(
      fc.property(projectArb({ mode: 'sane' }), fc.nat(), (project, k) => {
        const wf = project.waterflow;
        fc.pre(wf.measures.length > 0);
        const m = wf.measures[k % wf.measures.length]!;
        const { waterflow: after } = deleteNode(wf, m.id);
        for (const p of wf.purifications) if (p.parentId === m.id) expect(after.purifications.find((x) => x.id === p.id)!.parentId ?? null).toBe(null);
        for (const s of wf.sealedSurfaces) {
          const now = after.sealedSurfaces.find((x) => x.id === s.id)!;
          expect(now.parentId ?? null).toBe(s.parentId === m.id ? null : (s.parentId ?? null));
        }
        expect(checkWaterflowLinks(after)).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });
});

describe('setSurfaceDrain', () => {
  it('a real drain change clears both categories and detaches the surface; the same drain changes nothing', () => {
    fc.assert(
      fc.property(projectArb({ mode: 'sane', coherent: true }), fc.nat(), fc.constantFrom('Groundwater' as const, 'Watercourse' as const, null), (project, k, drain) => {
        const wf = project.waterflow;
        const s = wf.sealedSurfaces[k % wf.sealedSurfaces.length]!;
        const { waterflow: after, changed } = setSurfaceDrain(wf, s.id, drain);
        const now = after.sealedSurfaces.find((x) => x.id === s.id)!;
        if ((s.drain ?? null) === drain) {
          expect(changed).toEqual([]);
          expect(after).toStrictEqual(wf);
          return;
        }
        expect(now.drain).toBe(drain);
        expect(now.parentId ?? null).toBe(null);
        expect(now.data.groundPollutionM153 ?? undefined).toBeUndefined();
        expect(now.data.areaGroupA102 ?? undefined).toBeUndefined();
        expect(checkWaterflowLinks(after)).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });
});
