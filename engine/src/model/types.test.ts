import { describe, expectTypeOf, it } from 'vitest';
import type { Measure, MeasureData, Project, SealedSurface } from '../index.ts';

describe('wire-format types', () => {
  it('keeps enum fields as literal unions', () => {
    expectTypeOf<SealedSurface['drain']>().toEqualTypeOf<'Groundwater' | 'Watercourse' | null | undefined>();
    expectTypeOf<MeasureData['recurrenceInterval']>().toEqualTypeOf<1 | 2 | 3 | 5 | 10 | 20 | 30 | 50 | 100 | null | undefined>();
    expectTypeOf<Project['schemaVersion']>().toEqualTypeOf<4>();
  });

  it('rejects values outside the tables at compile time', () => {
    // @ts-expect-error: 'Sea' is not a drain
    const drain: SealedSurface['drain'] = 'Sea';
    // @ts-expect-error: 7 is not an annuality
    const interval: MeasureData['recurrenceInterval'] = 7;
    // @ts-expect-error: measures need their surface list
    const measure: Measure = { id: 'm', name: 'm', data: {} };
    void [drain, interval, measure];
  });
});
