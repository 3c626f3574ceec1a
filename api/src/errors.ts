/**
 * Error codes and the error body. Every failure answers with an HTTP status and
 * `{ "type": "ERROR", "code": <number>, "message": <text> }`. The codes 0, 2, 20, 30–33 and 50–55
 * are the spec's (section 8); the spec leaves 1, 9–15 and 21–23 to generic error texts, and the
 * api uses them for the conditions below, so that clients can tell them apart. See docs/api.md.
 */
export const ErrorCode = {
  /** Unexpected failure (HTTP 500) and anything without a more specific code. */
  GENERIC: 1,
  /** The request does not match the route's schema or a rule of the spec (HTTP 400). */
  VALIDATION: 2,
  /** Not signed in, or the session ended (HTTP 401). */
  NOT_SIGNED_IN: 9,
  /** Signed in, but not allowed to do this (HTTP 403). */
  FORBIDDEN: 10,
  /** No such resource or route (HTTP 404). */
  NOT_FOUND: 11,
  /** Wrong e-mail or password (HTTP 401). */
  LOGIN_FAILED: 12,
  /** The e-mail address has not been confirmed yet (HTTP 403). */
  EMAIL_NOT_CONFIRMED: 13,
  /** The confirmation or reset code is wrong, used or expired (HTTP 400). */
  INVALID_CODE: 14,
  /** Too many requests; try again later (HTTP 429). */
  TOO_MANY_REQUESTS: 15,
  /** File format not supported (spec). */
  FILE_FORMAT: 20,
  /** The anti-forgery header is missing or wrong (HTTP 403). */
  ANTI_FORGERY: 21,
  /** The old password is wrong (HTTP 400). */
  WRONG_PASSWORD: 22,
  /** The method is not allowed on this route (HTTP 405), or the media type is not JSON (HTTP 415). */
  UNSUPPORTED_REQUEST: 23,
  /** The user is already in an organization (spec). */
  ALREADY_IN_ORGANIZATION: 30,
  /** The user is not part of this organization (spec). */
  NOT_IN_THIS_ORGANIZATION: 31,
  /** The user is not part of any organization (spec). */
  NOT_IN_ANY_ORGANIZATION: 32,
  /** The administrator (owner) cannot leave the organization (spec). */
  OWNER_CANNOT_LEAVE: 33,
  /** A waterflow node cannot be deleted: its parent element is still linked (spec; HTTP 409). */
  PARENT_LINKED: 50,
  /** A purification cannot be deleted: its measure is still linked (spec; HTTP 409). */
  MEASURE_LINKED: 51,
  /** A node cannot be deleted: surfaces are still linked to it (spec; HTTP 409). */
  SURFACES_LINKED: 52,
  /** A measure cannot be deleted: purifications are still linked to it (spec; HTTP 409). */
  PURIFICATIONS_LINKED: 53,
  /** A submitted computed value disagrees with the engine's (spec "calculations could not be validated"; HTTP 422). */
  CALCULATION_MISMATCH: 55,
  /** The node was changed by someone else since the client read it (HTTP 409, body carries the current node). */
  VERSION_CONFLICT: 56,
  /** No imported rain data covers the position: it lies outside every imported KOSTRA grid, or none is imported (HTTP 404). */
  NO_RAIN_DATA: 57,
  /** The last sealed surface of a project cannot be deleted (HTTP 409). */
  LAST_SURFACE: 58,
  /** A measure already holds the most variants (10) besides the chosen one (HTTP 422; decision 0145). */
  VARIANT_LIMIT: 59,
  /**
   * The position lies inside an imported KOSTRA grid, in a cell that has no rain data (sea,
   * abroad); the answer names the edition and the cell (HTTP 404; decision 0177).
   */
  NO_RAIN_DATA_IN_CELL: 61,
  /**
   * A configuration for this measure would hold more items than one configuration may (50,000):
   * its block of boxes L × B × levels is too large (HTTP 422, message key `configurator.tooManyItems`; decision 0191).
   */
  CONFIGURATION_TOO_LARGE: 60,
  /** No share link has this token (HTTP 404; decision 0136). */
  SHARE_LINK_UNKNOWN: 70,
  /** The share link was revoked or has expired (HTTP 410; decision 0136). */
  SHARE_LINK_ENDED: 71,
  /** A project holds at most 100 share links (HTTP 409). */
  SHARE_LINK_LIMIT: 72,
  /**
   * Internal staff with support access may read and edit the project, not take it with them: no
   * clone, no share link, no transfer (HTTP 403; decision 0186).
   */
  SUPPORT_CANNOT_TAKE: 80,
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export interface ErrorBody {
  readonly type: 'ERROR';
  readonly code: number;
  readonly message: string;
}

/**
 * A failure the client caused or may see: thrown by handlers and hooks, turned into its status
 * and error body by the error handler (app.ts). Anything else thrown becomes a generic 500.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly statusCode: number;
  readonly code: ErrorCode;

  constructor(statusCode: number, code: ErrorCode, message: string) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
  }

  body(): ErrorBody {
    return { type: 'ERROR', code: this.code, message: this.message };
  }
}

/** The body of a stale write's 409: the error and the stored state in `current` (docs/api.md, code 56). */
export interface VersionConflictBody<T> extends ErrorBody {
  readonly current: T;
}

/**
 * A write that names an older version than the stored one (HTTP 409, code 56). Its body carries
 * `current`, the stored state the client should reload from; the route's 409 schema says what
 * `current` holds (the node, the measure, the configuration, or where to read the items).
 */
export class VersionConflict<T> extends ApiError {
  override name = 'VersionConflict';
  readonly current: T;

  /** `what` names the changed thing in the message ("measure", "box configuration"). */
  constructor(what: string, stored: number, yours: number, current: T) {
    super(409, ErrorCode.VERSION_CONFLICT, `The ${what} was changed by someone else (version ${stored}, yours ${yours}); reload it and apply your change again`);
    this.current = current;
  }

  override body(): VersionConflictBody<T> {
    return { ...super.body(), current: this.current };
  }
}

/** A refused item list (HTTP 400, code 2; nothing is stored): the body names the first refused item's `index` when known. */
export class ItemsRefused extends ApiError {
  override name = 'ItemsRefused';
  readonly index: number | undefined;

  constructor(message: string, index?: number) {
    super(400, ErrorCode.VALIDATION, message);
    this.index = index;
  }

  override body(): ErrorBody & { readonly index?: number } {
    return this.index === undefined ? super.body() : { ...super.body(), index: this.index };
  }
}

export const notSignedIn = (): ApiError => new ApiError(401, ErrorCode.NOT_SIGNED_IN, 'Not signed in');
export const forbidden = (message = 'Not allowed'): ApiError => new ApiError(403, ErrorCode.FORBIDDEN, message);
export const notFound = (message = 'Not found'): ApiError => new ApiError(404, ErrorCode.NOT_FOUND, message);
export const validation = (message: string): ApiError => new ApiError(400, ErrorCode.VALIDATION, message);
export const supportCannotTake = (): ApiError =>
  new ApiError(403, ErrorCode.SUPPORT_CANNOT_TAKE, 'Support access ends with the support request: a project cannot be cloned, shared or transferred through it');
