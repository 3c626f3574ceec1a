/**
 * Schema version 4: the groundwater clearance fields of a measure (decisions 0173–0174), the
 * migration 3 → 4 and the bounds of the new fields.
 */
import { describe, expect, it } from 'vitest';
import { SCHEMA_VERSION, type Project } from '../model/project.ts';
import { INPUT_LIMITS } from '../tables/defaults.ts';
import { MIGRATIONS, migrateProject } from './migrations.ts';
import { parseProject } from './parseProject.ts';

const v3 = {
  schemaVersion: 3,
  project: { name: 'Reihenhaus' },
  waterflow: {
    sealedSurfaces: [{ id: 's1', name: 'Dach', value: 120, drain: 'Groundwater', parentId: 'm1', data: { cm: 0.9, cs: 1 } }],
    purifications: [],
    measures: [
      {
        id: 'm1',
        name: 'Mulde',
        sealedSurfaces: ['s1'],
        data: { installationTarget: 'Infiltration', installationVariant: 'trough', dimensioningTrough: { width: 2, length: 4, depth: 0.3, slope: 2.5 } },
        variants: [{ id: 'v1', name: 'Rigole', data: { installationTarget: 'Infiltration', installationVariant: 'infiltrationTank', infiltrationTankType: 'Box' } }],
      },
    ],
  },
};

const withMeasureData = (extra: Record<string, unknown>): Project => {
  const p = structuredClone(v3) as unknown as Project;
  const m = p.waterflow.measures[0]!;
  return { ...p, schemaVersion: SCHEMA_VERSION, waterflow: { ...p.waterflow, measures: [{ ...m, data: { ...m.data, ...extra } }] } } as Project;
};

describe('schema version 4 and the migration from version 3', () => {
  it('is the current version; the step 3 → 4 exists', () => {
    expect(SCHEMA_VERSION).toBe(4);
    expect(typeof MIGRATIONS[3]).toBe('function');
  });

  it('reads a version-3 file unchanged but for the version: no groundwater level is invented', () => {
    const r = parseProject(JSON.parse(JSON.stringify(v3)));
    expect(r).toEqual({ ok: true, migratedFrom: 3, project: { ...v3, schemaVersion: 4 } });
    if (r.ok) expect(r.project.waterflow.measures[0]!.data.meanHighestGroundwaterLevel).toBeUndefined();
  });

  it('the step is pure: the input object is not changed', () => {
    const before = JSON.stringify(v3);
    const out = migrateProject(v3 as unknown as Record<string, unknown>, 3);
    expect(JSON.stringify(v3)).toBe(before);
    expect(out['schemaVersion']).toBe(4);
  });

  it('migrates a version-1 file through every step to version 4', () => {
    const r = parseProject({ ...v3, schemaVersion: 1 });
    expect(r.ok && r.project.schemaVersion).toBe(4);
    expect(r.ok && r.migratedFrom).toBe(1);
  });

  it('reads the new fields, inputs and computed, on a measure and in a variant', () => {
    const project = withMeasureData({ groundLevel: 101.25, meanHighestGroundwaterLevel: 98.4, baseLevel: 100.9, coverDepth: 0.5, seepageZoneBaseLevel: 100.9, seepageZoneThickness: 2.5, groundwaterClearance: 'pass' });
    expect(parseProject(project)).toEqual({ ok: true, project });
    const inVariant = structuredClone(project);
    (inVariant.waterflow.measures[0]!.variants![0]!.data as Record<string, unknown>)['meanHighestGroundwaterLevel'] = 97;
    expect(parseProject(inVariant).ok).toBe(true);
    expect(parseProject(withMeasureData({ groundLevel: null, meanHighestGroundwaterLevel: null, groundwaterClearance: null })).ok).toBe(true);
  });

  it('refuses a level of 1e9, a level below the bound, a string, a negative or too deep cover and an unknown status, naming the path', () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ meanHighestGroundwaterLevel: 1e9 }, 'meanHighestGroundwaterLevel'],
      [{ groundLevel: INPUT_LIMITS.levelMinM - 1 }, 'groundLevel'],
      [{ baseLevel: '98.5' }, 'baseLevel'],
      [{ coverDepth: -0.1 }, 'coverDepth'],
      [{ coverDepth: INPUT_LIMITS.coverDepthMaxM + 1 }, 'coverDepth'],
      [{ groundwaterClearance: 'ok' }, 'groundwaterClearance'],
      [{ seepageZoneThickness: 'thin' }, 'seepageZoneThickness'],
    ];
    for (const [extra, field] of cases) {
      const r = parseProject(withMeasureData(extra));
      expect(r.ok, JSON.stringify(extra)).toBe(false);
      if (!r.ok) expect(r.errors.map((e) => e.path)).toContain(`$.waterflow.measures[0].data.${field}`);
    }
    // NaN is not JSON: as a value it is refused too (not a finite number).
    expect(parseProject(withMeasureData({ meanHighestGroundwaterLevel: Number.NaN })).ok).toBe(false);
    // The bounds themselves are accepted.
    expect(parseProject(withMeasureData({ groundLevel: INPUT_LIMITS.levelMaxM, meanHighestGroundwaterLevel: INPUT_LIMITS.levelMinM, coverDepth: 0 })).ok).toBe(true);
  });
});
