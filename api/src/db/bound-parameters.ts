/**
 * Values travel as bind parameters, never inside the SQL text (issue 13.1, decision 0064).
 *
 * MikroORM 7 builds every statement with `?` placeholders and then, in
 * `AbstractSqlConnection.execute`, inlines the values into the SQL text with
 * `platform.formatQuery` before it hands the text to Kysely without parameters. On PostgreSQL
 * (pg) that text is sent as is; PGlite however miscounts the UTF-8 length of strings that
 * contain lone surrogates, so a crafted value could cut off the end of the statement — the WHERE
 * clause — and one update rewrote every row of a table. The connections below compile the same
 * placeholders into `$1, $2, …` and pass the values separately (PGlite's `query(sql, params)`,
 * pg's extended protocol), for both drivers. Identifiers (`??`) are still quoted into the text,
 * as MikroORM does. Strings that PostgreSQL cannot store (lone surrogates, NUL) are refused here
 * too, so a value that slipped past the body parser fails loudly instead of corrupting a query.
 */
import { isRaw, JsonProperty, raw, Utils, type Configuration } from '@mikro-orm/core';
import { PgliteConnection, PgliteDriver } from '@mikro-orm/pglite';
import { PostgreSqlConnection, PostgreSqlDriver } from '@mikro-orm/postgresql';
import { NativeQueryBuilder, type BasePostgreSqlPlatform } from '@mikro-orm/sql';
import { CompiledQuery } from 'kysely';

export interface BoundQuery {
  readonly sql: string;
  readonly parameters: unknown[];
}

/** Thrown for a string parameter PostgreSQL cannot store as text. */
export class IllFormedParameterError extends Error {
  constructor() {
    super('A query parameter holds a lone surrogate or NUL character');
    this.name = 'IllFormedParameterError';
  }
}

/** Whether PostgreSQL can store the string as text: well-formed UTF-16 without NUL. */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/** A lone surrogate (in Unicode mode a pair is one code point and does not match). */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/**
 * Compiles MikroORM's `?` (value) and `??` (identifier) placeholders into PostgreSQL's `$n`,
 * following `Platform.formatQuery` token for token (including its `\?` escape), so the SQL that
 * reaches the database is the formatted one with every value replaced by a parameter.
 */
export function bindParameters(platform: BasePostgreSqlPlatform, sql: string, params: readonly unknown[]): BoundQuery {
  const parameters: unknown[] = [];
  const placeholder = (value: unknown): string => {
    parameters.push(value);
    return `$${parameters.length}`;
  };
  const bindValue = (value: unknown): string => {
    if (isRaw(value)) return compile(value.sql, value.params);
    if (Utils.isPlainObject(value) || (value as Record<PropertyKey, unknown> | null)?.[JsonProperty] !== undefined) {
      return placeholder(JSON.stringify(value));
    }
    if (Array.isArray(value)) return value.map(bindValue).join(', ');
    if (typeof value === 'string') {
      if (!isStorableText(value)) throw new IllFormedParameterError();
      return placeholder(value);
    }
    if (typeof value === 'bigint') return placeholder(value.toString());
    if (value instanceof Date) return placeholder(platform.formatDate(value));
    if (value === null || typeof value === 'number' || typeof value === 'boolean' || ArrayBuffer.isView(value)) {
      return placeholder(value);
    }
    if (value === undefined) throw new Error('A query parameter is undefined');
    // Objects MikroORM would print into the text (e.g. decimals): their text form.
    return placeholder(String(value as { toString(): string }));
  };
  const compile = (text: string, values: readonly unknown[]): string => {
    if (values.length === 0) return text;
    let j = 0;
    let pos = 0;
    let out = '';
    if (text.startsWith('?')) {
      if (text[1] === '?') {
        out += platform.quoteIdentifier(values[j++] as string);
        pos = 2;
      } else {
        out += bindValue(values[j++]);
        pos = 1;
      }
    }
    while (pos < text.length) {
      const idx = text.indexOf('?', pos + 1);
      if (idx === -1) {
        out += text.substring(pos);
        break;
      }
      if (text.substring(idx - 1, idx + 1) === '\\?') {
        out += text.substring(pos, idx - 1) + '?';
        pos = idx + 1;
      } else if (text.substring(idx, idx + 2) === '??') {
        out += text.substring(pos, idx) + platform.quoteIdentifier(values[j++] as string);
        pos = idx + 2;
      } else {
        out += text.substring(pos, idx) + bindValue(values[j++]);
        pos = idx + 1;
      }
    }
    return out;
  };
  return { sql: compile(sql, params), parameters };
}

