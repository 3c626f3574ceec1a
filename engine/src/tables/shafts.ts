/**
 * Shaft types and depth codes of the box configurator.
 * Source: planning spec section 9 "Shafts" (SHAFT_C3_DROSSEL_050..600, SHAFT_C3_X_050..600;
 * code 050 … 600 in steps of 050 = depth 0.5 … 6.0 m) and section 4 "Box grid".
 */
export const SHAFT_FAMILIES = ['SHAFT_C3_DROSSEL', 'SHAFT_C3_X'] as const satisfies readonly string[];
export type ShaftFamily = (typeof SHAFT_FAMILIES)[number];

export const SHAFT_DEPTH_CODES = [
  '050', '100', '150', '200', '250', '300', '350', '400', '450', '500', '550', '600',
] as const satisfies readonly string[];
export type ShaftDepthCode = (typeof SHAFT_DEPTH_CODES)[number];

/** Depth in metres of a shaft depth code ('050' → 0.5 m … '600' → 6.0 m). */
export const SHAFT_DEPTH_M = Object.fromEntries(
  SHAFT_DEPTH_CODES.map((code) => [code, Number(code) / 100]),
) as Readonly<Record<ShaftDepthCode, number>>;

/** Every shaft type id, e.g. SHAFT_C3_DROSSEL_050. */
export const SHAFT_TYPE_IDS = SHAFT_FAMILIES.flatMap((family) =>
  SHAFT_DEPTH_CODES.map((code) => `${family}_${code}` as const),
);
export type ShaftTypeId = `${ShaftFamily}_${ShaftDepthCode}`;
