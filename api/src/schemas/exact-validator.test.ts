/** The validator without type coercion used for waterflow nodes and product lists. */
import { describe, expect, it } from 'vitest';
import { exactValidator, withoutUnknownProperties } from './exact-validator.ts';
import { MeasureNode, SurfaceNode } from './waterflow.ts';

describe('exactValidator', () => {
  const surface = exactValidator({ schema: SurfaceNode });

  it('keeps null as null (Ajv with coerceTypes would make it 0) and removes unknown properties', () => {
    const result = surface({ id: 's', name: 'Dach', value: null, parentId: null, data: { cm: null, extra: 1 }, version: 2, unknown: true });
    expect(result).toEqual({ value: { id: 's', name: 'Dach', value: null, parentId: null, data: { cm: null }, version: 2 } });
  });

  it('refuses wrong types without coercing, with Ajv-shaped errors', () => {
    expect(surface({ id: 's', name: 'Dach', value: '12', data: {}, version: 1 })).toBe(false);
    expect(surface.errors?.[0]).toMatchObject({ instancePath: expect.any(String) as unknown, keyword: expect.any(String) as unknown });
    expect(surface({ id: 's', name: 'Dach', data: {} })).toBe(false); // version is required
  });

  it('cleans nested objects, arrays and unions', () => {
    const schema = MeasureNode as unknown as Parameters<typeof withoutUnknownProperties>[0];
    const cleaned = withoutUnknownProperties(schema, {
      id: 'm',
      sealedSurfaces: ['a'],
      data: { dimensioningTrough: { length: 2, colour: 'green' }, reportData: { troughDrainingTimeChart: [{ duration: 5, volume: 1, x: 0 }] } },
    });
    expect(cleaned).toEqual({ id: 'm', sealedSurfaces: ['a'], data: { dimensioningTrough: { length: 2 }, reportData: { troughDrainingTimeChart: [{ duration: 5, volume: 1 }] } } });
  });
});
