/** fast-check laws of the box grid (issue 15 item 6); `npm run bench` runs each ≥ 10,000 times. */
import { describe, it } from 'vitest';
import { boxgridLaws } from '../testing/boxgridLaws.test-helpers.ts';

describe('box grid laws', () => {
  for (const [name, law] of Object.entries(boxgridLaws(150))) it(name, law, 30_000);
});
