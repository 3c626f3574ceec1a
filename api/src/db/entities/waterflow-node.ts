import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Project } from './project.ts';

/** The three kinds of waterflow node (planning spec section 3). */
export const WATERFLOW_NODE_KINDS = ['surface', 'purification', 'measure'] as const;
export type WaterflowNodeKind = (typeof WATERFLOW_NODE_KINDS)[number];

/**
 * One node of a project's waterflow: the engine's node object as JSON (`data`, inputs and the
 * results the engine derived from them), with a version for optimistic concurrency. Node ids are
 * the engine's ids (strings), unique within a project.
 */
export const WaterflowNode = defineEntity({
  name: 'WaterflowNode',
  properties: {
    project: () => p.manyToOne(Project).primary().deleteRule('cascade'),
    id: p.string().length(64).primary(),
    kind: p.enum(WATERFLOW_NODE_KINDS),
    /** Insertion order within the project (lists keep the planner's order). */
    position: p.integer().default(0),
    data: p.json<Record<string, unknown>>(),
    version: p.integer().version(),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export type WaterflowNode = InferEntity<typeof WaterflowNode>;
