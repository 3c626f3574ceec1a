import { describe, expect, it } from 'vitest';
import type { Project } from '../model/project.ts';
import { jsonPath, PARSE_ERROR_MESSAGE_KEYS, parseProject } from './parseProject.ts';
import { serializeProject } from './serializeProject.ts';

const valid: Project = {
  schemaVersion: 4,
  project: { name: 'Kita Sonnenschein', airPollution: 'L1', location: { latitude: 51.44617, longitude: 7.020153, address: 'Essen' } },
  waterflow: {
    sealedSurfaces: [
      { id: 's1', name: 'Dach', value: 250, drain: 'Groundwater', parentId: 'p1', data: { runoff: 'pitchedRoof', cm: 0.9, cs: 1, groundPollutionM153: 'F1' } },
      { id: 's2', name: 'Hof', value: 120, drain: 'Groundwater', parentId: 'm1', data: { cm: 0.7, cs: 0.9, groundPollutionM153: 'F3' } },
    ],
    purifications: [{ id: 'p1', name: 'Mulde', parentId: 'm1', sealedSurfaces: ['s1'], data: { waterCategory: 'G12' } }],
    measures: [{ id: 'm1', name: 'Rigole', sealedSurfaces: ['s1', 's2'], data: { installationTarget: 'Infiltration' } }],
  },
};

/** The errors' locations; every error is a Problem of severity error with its code's message key. */
const errorsOf = (value: unknown) => {
  const r = parseProject(value);
  if (r.ok) throw new Error('expected errors');
  for (const e of r.errors) expect([e.severity, e.messageKey]).toEqual(['error', PARSE_ERROR_MESSAGE_KEYS[e.code]]);
  return r.errors.map(({ severity: _severity, messageKey: _messageKey, ...located }) => located);
};

describe('parseProject', () => {
  it('reads a valid project and round-trips through serializeProject', () => {
    const r = parseProject(serializeProject(valid));
    expect(r).toEqual({ ok: true, project: valid });
  });

  it('names the JSON path and the expectation for schema errors', () => {
    const bad = structuredClone(valid) as unknown as { waterflow: { sealedSurfaces: { data: Record<string, unknown> }[]; measures: { data: Record<string, unknown> }[] } };
    bad.waterflow.sealedSurfaces[0]!.data['cm'] = '0.9';
    bad.waterflow.sealedSurfaces[1]!.data['cM'] = 0.5;
    bad.waterflow.measures[0]!.data['recurrenceInterval'] = 7;
    const errors = errorsOf(bad);
    expect(errors).toEqual(
      expect.arrayContaining([
        { code: 'SCHEMA', path: '$.waterflow.sealedSurfaces[0].data.cm', expected: 'a value of type number', received: '"0.9"' },
        { code: 'SCHEMA', path: '$.waterflow.sealedSurfaces[1].data.cM', expected: 'no such field (unknown property)', received: '0.5' },
        { code: 'SCHEMA', path: '$.waterflow.measures[0].data.recurrenceInterval', expected: 'one of 1, 2, 3, 5, 10, 20, 30, 50, 100', received: '7' },
      ]),
    );
    expect(errors).toHaveLength(3);
  });

  it('reports missing required fields', () => {
    const { name: _n, ...project } = valid.project;
    expect(errorsOf({ ...valid, project })).toEqual([{ code: 'SCHEMA', path: '$.project.name', expected: 'a value (required field is missing)', received: 'nothing' }]);
  });

  it('rejects invalid JSON, non-objects and unsupported versions without throwing', () => {
    expect(errorsOf('{ "schemaVersion": ')[0]).toMatchObject({ code: 'INVALID_JSON', path: '$' });
    expect(errorsOf('[]')[0]).toMatchObject({ code: 'SCHEMA', path: '$', received: 'an array of 0' });
    expect(errorsOf({ ...valid, schemaVersion: 99 })[0]).toMatchObject({ code: 'UNSUPPORTED_VERSION', path: '$.schemaVersion', received: '99' });
    expect(errorsOf({ project: valid.project })[0]).toMatchObject({ code: 'UNSUPPORTED_VERSION', received: 'nothing' });
  });

  it('reports contradictory links with their paths', () => {
    const dangling = structuredClone(valid);
    (dangling.waterflow.sealedSurfaces[1] as { parentId: string }).parentId = 'ghost';
    expect(errorsOf(dangling)).toEqual(
      expect.arrayContaining([
        { code: 'REFERENCE', path: '$.waterflow.sealedSurfaces[1].parentId', expected: 'the id of a purification or measure, or null', received: '"ghost"' },
        { code: 'REFERENCE', path: '$.waterflow.measures[0].sealedSurfaces[1]', expected: 'a surface whose parentId leads to this measure', received: '"s2"' },
      ]),
    );
    const unlisted = structuredClone(valid);
    (unlisted.waterflow.measures[0] as { sealedSurfaces: string[] }).sealedSurfaces = ['s1'];
    expect(errorsOf(unlisted)).toEqual([
      { code: 'REFERENCE', path: '$.waterflow.measures[0].sealedSurfaces', expected: 'to list surface "s2" (its parentId leads to this measure)', received: 'an array of 1' },
    ]);
    const duplicate = structuredClone(valid);
    (duplicate.waterflow.purifications[0] as { id: string }).id = 's1';
    expect(errorsOf(duplicate)[0]).toMatchObject({ code: 'REFERENCE', path: '$.waterflow.purifications[0].id', expected: 'an id used by no other node' });
  });

  it('turns JSON pointers into readable paths', () => {
    expect(jsonPath('')).toBe('$');
    expect(jsonPath('/waterflow/measures/0/data')).toBe('$.waterflow.measures[0].data');
    expect(jsonPath('/a b/x~1y')).toBe('$["a b"]["x/y"]');
  });
});

