/** The laws of the body (src/testing/bodyLaws.test-helpers.ts) at 150 runs each. */
import { describe, it } from 'vitest';
import { bodyLaws } from '../testing/bodyLaws.test-helpers.ts';

describe('body laws', () => {
  for (const [name, law] of Object.entries(bodyLaws(150))) it(name, law, 60_000);
});
