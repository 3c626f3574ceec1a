/**
 * The measure kinds' laws (issue 24 part 2, decision 0165): 1,000 runs per law over every kind and
 * both rule editions here; `npm run bench` runs them 100,000 times (bench/kinds.bench.ts).
 */
import { describe, it } from 'vitest';
import { kindLaws } from '../testing/kindLaws.test-helpers.ts';

describe('measure kind laws', () => {
  for (const [name, law] of Object.entries(kindLaws(1000))) it(name, law, 120_000);
});
