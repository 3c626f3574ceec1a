/**
 * The site's flooding check after DIN 1986-100:2016 (eqs. 20 and 21) from the
 * project and its evaluation: the total, roof and paved areas with their area-weighted peak
 * runoff coefficients C_s (a surface whose runoff type names a roof counts as roof, every other
 * one as paved; C_s 1 where a surface has none), the connected area A_C of the evaluation, and the
 * project's 30-year and 2-year rain rows. The report prints it with its calculation path.
 */
import type { Project } from '../model/project.ts';
import { din1986FloodingCheck, type Din1986CheckResult } from '../sizing/flooding.ts';
import type { Evaluation } from './types.ts';

/** The areas (m²) and coefficients the site check used. */
export interface SiteFloodingParams {
  readonly total: number;
  readonly roof: number;
  readonly roofCs: number;
  readonly paved: number;
  readonly pavedCs: number;
  /** A_C of the evaluation, m². */
  readonly ac: number | undefined;
}

export interface SiteFloodingCheck {
  readonly params: SiteFloodingParams;
  readonly result: Din1986CheckResult;
}

/** DIN 1986-100 eqs. 20 and 21 for the whole site of an evaluated project. */
export function siteFloodingCheck(project: Project, evaluation: Pick<Evaluation, 'summary'>): SiteFloodingCheck {
  let roof = 0;
  let roofCsArea = 0;
  let paved = 0;
  let pavedCsArea = 0;
  for (const s of project.waterflow.sealedSurfaces) {
    const area = s.value;
    if (area === undefined || area === null || !(area >= 0)) continue;
    const cs = s.data.cs ?? 1;
    const isRoof = /roof/i.test(s.data.runoff ?? '');
    if (isRoof) {
      roof += area;
      roofCsArea += area * cs;
    } else {
      paved += area;
      pavedCsArea += area * cs;
    }
  }
  const params = { total: roof + paved, roof, roofCs: roof > 0 ? roofCsArea / roof : 1, paved, pavedCs: paved > 0 ? pavedCsArea / paved : 1, ac: evaluation.summary.totalACM2 };
  const row = (a: number) =>
    (project.rainData?.raindataSeries.find((s) => s.annuality === a)?.valuesForDurations ?? []).filter((v) => v.value > 0).map((v) => ({ durationMin: v.duration, rLsHa: v.value }));
  const result = din1986FloodingCheck(
    { totalAreaM2: params.total, roofAreaM2: params.roof, roofCs: params.roofCs, pavedAreaM2: params.paved, pavedCs: params.pavedCs, connectedAreaM2: params.ac },
    row(30),
    row(2),
  );
  return { params, result };
}
