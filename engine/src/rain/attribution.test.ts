import { describe, expect, it } from 'vitest';
import { RAIN_DATASET_EDITIONS } from '../tables/rain.ts';
import { KOSTRA_ATTRIBUTION, kostraAttributionLine } from './attribution.ts';

describe('DWD attribution of the KOSTRA editions', () => {
  it('names DWD, CC BY 4.0 and the modification for both KOSTRA editions, nothing for custom data', () => {
    for (const edition of ['KOSTRA-DWD-2020', 'KOSTRA-DWD-2010R'] as const) {
      const a = KOSTRA_ATTRIBUTION[edition]!;
      expect(a.notice).toBe('Datenbasis: Deutscher Wetterdienst, eigene Bearbeitung');
      expect(a.license).toBe('CC BY 4.0');
      expect(a.dataset).toBe(edition);
      expect(a.sourceUrl).toMatch(/^https:\/\/opendata\.dwd\.de\//);
      expect(a.modifications.de).not.toBe('');
      expect(a.modifications.en).not.toBe('');
      expect(kostraAttributionLine(edition)).toBe(`${edition}: Datenbasis: Deutscher Wetterdienst, eigene Bearbeitung (Deutscher Wetterdienst (DWD), Climate Data Center, CC BY 4.0)`);
    }
    expect(RAIN_DATASET_EDITIONS).toContain('custom');
    expect(kostraAttributionLine('custom')).toBeUndefined();
  });
});
