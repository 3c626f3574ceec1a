/**
 * The api's configuration: `ApiConfig` is what `buildApp` takes; `loadConfig` reads it from the
 * environment for server.ts and the scripts. Every variable is documented in docs/api.md.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import type { DatabaseConfig } from './db/orm.ts';
import type { Branding } from '@rainplan/engine/documents';
import { DEMO_BRANDING_DIR, loadBranding } from './branding.ts';

export interface RateLimit {
  /** Counts allowed per key (client address, account or user) within `timeWindow`. */
  readonly max: number;
  /** Milliseconds. */
  readonly timeWindow: number;
}

export interface ApiConfig {
  /** Directory of the built web app (contains index.html), served from `/`. */
  readonly webRoot: string;
  readonly database: DatabaseConfig;
  /** Secret that signs session cookies (at least 32 characters). */
  readonly sessionSecret: string;
  /** Lifetime of a session without activity, in milliseconds. */
  readonly sessionMaxAge: number;
  /** Origin of the web app as users reach it, for links in e-mails (no trailing slash). */
  readonly publicUrl: string;
  /**
   * Behind reverse proxies: whom to believe in X-Forwarded-For/-Proto (decision 0072). `TrustHops`
   * trusts that many proxy hops in front of the api (the client address is the one the outermost
   * trusted proxy saw), a list trusts proxies at those addresses or ranges (CIDR); `false` none.
   * (`true`, trusting every hop, is accepted by Fastify but never produced by `loadConfig`: any
   * client could then name its own address.) Session cookies are Secure whenever the request
   * arrived over https, directly or through a trusted proxy.
   */
  readonly trustProxy: boolean | string[] | TrustHops;
  readonly mail: {
    /** smtp(s)://user:password@host:port; without it mails go to `outboxDir`. */
    readonly smtpUrl?: string | undefined;
    readonly from: string;
    readonly outboxDir: string;
  };
  /** argon2id cost; the defaults follow OWASP (19 MiB, 2 iterations, 1 lane). */
  readonly argon2: { readonly memoryCost: number; readonly timeCost: number; readonly parallelism: number };
  /** Shared by all processes (in the database; decision 0072). */
  readonly rateLimits: {
    /** Failed sign-ins per client address (successful ones do not count). */
    readonly login: RateLimit;
    /** Failed sign-ins per account; a password reset clears them. */
    readonly loginAccount: RateLimit;
    readonly registration: RateLimit;
    readonly passwordReset: RateLimit;
    readonly confirmationResend: RateLimit;
    /** Addresses one user may look up by inviting into an organization (per user, not per address). */
    readonly invitation: RateLimit;
  };
  /** Lifetimes of the codes sent by e-mail, in milliseconds. */
  readonly codeLifetimes: { readonly emailConfirmation: number; readonly passwordReset: number };
  /**
   * How long, in milliseconds, this process serves a session, a signed-in user or an organization
   * member page it read without reading it again (ACCOUNT_CACHE_TTL; 0: never). Changes made through
   * this process are seen at once; changes made by another process at most this late (decision 0045).
   */
  readonly accountCacheTtl: number;
  /**
   * When the account work that follows an answer runs (forgotPassword, resendConfirmationEmail,
   * register: look-ups, codes, mails; decision 0187): only after no request has been in flight for
   * `quietMs`, and not before `quietMs` plus a random share of `jitterMs` after it was queued; at
   * the latest between half of `maxWaitMs` and all of it (at random) after it was queued.
   * Milliseconds. Default ACCOUNT_WORK_TIMING.
   */
  readonly accountWork?: AccountWorkTiming;
  /** Fastify logger: false for none, or a pino level. */
  readonly logLevel: false | 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
  /**
   * Other origins the web app may use, allowed by the Content-Security-Policy: map tiles (img-src)
   * and the geocoder (connect-src). Default: the public OpenStreetMap tile and Nominatim origins.
   */
  readonly externalOrigins?: { readonly mapTiles: readonly string[]; readonly geocoder: readonly string[] };
  /** The operator's branding (BRANDING_DIR, validated at start); absent: the demo branding (docs/branding.md). */
  readonly branding?: Branding;
  /** DATA_SHEETS_DIR: the operator's facility data sheets (PDF files by name); absent: generated ones only. */
  readonly dataSheetsDir?: string;
}

