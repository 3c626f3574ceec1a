/**
 * The kinds of `rainplan calc`: each standard calculation of the engine on its own, with an input
 * schema (validation and help) and a function from the validated input to results. Key names of
 * results carry their unit (`requiredVolumeM3`, `governingDurationMin`, `rLsHa`).
 *
 * One file per kind in kinds/, the helpers they share in shared.ts; this table is the one list of
 * them (its order is the order of `rainplan calc --help`). A new kind: its file, its line here,
 * its example in docs/cli.md and fixtures/cli-examples/ (docs.test.ts holds each kind to one).
 */
import { a102 } from './kinds/a102.ts';
import { din1986 } from './kinds/din1986.ts';
import { din1986Eq20 } from './kinds/din1986Eq20.ts';
import { din1986Eq21 } from './kinds/din1986Eq21.ts';
import { flooding } from './kinds/flooding.ts';
import { groundwaterClearanceKind } from './kinds/groundwaterClearance.ts';
import { kostraCell } from './kinds/kostraCell.ts';
import { kostraTable } from './kinds/kostraTable.ts';
import { m153 } from './kinds/m153.ts';
import { pipeStorage } from './kinds/pipeStorage.ts';
import { retention } from './kinds/retention.ts';
import { surfaceInfiltration } from './kinds/surfaceInfiltration.ts';
import { tank } from './kinds/tank.ts';
import { trough } from './kinds/trough.ts';
import { troughTank } from './kinds/troughTank.ts';
import { RAIN_HELP, rainSpec } from './rain.ts';
import { withConnectedArea, type CalcKind } from './shared.ts';

export type { CalcKind, CalcOutcome } from './shared.ts';

export const CALC_KINDS: readonly CalcKind[] = [
  withConnectedArea(trough),
  withConnectedArea(tank),
  pipeStorage,
  withConnectedArea(troughTank),
  withConnectedArea(retention),
  withConnectedArea(surfaceInfiltration),
  groundwaterClearanceKind,
  flooding,
  din1986Eq20,
  din1986Eq21,
  din1986,
  m153,
  a102,
  kostraCell,
  kostraTable,
];

export function calcKind(name: string): CalcKind | undefined {
  return CALC_KINDS.find((k) => k.name === name);
}

/** Whether a kind's input has a `rain` field of the sizing form (for the help). */
export function usesRainInput(kind: CalcKind): boolean {
  return kind.input.fields['rain']?.spec === rainSpec;
}

export { RAIN_HELP };
