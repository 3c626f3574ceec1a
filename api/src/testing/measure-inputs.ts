/**
 * Measure inputs and rain data the api tests and benchmarks send (plain data, no test runner):
 * a sizeable trough and a box tank's dimensions on soil S5, and a custom rain table of every
 * duration. The box tank's inputs are the engine's (`BOX_TANK_INPUTS` of `@rainplan/engine/testing`,
 * re-exported by ./planning.ts); this file imports nothing, so the benches read it with plain node.
 */

/** One layer of boxes, 1.6 m × 4.8 m (2 × 6 boxes of 0.8 m), 0.66 m high. */
export const BOX_TANK_DIMENSIONS = { width: 1.6, length: 4.8, levels: 1, height: 0.66, storageCoefficient: 95 } as const;

/** A 20 m × 3 m trough, 0.3 m deep, on soil S5: sizeable as it is. */
export const TROUGH_INPUTS = {
  installationTarget: 'Infiltration',
  installationVariant: 'trough',
  soilData: 'S5',
  permeabilityCoefficientX: 5.67,
  permeabilityCoefficientY: 5,
  dimensioningTrough: { length: 20, width: 3, depth: 0.3, slope: 2 },
} as const;

/** PUT …/customRaindata body: annualities 1–100 a over every duration, r falling with D. */
export const CUSTOM_RAIN = {
  raindataSeries: [1, 2, 5, 10, 30, 100].map((annuality) => ({
    annuality,
    valuesForDurations: [5, 10, 15, 20, 30, 45, 60, 90, 120, 180, 240, 360, 540, 720, 1080, 1440, 2880, 4320].map((duration) => ({
      duration,
      value: Math.round((annuality ** 0.25 * 12_000) / (duration + 10)),
    })),
  })),
};
