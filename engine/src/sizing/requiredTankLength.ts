/**
 * One-click auto-dimensioning of a measure's tank: the length at which its available volume equals
 * its required volume, on the inputs `sizeMeasure` resolves (measureInputs.ts).
 */
import { fin, pos } from './core.ts';
import { sizingIssue, type SizingIssue } from './issues.ts';
import { K_DIM, prepare, rowCache, runBalance, type Prepared, type SizeMeasureInput } from './measureInputs.ts';
import { tankLengthOnRow, type TankBalanceParams } from './tank.ts';

/** Result of {@link requiredTankLength}. */
export interface RequiredTankLengthResult {
  /** The length at which the tank's available volume equals its required volume, m. */
  readonly lengthM: number | undefined;
  /** Box tanks and basins: rounded up to the 0.8 m box grid (at least one box); otherwise = lengthM. */
  readonly roundedLengthM: number | undefined;
  /** Governing duration and rain of the length, min and l/(s·ha). */
  readonly durationMin: number | undefined;
  readonly rLsHa: number | undefined;
  readonly issues: SizingIssue[];
}

/**
 * One-click auto-dimensioning: the tank length for the measure's chosen width and height (box
 * layers) at which the available volume equals the required volume (docs/calculation-reference.md section 3
 * "Box tank", "Pipe tank", "Trough with tank below"; retention: `V_required / (B·H·s)` resp.
 * `V_required / (π·d_i²/4)`). A trough above a tank counts with its available volume and top area.
 *
 * @example
 * const { roundedLengthM } = requiredTankLength({ data: measure.data, acM2: 1200, rain });
 */
export function requiredTankLength(input: SizeMeasureInput): RequiredTankLengthResult {
  return requiredTankLengthOf(prepare(input, false));
}

/**
 * {@link requiredTankLength} on inputs already resolved (internal: `evaluate` sizes a measure and
 * takes its one-click length from one `prepare`). `p.issues` must hold what `prepare` reported and
 * nothing else; the result's issues are that list (it is changed), the balances are not recorded.
 */
export function requiredTankLengthOf(p: Prepared): RequiredTankLengthResult {
  const { kind, issues, tank, trough, ac, fZ } = p;
  const none = (): RequiredTankLengthResult => ({ lengthM: undefined, roundedLengthM: undefined, durationMin: undefined, rLsHa: undefined, issues });
  if (!kind.stepsEnabled || tank === undefined) return none();
  // The tank's own length is what we solve for: drop issues about it.
  for (let i = issues.length - 1; i >= 0; i--) if (issues[i]!.field === K_DIM + 'length') issues.splice(i, 1);
  const rowFor = rowCache(p);
  const row = rowFor(p.annuality);
  if (row === undefined || ac === undefined || fZ === undefined || p.throttleLs === undefined) return none();
  let lengthM: number | undefined;
  let durationMin: number | undefined;
  let rLsHa: number | undefined;
  if (kind.retention) {
    const part = runBalance(row, { acM2: ac, throttleLs: p.throttleLs, safetyFactor: fZ }, false, p, 'data.requiredVolume');
    const perMetre = tank.part.storagePerMetreM3(tank.section);
    if (part === undefined || perMetre === undefined) return none();
    if (!pos(perMetre)) {
      issues.push(sizingIssue('VALUE_NOT_POSITIVE', { nodeId: p.nodeId, field: K_DIM + tank.part.storagePerMetreField }));
      return none();
    }
    lengthM = fin(part.requiredM3 / perMetre);
    durationMin = part.durationMin;
    rLsHa = part.rLsHa;
  } else {
    const { widthM: B, heightM: H, s } = tank.section;
    const { q, terms } = tank;
    const geometry = trough?.geometry;
    if (B === undefined || H === undefined || s === undefined || q === undefined || terms === undefined) return none();
    if (trough !== undefined && geometry === undefined) return none();
    const k = B * H * s;
    if (!pos(k)) {
      issues.push(sizingIssue('VALUE_NOT_POSITIVE', { nodeId: p.nodeId, field: K_DIM + 'storageCoefficient' }));
      return none();
    }
    // The length of the standard calculation `tankRequiredLength` (tank.ts), on the measure's rain row.
    const params: TankBalanceParams = {
      acM2: ac,
      avaM2: geometry?.topAreaM2 ?? 0,
      widthM: B,
      heightM: H,
      storageCoefficient: s,
      direction: tank.direction,
      edition: p.edition,
      qMs: q,
      throttleLs: p.throttleLs,
      safetyFactor: fZ,
      storedUpstreamM3: geometry?.volumeM3 ?? 0,
    };
    const on = tankLengthOnRow(params, terms, row);
    if (on === undefined) {
      issues.push(sizingIssue('NOT_COMPUTABLE', { nodeId: p.nodeId, field: K_DIM + 'length' }, { field: 'length' }));
      return none();
    }
    ({ lengthM, durationMin, rLsHa } = on);
  }
  if (lengthM === undefined) {
    issues.push(sizingIssue('NOT_COMPUTABLE', { nodeId: p.nodeId, field: K_DIM + 'length' }, { field: 'length' }));
    return none();
  }
  return { lengthM, roundedLengthM: tank.part.roundLengthM(lengthM), durationMin, rLsHa, issues };
}

