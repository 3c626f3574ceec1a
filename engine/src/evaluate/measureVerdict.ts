/**
 * Two results of a sized measure that the report, the variant comparison and the screens share:
 * its verdict (every part holds its required volume) and its infiltration area.
 */
import { tankPart } from '../kinds/registry.ts';
import { tankInfiltrationAreaM2 } from '../sizing/tank.ts';
import { measureKind } from '../waterflow/measureRules.ts';
import type { MeasureResult } from './types.ts';

/** Pass when every part holds its required volume; fail when not; open when not computable. */
export function measurePassing(m: MeasureResult): boolean | undefined {
  if (m.partsSufficient !== undefined) return m.partsSufficient;
  if (m.value === undefined || m.requiredVolume === undefined) return undefined;
  return m.value >= m.requiredVolume;
}

/**
 * The infiltration area of the measure, m²: the tank's A_S (DWA-A 138-1:2024 / 138:2005, by the
 * infiltration direction) for a rectangular tank, else the trough's bottom; undefined for a measure
 * that does not infiltrate or lacks the dimensions.
 */
export function measureInfiltrationAreaM2(m: MeasureResult): number | undefined {
  const d = m.data;
  const kind = measureKind(d);
  if (!kind.infiltration) return undefined;
  if (kind.tank !== null && tankPart(kind.tank).rectangularSection) {
    const t = d.dimensioningInfiltrationTank;
    const direction = d.infiltrationDirection ?? 'everySide';
    if (t?.width !== undefined && t.width !== null && t.height !== undefined && t.height !== null && t.length !== undefined && t.length !== null) {
      return tankInfiltrationAreaM2({ widthM: t.width, heightM: t.height, lengthM: t.length }, direction, m.ruleEdition);
    }
    return undefined;
  }
  return d.troughGroundArea ?? d.troughArea ?? undefined;
}
