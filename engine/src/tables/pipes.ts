/**
 * Pipe types for pipe tanks (pipes in gravel) and retention pipes (backwater channels).
 * Source: planning spec section 9 "Pipe types" (inner / outer diameter in mm).
 */
export type PipeUse = 'infiltration' | 'retention' | 'any';

export interface PipeType {
  readonly id: string;
  /** Inner diameter d_i in mm. */
  readonly innerDiameterMm: number;
  /** Outer diameter d_a in mm. */
  readonly outerDiameterMm: number;
  readonly use: PipeUse;
  readonly messageKey: string;
}

const p = <const Id extends string>(id: Id, use: PipeUse, inner: number, outer: number) =>
  ({ id, use, innerDiameterMm: inner, outerDiameterMm: outer, messageKey: `pipeType.${id}` }) as const;

export const PIPE_TYPES = [
  p('DN_ID_200', 'infiltration', 200, 232),
  p('DN_ID_350', 'infiltration', 350, 397),
  p('DN_ID_500', 'retention', 500, 580),
  p('DN_OD_630', 'any', 535, 630),
  p('DN_ID_600', 'any', 600, 700),
  p('DN_OD_800', 'any', 678, 800),
  p('DN_ID_800', 'any', 800, 930),
  p('DN_OD_1000', 'any', 851, 1000),
  p('DN_OD_1200', 'any', 1022, 1200),
  p('DN_ID_1200', 'any', 1200, 1395),
] as const satisfies readonly PipeType[];

export type PipeTypeId = (typeof PIPE_TYPES)[number]['id'];
export const PIPE_TYPE_IDS = PIPE_TYPES.map((t) => t.id) as readonly PipeTypeId[];
