/** The bill of materials laws (src/testing/bomLaws.test-helpers.ts) at 150 runs each; the bench job runs them 10,000 times. */
import { describe, it } from 'vitest';
import { bomLaws } from '../testing/bomLaws.test-helpers.ts';

describe('bill of materials laws', () => {
  for (const [name, law] of Object.entries(bomLaws(150))) it(name, law, 60_000);
});
