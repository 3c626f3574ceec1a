import { describe, expect, it } from 'vitest';
import { editText, formatNumber, hoursMinutes, parseDecimal } from './format.ts';

describe('dimensioning format helpers', () => {
  it('shows non-finite and missing values as three dashes', () => {
    expect(formatNumber(undefined, 'de')).toBe('---');
    expect(formatNumber(Number.NaN, 'de')).toBe('---');
    expect(formatNumber(Number.POSITIVE_INFINITY, 'de')).toBe('---');
    expect(formatNumber(1234.567, 'de')).toBe('1.234,57');
    expect(formatNumber(1234.567, 'en', 1)).toBe('1,234.6');
  });
  it('splits durations into hours and minutes', () => {
    expect(hoursMinutes(5)).toEqual({ h: 0, m: 5 });
    expect(hoursMinutes(90)).toEqual({ h: 1, m: 30 });
    expect(hoursMinutes(1440)).toEqual({ h: 24, m: 0 });
    expect(hoursMinutes(undefined)).toBeUndefined();
  });
  it('parses dot or comma decimals and refuses the rest', () => {
    expect(parseDecimal('12,5')).toBe(12.5);
    expect(parseDecimal('12.5')).toBe(12.5);
    expect(parseDecimal('-3')).toBe(-3);
    expect(parseDecimal('12,')).toBe(12);
    expect(parseDecimal('')).toBeNull();
    expect(parseDecimal('1.234,5')).toBeUndefined();
    expect(parseDecimal('abc')).toBeUndefined();
    expect(editText(0.8, 'de')).toBe('0,8');
    expect(editText(undefined, 'de')).toBe('');
  });
});
