/**
 * One sizing path (issue 24 part 2, decision 0165): a `calc` kind's result equals `evaluate` of the
 * equivalent one-measure project, every kind and both editions, to the last bit; 1,000 runs here,
 * 100,000 in `npm run bench` (bench/calcLaw.bench.ts).
 */
import { describe, it } from 'vitest';
import { calcEqualsEvaluateLaw } from '../testing/calcLaw.ts';

describe('one sizing path: calc equals evaluate of the one-measure project', () => {
  it('every kind and both editions, 1,000 runs', () => calcEqualsEvaluateLaw(1000), 120_000);
});