describe('schema version 2 and the migration from version 1', () => {
  const configuration = { id: 'c1', name: 'Box', measureId: 'm1', items: [{ boxId: 'b1', boxTypeId: 'BOX_FULL', x: 0, y: 0, z: 0, rotation: 'North' }] };

  it('reads a version-1 file with a configuration: migrated, empty product lists added, nothing else changed', () => {
    const r = parseProject({ ...valid, schemaVersion: 1, boxConfigurations: [configuration] });
    expect(r).toEqual({ ok: true, migratedFrom: 1, project: { ...valid, schemaVersion: 4, boxConfigurations: [{ ...configuration, additionalProducts: [] }], measureProducts: [] } });
  });

  it('reads a version-2 file unchanged but for the version (no measure has variants)', () => {
    const v2 = { ...valid, schemaVersion: 2, boxConfigurations: [{ ...configuration, additionalProducts: [] }], measureProducts: [] };
    expect(parseProject(JSON.parse(JSON.stringify(v2)))).toEqual({ ok: true, migratedFrom: 2, project: { ...v2, schemaVersion: 4 } });
  });

  it('the version-2 step is pure: the input object is not changed', () => {
    const v2 = { ...valid, schemaVersion: 2 };
    const before = JSON.stringify(v2);
    parseProject(v2);
    expect(JSON.stringify(v2)).toBe(before);
  });

  it('reads product lists with decimal-string quantities and prices', () => {
    const project = {
      ...valid,
      boxConfigurations: [{ ...configuration, additionalProducts: [{ materialNumber: '600110', quantity: '2.5', unitPrice: '78.50' }] }],
      measureProducts: [{ measureId: 'm1', products: [{ materialNumber: '300100', quantity: '12' }] }],
    };
    expect(parseProject(project)).toEqual({ ok: true, project });
  });

  it('refuses numbers, negative or over-precise quantities and prices, and unbounded strings', () => {
    const withLine = (line: unknown) => ({ ...valid, measureProducts: [{ measureId: 'm1', products: [line] }] });
    for (const line of [
      { materialNumber: '1', quantity: 2 },
      { materialNumber: '1', quantity: '-1' },
      { materialNumber: '1', quantity: '1.0001' },
      { materialNumber: '1', quantity: '1', unitPrice: '1.001' },
      { materialNumber: '1', quantity: '1', unitPrice: 1 },
      { materialNumber: '', quantity: '1' },
      { materialNumber: 'x'.repeat(101), quantity: '1' },
      { materialNumber: '1', quantity: '1', extra: true },
    ]) {
      expect(errorsOf(withLine(line))[0]?.path, JSON.stringify(line)).toMatch(/^\$\.measureProducts\[0\]\.products\[0\]/);
    }
  });
});

describe('product list references', () => {
  it('refuses a product list of an unknown measure and two lists of one measure', () => {
    const line = { materialNumber: '1', quantity: '1' };
    expect(errorsOf({ ...valid, measureProducts: [{ measureId: 'nope', products: [line] }] })).toEqual([
      { code: 'REFERENCE', path: '$.measureProducts[0].measureId', expected: 'the id of a measure', received: '"nope"' },
    ]);
    expect(errorsOf({ ...valid, measureProducts: [{ measureId: 'm1', products: [] }, { measureId: 'm1', products: [line] }] })[0]).toMatchObject({
      path: '$.measureProducts[1].measureId',
      expected: 'one product list per measure',
    });
  });
});

describe('schema version 3: variants of a measure', () => {
  const withVariants = (variants: unknown[], extra: Record<string, unknown> = {}) => ({
    ...valid,
    waterflow: { ...valid.waterflow, measures: valid.waterflow.measures.map((m) => (m.id === 'm1' ? { ...m, variantName: 'Mulde', variants, ...extra } : m)) },
  });
  const variant = (id: string) => ({ id, name: `Variante ${id}`, value: 12.5, data: { installationTarget: 'Infiltration', installationVariant: 'trough' }, additionalProducts: [{ materialNumber: '300100', quantity: '2' }] });

  it('reads variants and the chosen variant name', () => {
    const r = parseProject(withVariants([variant('v1'), variant('v2')]));
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.project.waterflow.measures.find((m) => m.id === 'm1')?.variants?.map((v) => v.id)).toEqual(['v1', 'v2']);
  });

  it('refuses a variant id used twice in one measure, naming its path', () => {
    expect(errorsOf(withVariants([variant('v1'), variant('v1')]))).toEqual([{ code: 'REFERENCE', path: '$.waterflow.measures[0].variants[1].id', expected: 'a variant id unique within its measure', received: '"v1"' }]);
  });

  it('refuses more than 10 variants, an empty name and an unknown field', () => {
    const many = parseProject(withVariants(Array.from({ length: 11 }, (_, i) => variant(`v${i + 1}`))));
    expect(many.ok).toBe(false);
    const blank = parseProject(withVariants([{ ...variant('v1'), name: '' }]));
    expect(blank.ok ? [] : blank.errors.map((e) => e.path)).toContain('$.waterflow.measures[0].variants[0].name');
    const unknown = parseProject(withVariants([{ ...variant('v1'), drain: 'Groundwater' }]));
    expect(unknown.ok ? [] : unknown.errors.map((e) => e.path)).toContain('$.waterflow.measures[0].variants[0].drain');
    const longName = parseProject(withVariants([], { variantName: 'x'.repeat(201) }));
    expect(longName.ok).toBe(false);
  });
});
