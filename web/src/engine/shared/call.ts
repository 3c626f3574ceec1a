/**
 * Builds a typed waterflow operation call (`call('updateSurface', id, { value: 120 })`). Type-only
 * imports of the engine: the main bundle does not carry the operations, the worker does.
 */
import type { OperationArgs, OperationCall, OperationName } from './operations.ts';

export type { OperationCall, OperationName };

export function call<K extends OperationName>(op: K, ...args: OperationArgs<K>): OperationCall {
  return { op, args } as unknown as OperationCall;
}
