/**
 * The units of a bill in its language. The catalogue states each product's unit once, in German
 * (`Stk`, `m`, `m²`, `Set`, `h`, …; fixtures/catalogue/products.json); an English bill shows the
 * English unit. Symbols of the SI (m, m², m³, kg, h, l, t) are the same in both languages.
 */
import type { Language } from './types.ts';

/** Every unit a bill may carry, German → English. */
export const BILL_UNITS_EN: Readonly<Record<string, string>> = {
  Stk: 'pcs',
  'Stk.': 'pcs',
  St: 'pcs',
  'St.': 'pcs',
  Stück: 'pcs',
  Set: 'set',
  Satz: 'set',
  Paar: 'pair',
  psch: 'LS',
  pauschal: 'LS',
  Pak: 'pack',
  Rolle: 'roll',
  m: 'm',
  lfm: 'm',
  'm²': 'm²',
  'm³': 'm³',
  kg: 'kg',
  t: 't',
  l: 'l',
  h: 'h',
};

/** The unit a bill line shows in `language`: English units for English bills, units not in the table as they are. */
export function billUnit(unit: string, language: Language): string {
  if (language !== 'en') return unit;
  return BILL_UNITS_EN[unit.trim()] ?? unit;
}