type ExecuteArgs = Parameters<PgliteConnection['execute']>;
type Method = 'all' | 'get' | 'run';

interface ConnectionInternals {
  readonly platform: BasePostgreSqlPlatform;
  readonly config: Configuration;
  ensureConnection(): Promise<void>;
  getClient(): { executeQuery(query: CompiledQuery, options?: unknown): Promise<unknown> };
  executeQuery<T>(query: string, cb: () => Promise<T>, context?: unknown): Promise<T>;
  transformRawResult<T>(res: unknown, method?: Method): T;
}

/** `AbstractSqlConnection.execute` with bind parameters instead of inlined values. */
async function executeBound<T>(connection: ConnectionInternals, ...[query, params = [], method = 'all', ctx, loggerContext]: ExecuteArgs): Promise<T> {
  await connection.ensureConnection();
  let text: unknown = query instanceof NativeQueryBuilder ? query.toRaw() : query;
  let values: readonly unknown[] = Array.isArray(params) ? params : [];
  if (typeof text === 'string' && !Array.isArray(params)) text = raw(text, params);
  if (isRaw(text)) {
    values = text.params;
    text = text.sql;
  }
  const onQuery = connection.config.get('onQuery') as (sql: string, params: readonly unknown[]) => string;
  const sqlText = onQuery(text as string, values);
  const bound = bindParameters(connection.platform, sqlText, values);
  // The log shows the statement as MikroORM formats it (with values), as before; formatting (which
  // prints every value, e.g. a 20,000-item json document) happens only when that log is on.
  const logger = connection.config.getLogger();
  const logContext = loggerContext as Parameters<typeof logger.isEnabled>[1];
  const withValues = bound.parameters.length > 0 && logger.isEnabled('query', logContext) && logger.isEnabled('query-params', logContext);
  const logged = withValues ? connection.platform.formatQuery(sqlText, values as unknown[]) : sqlText;
  const context = loggerContext as Record<string, unknown> | undefined;
  const { signal, inflightQueryAbortStrategy, ...cleanContext } = context ?? {};
  const abort = signal == null && inflightQueryAbortStrategy == null ? undefined : { signal, inflightQueryAbortStrategy };
  return connection.executeQuery(
    logged,
    async () => {
      const compiled = CompiledQuery.raw(bound.sql, bound.parameters);
      const client = (ctx as unknown as ReturnType<ConnectionInternals['getClient']> | undefined) ?? connection.getClient();
      const result = await client.executeQuery(compiled, abort);
      return connection.transformRawResult<T>(result, method);
    },
    { query: sqlText, params: values, formatted: logged, ...cleanContext },
  );
}

export class BoundPgliteConnection extends PgliteConnection {
  override execute<T>(...args: ExecuteArgs): Promise<T> {
    return executeBound<T>(this as unknown as ConnectionInternals, ...args);
  }
}

export class BoundPostgreSqlConnection extends PostgreSqlConnection {
  override execute<T>(...args: ExecuteArgs): Promise<T> {
    return executeBound<T>(this as unknown as ConnectionInternals, ...args);
  }
}

/** PGlite with bind parameters. */
export class BoundPgliteDriver extends PgliteDriver {
  constructor(config: Configuration) {
    super(config);
    (this as unknown as { connection: unknown }).connection = new BoundPgliteConnection(this.config);
  }
}

/** PostgreSQL (pg) with bind parameters. */
export class BoundPostgreSqlDriver extends PostgreSqlDriver {
  constructor(config: Configuration) {
    super(config);
    (this as unknown as { connection: unknown }).connection = new BoundPostgreSqlConnection(this.config);
  }
}
