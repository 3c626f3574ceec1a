/**
 * The rain uncertainty band of every measure as the node answers carry it (GET
 * /Project/{id}/measure/{id}, GET /Project/{id}/waterflow and the measure's POST/PUT answers):
 * the engine's `evaluate` result (`MeasureResult.uncertaintyBand`, engine/src/sizing/uncertaintyBand.ts)
 * without its chart points, the same figures the CLI's `uncertainty` section prints.
 */
import { evaluate, type MeasureResult, type UncertaintyBandEnd, type Waterflow } from '@rainplan/engine';
import type { ProjectFields } from './access.ts';
import { toEngineProject, type EngineContext } from './waterflow.ts';

export interface BandEndAnswer {
  readonly requiredVolumeM3: number | null;
  readonly requiredLengthM: number | null;
  readonly durationMin: number | null;
  readonly rLsHa: number | null;
}

export interface UncertaintyBandAnswer {
  readonly source: NonNullable<MeasureResult['uncertaintyBand']>['source'];
  readonly lower: BandEndAnswer;
  readonly design: BandEndAnswer;
  readonly upper: BandEndAnswer;
  readonly availableVolumeM3: number | null;
  readonly coversUpper: boolean | null;
}

/** What a measure answer adds: the band, or null with the reason why there is none. */
export interface MeasureBandFields {
  readonly uncertaintyBand: UncertaintyBandAnswer | null;
  readonly uncertaintyBandReason: MeasureResult['uncertaintyBandReason'];
}

const finite = (x: number | undefined): number | null => (x !== undefined && Number.isFinite(x) ? x : null);

function end(e: UncertaintyBandEnd): BandEndAnswer {
  return { requiredVolumeM3: finite(e.requiredVolumeM3), requiredLengthM: finite(e.requiredLengthM), durationMin: finite(e.durationMin), rLsHa: finite(e.rLsHa) };
}

/** The band fields of one engine measure result. */
export function bandFields(result: MeasureResult): MeasureBandFields {
  const band = result.uncertaintyBand;
  if (band === null) return { uncertaintyBand: null, uncertaintyBandReason: result.uncertaintyBandReason ?? 'notSized' };
  return {
    uncertaintyBand: {
      source: band.source,
      lower: end(band.lower),
      design: end(band.design),
      upper: end(band.upper),
      availableVolumeM3: finite(band.availableVolumeM3),
      coversUpper: band.coversUpper ?? null,
    },
    uncertaintyBandReason: null,
  };
}

/** The band fields of every measure of the waterflow, by measure id (one engine evaluation). */
export function measureBands(project: ProjectFields, waterflow: Waterflow, context: EngineContext): Map<string, MeasureBandFields> {
  const evaluation = evaluate(toEngineProject(project, waterflow, context), {
    facilities: context.facilities,
    ...(context.itemGeometry === undefined ? {} : { itemGeometry: context.itemGeometry }),
  });
  return new Map(evaluation.measures.map((m) => [m.id, bandFields(m)]));
}

/** Drops the read-only band fields from a measure a client sends back (PUT accepts the node as read). */
export function withoutBandFields<T extends object>(node: T): T {
  const { uncertaintyBand: _band, uncertaintyBandReason: _reason, ...rest } = node as T & Partial<MeasureBandFields>;
  return rest as T;
}
