import { describe, expect, it } from 'vitest';
import { MEASURE_COMPUTED_FIELDS } from './computedFields.ts';
import { MeasureDataSchema, SCHEMA_COMPUTED_KEYS } from './measure.ts';

describe('MEASURE_COMPUTED_FIELDS', () => {
  it('names exactly the fields the measure schema declares as computed, each once', () => {
    expect([...MEASURE_COMPUTED_FIELDS].sort()).toEqual([...SCHEMA_COMPUTED_KEYS].sort());
    expect(new Set(MEASURE_COMPUTED_FIELDS).size).toBe(MEASURE_COMPUTED_FIELDS.length);
    for (const field of MEASURE_COMPUTED_FIELDS) expect(Object.keys(MeasureDataSchema.properties)).toContain(field);
  });
});