export interface AccountWorkTiming {
  readonly quietMs: number;
  readonly jitterMs: number;
  readonly maxWaitMs: number;
}

/** Decision 0187: the next request never shares the process with the work of the one before it. */
export const ACCOUNT_WORK_TIMING: AccountWorkTiming = { quietMs: 200, jitterMs: 800, maxWaitMs: 30_000 };

/** Default origins of the web app's map tiles and geocoder (the public OpenStreetMap services). */
export const DEFAULT_MAP_TILE_ORIGINS: readonly string[] = ['https://tile.openstreetmap.org'];
export const DEFAULT_GEOCODER_ORIGINS: readonly string[] = ['https://nominatim.openstreetmap.org'];

/**
 * A list of origins (comma or space separated) for the Content-Security-Policy: `https://host`,
 * `http://host:port`, `https://*.example.org`, `http://127.0.0.1:*`; a URL with a path (a tile
 * template) counts as its origin. Empty or unset: the defaults.
 */
export function parseOrigins(name: string, value: string | undefined, defaults: readonly string[]): readonly string[] {
  if (value === undefined || value.trim() === '') return defaults;
  return value
    .split(/[\s,]+/)
    .filter((item) => item !== '')
    .map((item) => {
      const m = /^(https?):\/\/((?:\*\.)?[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::(\d{1,5}|\*))?(?:[/?#].*)?$/.exec(item);
      if (m === null) throw new ConfigError(`${name} must list origins like https://tile.example.org or http://127.0.0.1:8080, got "${item}"`);
      return `${m[1]}://${m[2]!.toLowerCase()}${m[3] === undefined ? '' : `:${m[3]}`}`;
    });
}

const HOUR = 60 * 60 * 1000;
const MINUTE = 60 * 1000;

/** The defaults that do not depend on the environment. */
export const DEFAULTS = {
  sessionMaxAge: 7 * 24 * HOUR,
  argon2: { memoryCost: 19_456, timeCost: 2, parallelism: 1 },
  rateLimits: {
    login: { max: 30, timeWindow: 15 * MINUTE },
    loginAccount: { max: 10, timeWindow: 15 * MINUTE },
    registration: { max: 5, timeWindow: HOUR },
    passwordReset: { max: 5, timeWindow: HOUR },
    confirmationResend: { max: 5, timeWindow: HOUR },
    invitation: { max: 100, timeWindow: HOUR },
  },
  codeLifetimes: { emailConfirmation: 48 * HOUR, passwordReset: 1 * HOUR },
  mailFrom: 'rainplan <no-reply@rainplan.invalid>',
  accountCacheTtl: 1000,
} as const;

/** Limits of the HTTP server (server.ts; issue 13, item 5). Milliseconds. */
export interface ConnectionLimits {
  /** Open connections at most; more are closed at once (MAX_CONNECTIONS). */
  readonly maxConnections: number;
  /** Time to receive a request's headers; an idle or trickling client is dropped after it (HEADERS_TIMEOUT). */
  readonly headersTimeout: number;
  /** Time to receive a whole request (REQUEST_TIMEOUT). */
  readonly requestTimeout: number;
  /** An idle keep-alive connection is closed after this (KEEP_ALIVE_TIMEOUT). */
  readonly keepAliveTimeout: number;
}

export interface ServerConfig extends ApiConfig {
  readonly host: string;
  readonly port: number;
  readonly dataDir: string;
  readonly connections: ConnectionLimits;
}

/** Trusts the first `hops` proxies in front of the api (Fastify's trust function: hop 0 is the nearest). */
export interface TrustHops {
  (address: string, hop: number): boolean;
  readonly hops: number;
}

export function trustHops(hops: number): TrustHops {
  return Object.assign((_address: string, hop: number) => hop < hops, { hops });
}

/**
 * TRUST_PROXY: unset or `false` none; `true` one hop (one reverse proxy in front); a whole number
 * that many hops; otherwise addresses or CIDR ranges of the proxies, comma or space separated.
 */
export function parseTrustProxy(value: string | undefined): false | string[] | TrustHops {
  if (value === undefined || value.trim() === '' || /^(0|false|no|off)$/i.test(value.trim())) return false;
  const text = value.trim();
  if (/^(true|yes|on)$/i.test(text)) return trustHops(1);
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops < 1 || hops > 20) throw new ConfigError(`TRUST_PROXY as a number of proxy hops must be from 1 to 20, got "${value}"`);
    return trustHops(hops);
  }
  const entries = text.split(/[\s,]+/).filter((entry) => entry !== '');
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/');
    const family = isIP(address ?? '');
    const validBits = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32));
    if (family === 0 || !validBits || extra !== undefined) {
      throw new ConfigError(`TRUST_PROXY must be true, false, a number of proxy hops or proxy addresses (like 10.0.0.5, 10.0.0.0/8, ::1), got "${entry}"`);
    }
  }
  return entries;
}

