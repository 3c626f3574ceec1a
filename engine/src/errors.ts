/**
 * Misuse of the engine (an operation that is not allowed, an unknown id) throws an EngineError
 * with a stable code and a message key. Problems in the user's data are never thrown: they come
 * back as values of the one `Problem` shape (problems.ts): Issue, ParseError and the others.
 */
export const ENGINE_ERROR_CODES = [
  'NODE_NOT_FOUND',
  'DUPLICATE_ID',
  'LAST_SURFACE',
  'NOT_A_SURFACE',
  'SURFACE_NOT_ELIGIBLE',
  'INVALID_PARENT',
  'INVALID_ARGUMENT',
  /** A measure has no variant with this id (variants, decision 0140). */
  'VARIANT_NOT_FOUND',
  /** A measure already holds MAX_VARIANTS variants besides the chosen one. */
  'TOO_MANY_VARIANTS',
] as const;
export type EngineErrorCode = (typeof ENGINE_ERROR_CODES)[number];

export class EngineError extends Error {
  override readonly name = 'EngineError';
  readonly code: EngineErrorCode;
  readonly messageKey: string;
  readonly params: Readonly<Record<string, string | number>>;

  constructor(code: EngineErrorCode, message: string, params: Record<string, string | number> = {}) {
    super(message);
    this.code = code;
    this.messageKey = `engineError.${code}`;
    this.params = params;
  }
}

/** Type guard for EngineError (works across realms and worker boundaries on plain objects). */
export function isEngineError(value: unknown): value is EngineError {
  return value instanceof EngineError;
}
