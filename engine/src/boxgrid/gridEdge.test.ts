/** The configuration's edges and height on the grid (spec §5): rounded down, exact decimals. */
import { describe, expect, it } from 'vitest';
import { cellsOf, gridEdgeM, gridHeightM } from './grid.ts';

describe('gridEdgeM: a grid edge rounded down to whole 0.8 m cells', () => {
  it('rounds down and keeps multiples of 0.8 m exact', () => {
    expect(gridEdgeM(4.1)).toBe(4);
    expect(gridEdgeM(4.2)).toBe(4);
    expect(gridEdgeM(4.8)).toBe(4.8);
    expect(gridEdgeM(0.7)).toBe(0);
    expect(gridEdgeM(-1)).toBe(0);
    expect(gridEdgeM(Number.NaN)).toBe(0);
    expect(gridEdgeM(1e6)).toBe(160);
  });
  it('gives the decimal a planner types for every whole cell count, without binary drift', () => {
    for (let n = 1; n <= 200; n++) {
      const typed = Number((n * 0.8).toFixed(1));
      // n × 0.8 in binary drifts (3 × 0.8 = 2.4000000000000004); the edge does not.
      expect(gridEdgeM(n * 0.8)).toBe(typed);
      expect(gridEdgeM(typed)).toBe(typed);
      expect(String(gridEdgeM(typed + 0.79))).toBe(String(typed));
      expect(cellsOf(gridEdgeM(typed))).toBe(n);
    }
  });
});

describe('gridHeightM: a height rounded down to box levels (0.66 m, half level 0.36 m)', () => {
  it('rounds down to whole levels and a half level', () => {
    expect(gridHeightM(0.66)).toBe(0.66);
    expect(gridHeightM(1.4)).toBe(1.32);
    expect(gridHeightM(1.1)).toBe(1.02);
    expect(gridHeightM(0.3)).toBe(0);
    expect(gridHeightM(0.36)).toBe(0.36);
    expect(gridHeightM(-2)).toBe(0);
    for (let n = 1; n <= 7; n++) expect(gridHeightM(Number((n * 0.66).toFixed(2)))).toBe(Number((n * 0.66).toFixed(2)));
  });
});