const SECOND = 1000;

/** The defaults of `ConnectionLimits`. */
export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  maxConnections: 1024,
  headersTimeout: 10 * SECOND,
  requestTimeout: 120 * SECOND,
  keepAliveTimeout: 5 * SECOND,
};

function parseCount(name: string, value: string | undefined, fallback: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const count = Number(value);
  if (!/^\d+$/.test(value.trim()) || count < 1 || count > max) throw new ConfigError(`${name} must be a whole number from 1 to ${max}, got "${value}"`);
  return count;
}

export function parseConnectionLimits(env: NodeJS.ProcessEnv): ConnectionLimits {
  const d = DEFAULT_CONNECTION_LIMITS;
  const limits = {
    maxConnections: parseCount('MAX_CONNECTIONS', env['MAX_CONNECTIONS'], d.maxConnections, 1_000_000),
    headersTimeout: parseMilliseconds('HEADERS_TIMEOUT', env['HEADERS_TIMEOUT'], d.headersTimeout, 300 * SECOND),
    requestTimeout: parseMilliseconds('REQUEST_TIMEOUT', env['REQUEST_TIMEOUT'], d.requestTimeout, 3600 * SECOND),
    keepAliveTimeout: parseMilliseconds('KEEP_ALIVE_TIMEOUT', env['KEEP_ALIVE_TIMEOUT'], d.keepAliveTimeout, 300 * SECOND),
  };
  if (limits.headersTimeout < 100) throw new ConfigError('HEADERS_TIMEOUT must be at least 100 ms');
  if (limits.requestTimeout !== 0 && limits.requestTimeout < limits.headersTimeout) throw new ConfigError('REQUEST_TIMEOUT must be 0 (none) or at least HEADERS_TIMEOUT');
  return limits;
}

/** Thrown for an unusable environment variable; server.ts prints the message and exits. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..');

export function parsePort(value: string | undefined): number {
  if (value === undefined || value === '') return 3000;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be an integer from 0 to 65535, got "${value}"`);
  }
  return port;
}

/** A duration in milliseconds from 0 to `max`; unset or empty: `fallback`. */
export function parseMilliseconds(name: string, value: string | undefined, fallback: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const ms = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(ms) || ms > max) {
    throw new ConfigError(`${name} must be a whole number of milliseconds from 0 to ${max}, got "${value}"`);
  }
  return ms;
}

function parseUrl(name: string, value: string, protocols: readonly string[]): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`${name} is not a URL: "${value}"`);
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(`${name} must start with ${protocols.map((p) => `${p}//`).join(' or ')}, got "${url.protocol}//"`);
  }
  return url;
}

/**
 * The session secret: SESSION_SECRET, or one generated once and kept in `<dataDir>/session-secret`
 * so that sessions survive restarts on a fresh machine without any setup.
 */
