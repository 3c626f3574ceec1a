/**
 * The one HTTP core of the API client (platform spec sections 7 and 8). Every call goes through
 * {@link HttpClient.request}: base path, `credentials: 'include'`, the anti-forgery header
 * `X-XSRF-TOKEN` on state-changing calls, query arrays, JSON / multipart / text bodies, and the
 * response inspection of section 8 ({@link inspectResponse}). Failures reject with {@link ApiError}
 * and are reported to the `onError` listener (the notification store shows a notice) unless the
 * call passes `silent: true` (the spec's "only logged" failures).
 */

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];
export type Query = Readonly<Record<string, QueryValue>>;
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A failed call. `code` is the server's error code when the body carried one. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: number | undefined;
  readonly body: unknown;
  constructor(message: string, status: number, code?: number, body?: unknown) {
    super(message);
    this.status = status;
    this.code = code;
    this.body = body;
  }
}

/** Thrown before any request when a required path parameter or body is missing. */
export class RequiredError extends ApiError {
  readonly field: string;
  constructor(field: string, operation: string) {
    super(`Required parameter ${field} was null or undefined when calling ${operation}.`, 0);
    this.field = field;
  }
}

/** Throws {@link RequiredError} when a path parameter or body is null or undefined. */
export function required<T>(value: T | null | undefined, field: string, operation: string): T {
  if (value === null || value === undefined) throw new RequiredError(field, operation);
  return value;
}

export interface RequestOptions {
  readonly query?: Query;
  /** JSON body. */
  readonly json?: unknown;
  /** Multipart body. */
  readonly form?: FormData;
  /** Plain-text body. */
  readonly text?: string;
  /** How to read a successful answer: inspected JSON (default), a Blob (files) or raw text. */
  readonly responseType?: 'json' | 'blob' | 'text';
  /** Do not report a failure to the notice listener (it is still rejected and logged as a warning). */
  readonly silent?: boolean;
  readonly signal?: AbortSignal;
}

export interface HttpClientOptions {
  readonly basePath: string;
  readonly fetch?: typeof fetch | undefined;
  /** Called with every failure of a non-silent call (shows the error notice). */
  readonly onError?: ((error: ApiError) => void) | undefined;
  readonly logger?: Pick<Console, 'error' | 'warn'>;
}

/** The query string of {@link Query}: arrays repeat the key, null/undefined are left out. */
export function queryString(query: Query | undefined): string {
  if (query === undefined) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) for (const item of value as readonly unknown[]) params.append(key, String(item));
    else params.append(key, String(value));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Section 8 on a parsed body: returns an {@link ApiError} when the body means failure, else
 * undefined. ERROR bodies fail (code if present, else message); a body with a title but no
 * message fails with the title; MESSAGE bodies pass; an empty object passes; any other object
 * carrying a non-zero numeric `code` counts as failure.
 */
export function bodyFailure(body: unknown, status: number): ApiError | undefined {
  if (!isRecord(body)) return undefined;
  const message = typeof body['message'] === 'string' ? body['message'] : undefined;
  const code = typeof body['code'] === 'number' ? body['code'] : undefined;
  if (body['type'] === 'ERROR') return new ApiError(message ?? 'error', status, code, body);
  if (typeof body['title'] === 'string' && message === undefined) return new ApiError(body['title'], status, code, body);
  if (body['type'] === 'MESSAGE') return undefined;
  if (code !== undefined && code !== 0) return new ApiError(message ?? `error ${code}`, status, code, body);
  return undefined;
}

/**
 * Inspects a response (section 8): status 200–299 is success, anything else rejects; the body is
 * read as JSON and checked by {@link bodyFailure}; an empty body is `undefined`; a body that is
 * not JSON is logged and rejected.
 */
export async function inspectResponse(response: Response, logger: Pick<Console, 'error'> = console): Promise<unknown> {
  const text = await response.text();
  let body: unknown = undefined;
  let parsed = true;
  if (text.trim() !== '') {
    try {
      body = JSON.parse(text);
    } catch {
      parsed = false;
    }
  }
  if (!parsed) {
    logger.error(`rainplan api: unreadable answer (status ${response.status}) from ${response.url}:`, text.slice(0, 200));
    throw new ApiError(response.ok ? 'unreadable answer' : response.statusText || `HTTP ${response.status}`, response.status, undefined, text);
  }
  const failure = bodyFailure(body, response.status);
  if (failure !== undefined) throw failure;
  if (!response.ok) throw new ApiError(response.statusText || `HTTP ${response.status}`, response.status, undefined, body);
  return body;
}

const STATE_CHANGING: ReadonlySet<Method> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export class HttpClient {
  private token: string | undefined;
  private readonly fetchImpl: typeof fetch;
  private readonly logger: Pick<Console, 'error' | 'warn'>;

  private readonly options: HttpClientOptions;

  constructor(options: HttpClientOptions) {
    this.options = options;
    this.fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.logger = options.logger ?? console;
  }

  /** The anti-forgery token from `GET /User`; sent as `X-XSRF-TOKEN` on state-changing calls. */
  setToken(token: string | undefined): void {
    this.token = token;
  }

  getToken(): string | undefined {
    return this.token;
  }

  url(path: string, query?: Query): string {
    return `${this.options.basePath}${path}${queryString(query)}`;
  }

  async request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    let body: BodyInit | undefined;
    if (options.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form !== undefined) {
      body = options.form; // the browser sets the multipart boundary
    } else if (options.text !== undefined) {
      headers['Content-Type'] = 'text/plain';
      body = options.text;
    }
    if (STATE_CHANGING.has(method) && this.token !== undefined) headers['X-XSRF-TOKEN'] = this.token;

    try {
      let response: Response;
      try {
        const init: RequestInit = { method, headers, credentials: 'include' };
        if (body !== undefined) init.body = body;
        if (options.signal !== undefined) init.signal = options.signal;
        response = await this.fetchImpl(this.url(path, options.query), init);
      } catch (cause) {
        if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
        throw new ApiError('servers unreachable', 0, undefined, cause);
      }
      if (options.responseType === 'blob' && response.ok) return (await response.blob()) as T;
      if (options.responseType === 'text' && response.ok) return (await response.text()) as T;
      return (await inspectResponse(response, this.logger)) as T;
    } catch (error) {
      if (error instanceof ApiError) {
        if (options.silent === true) this.logger.warn(`rainplan api: ${method} ${path} failed:`, error.message);
        else this.options.onError?.(error);
      }
      throw error;
    }
  }
}
