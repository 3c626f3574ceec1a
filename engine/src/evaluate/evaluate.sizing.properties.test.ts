/**
 * Properties of evaluate() with sizing: no NaN or ±∞ for any schema-valid project with rain data
 * (full tables, missing values, extreme values), deriveProject stays parseable, completion follows
 * the required volume, and evaluate() over the fixture projects is deterministic.
 */
import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deriveProject, evaluate, parseProject, type Project, type RainData } from '../index.ts';
import { ANNUALITIES_A, RAIN_DATASET_EDITIONS, RAIN_DURATIONS_MIN } from '../tables/index.ts';
import { projectArb, sizeableMeasureDataArb } from '../testing/arbitraries.test-helpers.ts';
import { deepFreeze, numbersIn } from '../testing/projects.test-helpers.ts';
import { RULE_EDITIONS } from '../tables/measures.ts';
import { RUNOFF_TYPES } from '../tables/runoff.ts';

const nonFinite = (value: unknown) => numbersIn(value).filter((n) => !Number.isFinite(n.value));

const base = (T: number, D: number) => (2500 * (1 + 0.35 * Math.log(T))) / (D + 9) ** 0.8;

/** A rain value the schema accepts (finite, ≥ 0): realistic, missing (0), tiny or huge. */
const rainValueArb = (T: number, D: number) =>
  fc.oneof(
    { arbitrary: fc.double({ min: 0.5, max: 2, noNaN: true }).map((k) => base(T, D) * k), weight: 12 },
    { arbitrary: fc.constant(0), weight: 2 },
    { arbitrary: fc.constantFrom(Number.MIN_VALUE, 1e-300, 1e300, Number.MAX_VALUE), weight: 1 },
    { arbitrary: fc.double({ min: 0, noNaN: true, noDefaultInfinity: true }), weight: 1 },
  );

/** Full rain data (all 22 durations of all 9 annualities), sometimes with whole annualities left out. */
const fullRainDataArb: fc.Arbitrary<RainData> = fc
  .record({
    edition: fc.constantFrom(...RAIN_DATASET_EDITIONS),
    cell: fc.option(fc.constantFrom('93049', '49125', '129102'), { nil: undefined }),
    rows: fc.tuple(...ANNUALITIES_A.map((T) => fc.tuple(...RAIN_DURATIONS_MIN.map((D) => rainValueArb(T, D))))),
    drop: fc.array(fc.boolean(), { minLength: 9, maxLength: 9 }),
  })
  .map(({ edition, cell, rows, drop }) => ({
    source: cell === undefined ? { edition } : { edition, cell },
    raindataSeries: ANNUALITIES_A.flatMap((annuality, t) =>
      drop[t] === true && t % 3 === 1 ? [] : [{ annuality, valuesForDurations: RAIN_DURATIONS_MIN.map((duration, d) => ({ duration, value: rows[t]![d]! })) }],
    ),
  }));

const withRainArb = (options: Parameters<typeof projectArb>[0]) =>
  fc.tuple(projectArb({ maxMeasures: 4, ...options }), fullRainDataArb).map(([p, rainData]): Project => ({ ...p, rainData }));

/**
 * Realistic projects: 1–6 measures of every kind, each with 1–3 surfaces of a runoff type (drain
 * groundwater for infiltration, watercourse for retention), A_E up to 5000 m² (so A_C crosses the
 * 800 m² flooding threshold), either rule edition, full rain data.
 */
const sizedProjectArb: fc.Arbitrary<Project> = fc
  .record({
    edition: fc.constantFrom(...RULE_EDITIONS),
    rainData: fullRainDataArb,
    measures: fc.array(
      fc.record({
        data: sizeableMeasureDataArb,
        surfaces: fc.array(fc.record({ area: fc.double({ min: 1, max: 5000, noNaN: true }), runoff: fc.constantFrom(...RUNOFF_TYPES) }), { minLength: 1, maxLength: 3 }),
      }),
      { minLength: 1, maxLength: 6 },
    ),
  })
  .map(({ edition, rainData, measures }): Project => {
    const sealedSurfaces: Project['waterflow']['sealedSurfaces'] = [];
    const nodes: Project['waterflow']['measures'] = measures.map((m, i) => {
      const drain = m.data.installationTarget === 'Retention' ? 'Watercourse' : 'Groundwater';
      const ids = m.surfaces.map((s, k) => {
        const id = `s${i}-${k}`;
        sealedSurfaces.push({
          id,
          name: id,
          value: s.area,
          drain,
          parentId: `m${i}`,
          data: { runoff: s.runoff.id, cm: s.runoff.cm, cs: s.runoff.cs, ...(drain === 'Groundwater' ? { groundPollutionM153: 'F2' as const } : { areaGroupA102: 'D' as const }) },
        });
        return id;
      });
      return { id: `m${i}`, name: `m${i}`, parentId: null, sealedSurfaces: ids, data: { recurrenceIntervalFloodingVerification: 30, safetyMarginFlooding: 'Fz15', ...m.data } };
    });
    return { schemaVersion: 4, project: { name: 'p', ruleEdition: edition }, rainData, waterflow: { sealedSurfaces, purifications: [], measures: nodes } };
  });

