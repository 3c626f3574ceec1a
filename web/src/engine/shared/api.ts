/**
 * What the engine worker exposes over Comlink (and what the main-thread fallback implements the
 * same way). Arguments and results are plain, structured-cloneable data.
 */
import type { Evaluation, OperationResult, Project, VariantComparison, Waterflow } from '@rainplan/engine';
import type { DerivedDiff } from './diff.ts';
import type { OperationCall } from './operations.ts';

/** A waterflow with every derived field written back (`applyEvaluation`) and its evaluation. */
export interface Derived {
  readonly waterflow: Waterflow;
  readonly evaluation: Evaluation;
}

/** An edit: the derived waterflow after it, its evaluation, and the ids the operation changed. */
export interface EditResult extends Derived {
  readonly changed: readonly string[];
}

/**
 * The answer of a session edit: a diff against the state the engine answered before (`diff`), the
 * whole derived state when the engine was (re-)seeded for this edit (`full`), or `resync` when
 * the engine does not hold the session (a new or restarted worker): send the project with it.
 */
export type EditAnswer =
  | { readonly kind: 'diff'; readonly diff: DerivedDiff; readonly changed: readonly string[] }
  | ({ readonly kind: 'full' } & EditResult)
  | { readonly kind: 'resync' };

export interface EngineApi {
  /** Answers 'pong' once the worker's module has loaded (start check). */
  ping(): 'pong';
  evaluate(project: Project): Evaluation;
  apply(waterflow: Waterflow, operation: OperationCall): OperationResult;
  /** Evaluates the project and writes the derived fields into its waterflow. */
  derive(project: Project): Derived;
  /** Applies the operation to `project.waterflow`, evaluates and derives the result (one round trip per edit). */
  applyAndEvaluate(project: Project, operation: OperationCall): EditResult;
  /** Keeps the project as session `token` in the engine, evaluates and derives it (full answer). */
  seed(token: number, project: Project): Derived;
  /**
   * Applies the operation to the session's project, evaluates, keeps the result and answers the
   * diff. With `project` the session is seeded from it first (answer `full`); without, a session
   * other than `token` answers `resync`. A refused operation leaves the session unchanged.
   */
  edit(token: number, operation: OperationCall, project?: Project): EditAnswer;
  /** The engine's comparison of a measure's variants (no catalogue: figures without bill totals). */
  compareVariants(project: Project, measureId: string): VariantComparison;
}
