/**
 * Adds imported sealed surfaces to a waterflow (the last step of the upload dialog, after the
 * planner confirmed the parsed rows). Pure; returns `{ waterflow, changed }` like every
 * waterflow operation.
 */
import { EngineError } from '../errors.ts';
import type { Waterflow } from '../model/project.ts';
import type { SealedSurface } from '../model/surface.ts';
import { WaterflowDraft, type OperationResult } from '../waterflow/draft.ts';
import { createSurface } from '../waterflow/nodes.ts';
import { setSurfaceDrain, setSurfaceRunoff, updateSurface, type SurfacePatch } from '../waterflow/surfaceEdits.ts';
import type { NewSurface } from './parse.ts';

const EMPTY: Waterflow = { sealedSurfaces: [], purifications: [], measures: [] };

/**
 * One new surface built by the waterflow's own operations, so that it follows their rules:
 * `createSurface` (unattached, no parent), `setSurfaceDrain`, `setSurfaceRunoff` (cm and cs from
 * the table), then `updateSurface` (area, given cm/cs, the category matching the drain; a
 * category that does not match the drain throws INVALID_ARGUMENT, as in the editor).
 */
function buildSurface(id: string, surface: NewSurface): SealedSurface {
  let wf = createSurface(EMPTY, { id, name: surface.name }).waterflow;
  if (surface.drain != null) wf = setSurfaceDrain(wf, id, surface.drain).waterflow;
  const data = surface.data ?? {};
  if (data.runoff != null) wf = setSurfaceRunoff(wf, id, data.runoff).waterflow;
  const patchData: { -readonly [K in keyof NonNullable<SurfacePatch['data']>]: NonNullable<SurfacePatch['data']>[K] } = {};
  if (data.cm !== undefined) patchData.cm = data.cm;
  if (data.cs !== undefined) patchData.cs = data.cs;
  if (data.groundPollutionM153 != null) patchData.groundPollutionM153 = data.groundPollutionM153;
  if (data.areaGroupA102 != null) patchData.areaGroupA102 = data.areaGroupA102;
  wf = updateSurface(wf, id, { ...(surface.value === undefined ? {} : { value: surface.value }), data: patchData }).waterflow;
  const built = wf.sealedSurfaces[0];
  if (built === undefined) throw new EngineError('INVALID_ARGUMENT', 'surface could not be built', { id });
  return built;
}

/**
 * Appends sealed surfaces (e.g. the `surfaces` of {@link parseSurfaceRows}, possibly edited by
 * the planner) to a waterflow, in order, unattached, each marked `changed`. `ids[i]` is the id of
 * `surfaces[i]` (ids are chosen by the caller). Extra fields of the inputs (such as `row`) are not
 * copied.
 *
 * @throws EngineError INVALID_ARGUMENT when `ids` and `surfaces` differ in length or an id is not
 *   a non-empty string, or a surface breaks an operation's rule (unknown runoff type, a category
 *   that does not match the drain); DUPLICATE_ID when an id exists already or is given twice
 */
export function addSurfaces(waterflow: Waterflow, surfaces: readonly NewSurface[], ids: readonly string[]): OperationResult {
  if (!Array.isArray(surfaces) || !Array.isArray(ids) || surfaces.length !== ids.length) {
    throw new EngineError('INVALID_ARGUMENT', 'addSurfaces needs one id per surface.', {
      surfaces: Array.isArray(surfaces) ? surfaces.length : String(surfaces),
      ids: Array.isArray(ids) ? ids.length : String(ids),
    });
  }
  const draft = new WaterflowDraft(waterflow);
  const existing = new Set([...waterflow.sealedSurfaces, ...waterflow.purifications, ...waterflow.measures].map((n) => n.id));
  const added: SealedSurface[] = [];
  for (let i = 0; i < surfaces.length; i++) {
    const id = ids[i] as string;
    if (typeof id !== 'string' || id.length === 0) throw new EngineError('INVALID_ARGUMENT', 'A node id must be a non-empty string.', { id: String(id) });
    if (existing.has(id)) throw new EngineError('DUPLICATE_ID', `A node with id ${id} exists already.`, { id });
    existing.add(id);
    added.push(buildSurface(id, surfaces[i] as NewSurface));
  }
  draft.surfaces = [...draft.surfaces, ...added];
  for (const s of added) draft.setSurface(s);
  return draft.finish();
}
