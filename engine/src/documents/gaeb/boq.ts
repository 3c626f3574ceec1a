/**
 * The bill of quantities (Leistungsverzeichnis) both GAEB writers print, made from the engine's
 * decimal bill of materials: one group per mass-list group (measure or configuration), one item
 * per product line, ordinal numbers after a declared mask, quantities and prices exactly the
 * bill's (decimal strings, never floats).
 */
import type { BillOfMaterials, ProductLine } from '../../bom/types.ts';
import { Dec } from '../../bom/money.ts';
import type { Translate } from '../labels/index.ts';
import {
  DEFAULT_ORDINAL_MASK,
  GaebError,
  gaebIssue,
  type Boq,
  type BoqGroup,
  type BoqItem,
  type GaebIssue,
  type GaebPhase,
  type OrdinalMask,
} from './types.ts';

/** Longest ordinal number (all parts) of GAEB 90 (columns 3–11) and of GAEB DA XML (14). */
export const MAX_ORDINAL_DIGITS = { gaeb90: 9, xml: 14 } as const;

/** Common long units and GAEB's customary abbreviations (at most 4 characters). */
const UNIT_ABBREVIATIONS: Readonly<Record<string, string>> = {
  stück: 'Stk',
  stck: 'Stk',
  piece: 'pcs',
  pieces: 'pcs',
  paket: 'Pak',
  meter: 'm',
  metre: 'm',
  liter: 'l',
  litre: 'l',
  stunde: 'h',
  stunden: 'h',
  hour: 'h',
  hours: 'h',
  pauschal: 'psch',
  'lump sum': 'LS',
  kilogramm: 'kg',
  tonne: 't',
  tonnen: 't',
};

/** A unit that fits GAEB's 4 characters (QU; GAEB 90 columns 35–38), with whether it was changed. */
export function gaebUnit(unit: string): { readonly unit: string; readonly shortened: boolean } {
  const trimmed = unit.replace(/\s+/g, ' ').trim();
  if ([...trimmed].length <= 4) return { unit: trimmed, shortened: false };
  const known = UNIT_ABBREVIATIONS[trimmed.toLowerCase()];
  if (known !== undefined) return { unit: known, shortened: true };
  return { unit: [...trimmed].slice(0, 4).join('').trim(), shortened: true };
}

const digitsOf = (n: number): number => String(Math.max(0, Math.trunc(n))).length;

/**
 * The mask the bill needs: the declared one, with a part widened when the bill has more groups or
 * items than it can number (decision 0115). Throws GAEB_ORDINAL_OVERFLOW beyond `maxDigits`.
 */
export function fitMask(declared: OrdinalMask, groupCount: number, maxItems: number, maxDigits: number): OrdinalMask {
  const { groupDigits, itemDigits, itemStep } = declared;
  if (![groupDigits, itemDigits, itemStep].every((v) => Number.isInteger(v) && v >= 1) || groupDigits + itemDigits > maxDigits) {
    throw new GaebError('GAEB_INVALID_ARGUMENT', `invalid ordinal mask ${JSON.stringify(declared)} (whole numbers ≥ 1, at most ${maxDigits} digits together)`, { maxDigits });
  }
  const mask = {
    groupDigits: Math.max(groupDigits, digitsOf(groupCount)),
    itemDigits: Math.max(itemDigits, digitsOf(maxItems * itemStep)),
    itemStep,
  };
  if (mask.groupDigits + mask.itemDigits > maxDigits) {
    throw new GaebError('GAEB_ORDINAL_OVERFLOW', `${groupCount} groups with up to ${maxItems} items need an ordinal number of ${mask.groupDigits + mask.itemDigits} digits; the format allows ${maxDigits}`, {
      groupCount,
      maxItems,
      maxDigits,
    });
  }
  return mask;
}

/** The mask in GAEB 90 notation: "1" per group digit, "P" per item digit ("11PPPP"). */
export const maskNotation = (mask: OrdinalMask): string => '1'.repeat(mask.groupDigits) + 'P'.repeat(mask.itemDigits);

