/**
 * What the engine worker exposes over Comlink (and what the main-thread fallback implements the
 * same way). Arguments and results are plain, structured-cloneable data.
 */
import type { Evaluation, OperationResult, Project, Waterflow } from '@rainplan/engine';
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

export interface EngineApi {
  /** Answers 'pong' once the worker's module has loaded (start check). */
  ping(): 'pong';
  evaluate(project: Project): Evaluation;
  apply(waterflow: Waterflow, operation: OperationCall): OperationResult;
  /** Evaluates the project and writes the derived fields into its waterflow. */
  derive(project: Project): Derived;
  /** Applies the operation to `project.waterflow`, evaluates and derives the result (one round trip per edit). */
  applyAndEvaluate(project: Project, operation: OperationCall): EditResult;
}
