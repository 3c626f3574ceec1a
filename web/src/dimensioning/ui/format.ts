/**
 * Display helpers of the dimensioning screens (spec section 5): non-finite or missing results
 * show as three dashes; durations as hours and minutes. Formatting only, no calculation.
 */
export const DASHES = '---';

/** Number formats by language and options: creating an Intl.NumberFormat costs far more than formatting (every keystroke re-renders dozens of numbers). */
const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(language: string, maximumFractionDigits: number, minimumFractionDigits: number, useGrouping: boolean): Intl.NumberFormat {
  const key = `${language}|${maximumFractionDigits}|${minimumFractionDigits}|${useGrouping}`;
  let format = formats.get(key);
  if (format === undefined) {
    format = new Intl.NumberFormat(language, useGrouping ? { maximumFractionDigits, minimumFractionDigits } : { maximumFractionDigits, useGrouping: false });
    formats.set(key, format);
  }
  return format;
}

export function formatNumber(value: number | null | undefined, language: string, maximumFractionDigits = 2, minimumFractionDigits = 0): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return DASHES;
  return numberFormat(language, maximumFractionDigits, Math.min(minimumFractionDigits, maximumFractionDigits), true).format(value);
}

/** A duration in minutes as `{ h, m }` (whole minutes), or undefined when not finite. */
export function hoursMinutes(minutes: number | null | undefined): { h: number; m: number } | undefined {
  if (minutes === null || minutes === undefined || !Number.isFinite(minutes) || minutes < 0) return undefined;
  const total = Math.round(minutes);
  return { h: Math.floor(total / 60), m: total % 60 };
}

/** Parses what a planner types: optional minus, digits, one decimal separator (dot or comma). Empty → null; anything else → undefined. */
export function parseDecimal(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed === DASHES) return null;
  if (!/^-?(\d+([.,]\d*)?|[.,]\d+)$/.test(trimmed)) return undefined;
  const value = Number(trimmed.replace(',', '.'));
  return Number.isFinite(value) ? value : undefined;
}

/** A number as the planner edits it: locale decimal separator, no grouping. */
export function editText(value: number | null | undefined, language: string, maximumFractionDigits = 6): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  return numberFormat(language, maximumFractionDigits, 0, false).format(value);
}
