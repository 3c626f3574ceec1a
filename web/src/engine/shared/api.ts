/**
 * What the engine worker exposes over Comlink (and what the main-thread fallback implements the
 * same way). Arguments and results are plain, structured-cloneable data.
 */
import type { Evaluation, OperationResult, Project, Waterflow } from '@rainplan/engine';
import type { OperationCall } from './operations.ts';

/** An edit and the evaluation of the project after it, in one round trip. */
export interface EditResult extends OperationResult {
  readonly evaluation: Evaluation;
}

export interface EngineApi {
  /** Answers 'pong' once the worker's module has loaded (start check). */
  ping(): 'pong';
  evaluate(project: Project): Evaluation;
  apply(waterflow: Waterflow, operation: OperationCall): OperationResult;
  /** Applies the operation to `project.waterflow` and evaluates the result. */
  applyAndEvaluate(project: Project, operation: OperationCall): EditResult;
}