const anyProjectWithRain = fc.oneof(
  sizedProjectArb,
  withRainArb({ mode: 'sane' }),
  withRainArb({ mode: 'sane', coherent: true }),
  withRainArb({ mode: 'wild' }),
  withRainArb({ mode: 'wild', coherent: true }),
);

describe('evaluate with sizing', () => {
  it('returns no NaN or ±Infinity for any schema-valid project with rain data (both editions)', () => {
    fc.assert(
      fc.property(anyProjectWithRain, (project) => {
        expect(parseProject(project).ok).toBe(true);
        expect(nonFinite(evaluate(project))).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('deriveProject with sizing writes a project that parseProject accepts, and is idempotent', () => {
    fc.assert(
      fc.property(anyProjectWithRain, (project) => {
        const derived = deriveProject(project);
        const parsed = parseProject(JSON.stringify(derived));
        if (!parsed.ok) expect(parsed.errors).toEqual([]);
        expect(parsed.ok).toBe(true);
        expect(deriveProject(derived)).toStrictEqual(derived);
      }),
      { numRuns: 150 },
    );
  });

  it('realistic projects are sized: every measure gets a required volume where its rain data has the annualities', () => {
    let sized = 0;
    let total = 0;
    fc.assert(
      fc.property(sizedProjectArb, (project) => {
        const r = evaluate(project);
        for (const m of r.measures) {
          total++;
          if (m.requiredVolume !== undefined) sized++;
          else expect(r.issues.some((i) => i.nodeId === m.id && i.severity === 'error')).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
    expect(sized / total).toBeGreaterThan(0.5);
  });

  it('a measure is complete only with value ≥ requiredVolume, a drain and no error issue', () => {
    fc.assert(
      fc.property(fc.oneof(sizedProjectArb, withRainArb({ mode: 'sane', coherent: true })), (project) => {
        const r = evaluate(project);
        for (const m of r.measures) {
          const errors = r.issues.filter((i) => i.nodeId === m.id && i.severity === 'error');
          if (m.fullyCompleted) {
            expect(m.value).toBeDefined();
            expect(m.requiredVolume).toBeDefined();
            expect(m.value!).toBeGreaterThanOrEqual(m.requiredVolume! * (1 - 1e-9));
            expect(m.drain).toBeDefined();
            expect(errors).toEqual([]);
          } else if (errors.length === 0 && m.value !== undefined && m.requiredVolume !== undefined && m.drain !== undefined) {
            expect(m.value).toBeLessThan(m.requiredVolume);
          }
          expect(m.requiredVolume ?? null).toBe(m.data.requiredVolume ?? null);
          expect(m.ruleEdition).toBe(r.ruleEdition);
          expect(m.rainDataset).toEqual(r.rainDataset);
        }
      }),
      { numRuns: 200 },
    );
  });
});

// ---------------------------------------------------------------------------------------------
// The fixture projects

const FIXTURES = new URL('../../../fixtures/projects/', import.meta.url);
const fixtureProjects: { name: string; project: Project }[] = readdirSync(FIXTURES)
  .filter((n) => n.endsWith('.project.json'))
  .sort()
  .flatMap((name) => {
    const parsed = parseProject(readFileSync(new URL(name, FIXTURES), 'utf8'));
    return parsed.ok ? [{ name, project: parsed.project }] : [];
  });

describe('evaluate over the fixture projects', () => {
  const reference = new Map(fixtureProjects.map((f) => [f.name, JSON.stringify(evaluate(f.project))]));

  it('includes the sizing fixtures of both editions', () => {
    const names = fixtureProjects.map((f) => f.name);
    for (const n of ['sizing-infiltration-2024', 'sizing-infiltration-2005', 'sizing-retention-2024', 'sizing-retention-2005']) expect(names).toContain(`${n}.project.json`);
  });

  it('is deterministic: any order, repeated, on frozen or cloned input, gives the same JSON', () => {
    fc.assert(
      fc.property(fc.shuffledSubarray(fixtureProjects, { minLength: 1 }), fc.nat(3), fc.boolean(), (order, repeat, freeze) => {
        for (const f of order) {
          const input = freeze ? deepFreeze(structuredClone(f.project)) : structuredClone(f.project);
          for (let i = 0; i <= repeat; i++) expect(JSON.stringify(evaluate(input))).toBe(reference.get(f.name));
        }
      }),
      { numRuns: 25 },
    );
  });
});
