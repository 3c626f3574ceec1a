import { describe, expect, it } from 'vitest';
import { checkA117SimpleMethod, checkDrainingTime, checkPermeability, checkTroughAreaRatio, drainingTimeLimitH } from './checks.ts';
import { SIZING_ISSUE_CODES, SIZING_ISSUE_MESSAGE_KEYS, sizingIssue } from './issues.ts';

describe('checks', () => {
  it('draining time limit per edition and facility kind', () => {
    expect(drainingTimeLimitH('DWA-A 138:2005', 'trough')).toBe(24);
    expect(drainingTimeLimitH('DWA-A 138:2005', 'tank')).toBe(24);
    expect(drainingTimeLimitH('DWA-A 138-1:2024', 'tank')).toBe(24);
    expect(drainingTimeLimitH('DWA-A 138-1:2024', 'trough')).toBeGreaterThan(24); // planted troughs may empty longer
  });

  it('draining time: warning above the limit, nothing at or below or when undefined', () => {
    expect(checkDrainingTime(24, 'DWA-A 138:2005', 'trough')).toEqual([]);
    expect(checkDrainingTime(undefined, 'DWA-A 138:2005', 'trough')).toEqual([]);
    const over = checkDrainingTime(30, 'DWA-A 138:2005', 'trough', { nodeId: 'm', field: 'data.drainingTimeTrough' });
    expect(over).toEqual([
      {
        nodeId: 'm',
        field: 'data.drainingTimeTrough',
        code: 'DRAINING_TIME_EXCEEDED',
        messageKey: 'sizing.drainingTimeExceeded',
        severity: 'warning',
        params: { drainingTimeH: 30, limitH: 24, kind: 'trough' },
      },
    ]);
    expect(checkDrainingTime(30, 'DWA-A 138-1:2024', 'trough')).toEqual([]);
    expect(checkDrainingTime(30, 'DWA-A 138-1:2024', 'tank')).toHaveLength(1);
  });

  it('k_f within 1e-6 … 1e-3 m/s', () => {
    expect(checkPermeability(1e-6)).toEqual([]);
    expect(checkPermeability(1e-3)).toEqual([]);
    expect(checkPermeability(9e-7).map((i) => i.code)).toEqual(['PERMEABILITY_OUT_OF_RANGE']);
    expect(checkPermeability(2e-3)[0]!.params).toEqual({ kfMs: 2e-3, min: 1e-6, max: 1e-3 });
    expect(checkPermeability(undefined)).toEqual([]);
  });

  it('A_C / A_S of a trough at most 15', () => {
    expect(checkTroughAreaRatio(150, 10)).toEqual([]);
    expect(checkTroughAreaRatio(151, 10)[0]!.params).toEqual({ ratio: 15.1, max: 15 });
    expect(checkTroughAreaRatio(10, 0).map((i) => i.code)).toEqual(['AREA_RATIO_EXCEEDED']);
    expect(checkTroughAreaRatio(0, 0)).toEqual([]);
  });

  it('DWA-A 117 simple method: A_E ≤ 200 ha and n ≥ 0.1/a', () => {
    expect(checkA117SimpleMethod({ catchmentAreaM2: 2_000_000, annuality: 10 })).toEqual([]);
    const both = checkA117SimpleMethod({ catchmentAreaM2: 2_000_001, annuality: 20 });
    expect(both.map((i) => i.params!.limit)).toEqual(['catchmentArea', 'frequency']);
    expect(both.every((i) => i.code === 'SIMPLE_METHOD_LIMIT' && i.severity === 'warning')).toBe(true);
  });

  it('every sizing code has a message key; REQUIRED keeps the engine key', () => {
    for (const code of SIZING_ISSUE_CODES) expect(SIZING_ISSUE_MESSAGE_KEYS[code]).toMatch(/\./);
    expect(sizingIssue('REQUIRED', { field: 'x' }, { field: 'x' })).toEqual({
      nodeId: null,
      field: 'x',
      code: 'REQUIRED',
      messageKey: 'validation.required',
      severity: 'error',
      params: { field: 'x' },
    });
  });
});