export function sessionSecret(value: string | undefined, dataDir: string): string {
  if (value !== undefined && value !== '') {
    if (value.length < 32) throw new ConfigError('SESSION_SECRET must have at least 32 characters');
    return value;
  }
  const file = path.join(dataDir, 'session-secret');
  try {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const generated = randomBytes(48).toString('base64url');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, generated + '\n', { mode: 0o600 });
  return generated;
}

/** DATA_SHEETS_DIR must be a readable folder (checked at start). */
function dataSheetsDir(value: string): string {
  const dir = path.resolve(value);
  try {
    readdirSync(dir);
  } catch {
    throw new ConfigError(`DATA_SHEETS_DIR ${dir} is not a readable folder (the operator's facility data sheets, docs/api.md)`);
  }
  return dir;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;

/** Reads the configuration from environment variables (see docs/api.md). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = parsePort(env['PORT']);
  const host = env['HOST'] || '127.0.0.1';
  const dataDir = path.resolve(env['DATA_DIR'] || path.join(REPO_ROOT, 'data'));
  const webRoot = path.resolve(env['WEB_ROOT'] || path.join(REPO_ROOT, 'web', 'dist'));
  const trustProxy = parseTrustProxy(env['TRUST_PROXY']);
  const brandingDir = path.resolve(env['BRANDING_DIR'] || DEMO_BRANDING_DIR);
  let branding: Branding;
  try {
    branding = loadBranding(brandingDir);
  } catch (e) {
    throw new ConfigError(e instanceof Error ? e.message : String(e));
  }

  const databaseUrl = env['DATABASE_URL'];
  const database: DatabaseConfig =
    databaseUrl !== undefined && databaseUrl !== ''
      ? { kind: 'postgresql', url: parseUrl('DATABASE_URL', databaseUrl, ['postgres:', 'postgresql:']).href }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') };

  const urlHost = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;
  const publicUrl = parseUrl('PUBLIC_URL', env['PUBLIC_URL'] || `http://${urlHost}:${port}`, ['http:', 'https:'])
    .href.replace(/\/+$/, '');

  const smtpUrl = env['SMTP_URL'] || undefined;
  if (smtpUrl !== undefined) parseUrl('SMTP_URL', smtpUrl, ['smtp:', 'smtps:']);

  const logLevel = env['LOG_LEVEL'] || 'info';
  if (logLevel !== 'silent' && !(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of silent, ${LOG_LEVELS.join(', ')}; got "${logLevel}"`);
  }

  return {
    host,
    port,
    dataDir,
    connections: parseConnectionLimits(env),
    webRoot,
    database,
    sessionSecret: sessionSecret(env['SESSION_SECRET'], dataDir),
    sessionMaxAge: DEFAULTS.sessionMaxAge,
    publicUrl,
    trustProxy,
    mail: { smtpUrl, from: env['MAIL_FROM'] || DEFAULTS.mailFrom, outboxDir: path.join(dataDir, 'outbox') },
    argon2: DEFAULTS.argon2,
    rateLimits: DEFAULTS.rateLimits,
    codeLifetimes: DEFAULTS.codeLifetimes,
    accountCacheTtl: parseMilliseconds('ACCOUNT_CACHE_TTL', env['ACCOUNT_CACHE_TTL'], DEFAULTS.accountCacheTtl, 60_000),
    logLevel: logLevel === 'silent' ? false : (logLevel as ApiConfig['logLevel']),
    branding,
    ...(env['DATA_SHEETS_DIR'] ? { dataSheetsDir: dataSheetsDir(env['DATA_SHEETS_DIR']) } : {}),
    externalOrigins: {
      mapTiles: parseOrigins('MAP_TILE_ORIGINS', env['MAP_TILE_ORIGINS'], DEFAULT_MAP_TILE_ORIGINS),
      geocoder: parseOrigins('GEOCODER_ORIGINS', env['GEOCODER_ORIGINS'], DEFAULT_GEOCODER_ORIGINS),
    },
  };
}
