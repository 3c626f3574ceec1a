/** The bill of materials laws (src/testing/bomLaws.test-helpers.ts) at 300 runs; the bench job runs them 10,000 times. */
import { describe, it } from 'vitest';
import { bomLaws } from '../testing/bomLaws.test-helpers.ts';

describe('bill of materials laws', () => {
  for (const [name, law] of Object.entries(bomLaws(300))) it(name, law, 60_000);
});