/** Splits a long text into paragraphs (its lines), dropping empty ones and collapsing spaces. */
function paragraphs(text: string | null): string[] {
  if (text === null) return [];
  return text
    .split(/\r\n|\r|\n/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter((p) => p !== '');
}

export interface BoqOptions {
  readonly phase: GaebPhase;
  /** Translate function of the `gaeb` labels in the bill's language. */
  readonly translate: Translate;
  /** Declared ordinal number mask (default {@link DEFAULT_ORDINAL_MASK}). */
  readonly mask?: OrdinalMask | undefined;
  /** Longest ordinal number of the target format ({@link MAX_ORDINAL_DIGITS}). */
  readonly maxOrdinalDigits: number;
}

/**
 * The bill of quantities of a bill of materials. Empty groups are left out. Phase 82 needs a bill
 * with prices (GAEB_INVALID_ARGUMENT otherwise); its unit prices and item totals are the bill's
 * own strings and the group and grand totals its exact sums.
 */
export function boqFromBill(bill: BillOfMaterials, options: BoqOptions): Boq {
  const { phase, translate: t } = options;
  if (phase !== 81 && phase !== 82) throw new GaebError('GAEB_INVALID_ARGUMENT', `unknown GAEB phase ${String(phase)} (81 or 82)`, { phase: String(phase) });
  const groups = bill.massListGroups.filter((g) => g.lines.length > 0);
  const priced = phase === 82;
  if (priced && (bill.totalPrice === null || groups.some((g) => g.lines.some((l) => l.unitPrice === null || l.totalPrice === null)))) {
    throw new GaebError('GAEB_INVALID_ARGUMENT', 'phase 82 (with prices) needs a bill with prices');
  }
  const maxItems = Math.max(0, ...groups.map((g) => g.lines.length));
  const mask = fitMask(options.mask ?? DEFAULT_ORDINAL_MASK, groups.length, maxItems, options.maxOrdinalDigits);
  const issues: GaebIssue[] = [];
  let grand = new Dec(0);
  let itemCount = 0;
  const boqGroups: BoqGroup[] = groups.map((group, gi) => {
    const groupPart = String(gi + 1).padStart(mask.groupDigits, '0');
    let sum = new Dec(0);
    const items = group.lines.map((line: ProductLine, li): BoqItem => {
      const itemPart = String((li + 1) * mask.itemStep).padStart(mask.itemDigits, '0');
      const ordinal = `${groupPart}.${itemPart}`;
      const unit = gaebUnit(line.unit);
      if (unit.shortened) issues.push(gaebIssue('UNIT_SHORTENED', ordinal, { unit: line.unit, shortened: unit.unit }));
      const article =
        line.orderNumber === null || line.orderNumber === ''
          ? t('articleNumber', { materialNumber: line.materialNumber })
          : t('articleAndOrderNumber', { materialNumber: line.materialNumber, orderNumber: line.orderNumber });
      if (priced) sum = sum.plus(new Dec(line.totalPrice!));
      itemCount++;
      return {
        ordinal,
        itemPart,
        shortText: line.text.replace(/\s+/g, ' ').trim(),
        longText: [...paragraphs(line.longText), article],
        materialNumber: line.materialNumber,
        quantity: new Dec(line.quantity).toFixed(3),
        unit: unit.unit,
        unitPrice: priced ? new Dec(line.unitPrice!).toFixed(2) : null,
        totalPrice: priced ? new Dec(line.totalPrice!).toFixed(2) : null,
      };
    });
    grand = grand.plus(sum);
    const title = t(`group.${group.systemType}`, { name: group.groupName.replace(/\s+/g, ' ').trim() });
    return { ordinal: groupPart, title, systemType: group.systemType, ownerId: group.ownerId, items, totalPrice: priced ? sum.toFixed(2) : null };
  });
  return {
    phase,
    language: bill.language,
    mask,
    groups: boqGroups,
    itemCount,
    totalPrice: priced ? grand.toFixed(2) : null,
    currency: bill.currency,
    issues,
  };
}
