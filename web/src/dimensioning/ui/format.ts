/**
 * Display helpers of the dimensioning screens (spec section 5): non-finite or missing results
 * show as three dashes; durations as hours and minutes. Formatting only, no calculation.
 */
export const DASHES = '---';

export function formatNumber(value: number | null | undefined, language: string, maximumFractionDigits = 2, minimumFractionDigits = 0): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return DASHES;
  return new Intl.NumberFormat(language, { maximumFractionDigits, minimumFractionDigits: Math.min(minimumFractionDigits, maximumFractionDigits) }).format(value);
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
  return new Intl.NumberFormat(language, { maximumFractionDigits, useGrouping: false }).format(value);
}
