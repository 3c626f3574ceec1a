import type { Project, Waterflow } from '../model/project.ts';
import type { Evaluation } from './types.ts';
import { evaluate, type EvaluateOptions } from './evaluate.ts';

/**
 * Writes an evaluation's derived fields into the waterflow (the wire format carries them):
 * AC, drain, value, fullyCompleted, the assessment data of purifications and the computed
 * measure fields (sizing: required, available and flooding volumes, durations, rain, draining
 * times, permeabilities, trough areas, report charts; fields that do not apply become null).
 * Inputs are left as they are.
 */
export function applyEvaluation(waterflow: Waterflow, evaluation: Evaluation): Waterflow {
  const surfaces = new Map(evaluation.sealedSurfaces.map((r) => [r.id, r]));
  const purifications = new Map(evaluation.purifications.map((r) => [r.id, r]));
  const measures = new Map(evaluation.measures.map((r) => [r.id, r]));
  return {
    sealedSurfaces: waterflow.sealedSurfaces.map((s) => {
      const r = surfaces.get(s.id);
      return r === undefined ? s : { ...s, fullyCompleted: r.fullyCompleted };
    }),
    purifications: waterflow.purifications.map((p) => {
      const r = purifications.get(p.id);
      if (r === undefined) return p;
      const { dischargedLoad: _b, surfacesM153Data: _s, purificationA102Data: _a, ...data } = p.data;
      const facility = data.purificationFacilityData;
      return {
        ...p,
        AC: r.AC ?? null,
        drain: r.drain ?? null,
        value: r.value ?? null,
        fullyCompleted: r.fullyCompleted,
        data: {
          ...data,
          ...(r.m153 === undefined ? {} : { dischargedLoad: r.m153.dischargedLoad ?? null, surfacesM153Data: [...r.m153.surfaces] }),
          ...(r.a102 === undefined ? {} : { purificationA102Data: r.a102.data }),
          ...(facility == null ? {} : { purificationFacilityData: { ...facility, neededAmount: r.neededAmount ?? null } }),
        },
      };
    }),
    measures: waterflow.measures.map((m) => {
      const r = measures.get(m.id);
      return r === undefined ? m : { ...m, AC: r.AC ?? null, drain: r.drain ?? null, value: r.value ?? null, fullyCompleted: r.fullyCompleted, data: r.data };
    }),
  };
}

/** The project with every derived field recomputed by the engine (what the API stores). */
export function deriveProject(project: Project, options?: EvaluateOptions): Project {
  return { ...project, waterflow: applyEvaluation(project.waterflow, evaluate(project, options)) };
}
