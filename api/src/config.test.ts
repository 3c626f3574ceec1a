import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { ConfigError, DEFAULT_GEOCODER_ORIGINS, DEFAULT_MAP_TILE_ORIGINS, DEFAULTS, loadConfig, parseOrigins, type ApiConfig } from './config.ts';
import helmet from './plugins/external/helmet.ts';

let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'rainplan-config-'));
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('loadConfig', () => {
  it('works without any variable: PGlite in the data directory, outbox mail, generated secret', async () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 3000,
      dataDir,
      database: { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') },
      publicUrl: 'http://127.0.0.1:3000',
      trustProxy: false,
      mail: { smtpUrl: undefined, outboxDir: path.join(dataDir, 'outbox') },
      argon2: DEFAULTS.argon2,
      accountCacheTtl: 1000,
      logLevel: 'info',
    });
    expect(config.webRoot).toMatch(/web[/\\]dist$/);
    expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32);
    // The generated secret is kept (owner-only) and reused, so sessions survive a restart.
    const file = path.join(dataDir, 'session-secret');
    expect((await readFile(file, 'utf8')).trim()).toBe(config.sessionSecret);
    expect((await stat(file)).mode & 0o077).toBe(0);
    expect(loadConfig({ DATA_DIR: dataDir }).sessionSecret).toBe(config.sessionSecret);
  });

  it('reads the variables', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://rain:plan@db.internal:5432/rainplan',
      SMTP_URL: 'smtp://mail.internal:25',
      MAIL_FROM: 'rainplan <noreply@example.com>',
      SESSION_SECRET: 'x'.repeat(40),
      PUBLIC_URL: 'https://rainplan.example.com/',
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'silent',
      ACCOUNT_CACHE_TTL: '250',
    });
    expect(config).toMatchObject({
      host: '0.0.0.0',
      port: 8080,
      database: { kind: 'postgresql', url: 'postgres://rain:plan@db.internal:5432/rainplan' },
      mail: { smtpUrl: 'smtp://mail.internal:25', from: 'rainplan <noreply@example.com>' },
      sessionSecret: 'x'.repeat(40),
      publicUrl: 'https://rainplan.example.com',
      accountCacheTtl: 250,
      logLevel: false,
    });
    expect(loadConfig({ DATA_DIR: dataDir, ACCOUNT_CACHE_TTL: '0' }).accountCacheTtl).toBe(0);
    // Whom X-Forwarded-For is believed from (decision 0072): never every hop.
    expect(loadConfig({ DATA_DIR: dataDir }).trustProxy).toBe(false);
    const hopsOf = (value: string) => (loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: value }).trustProxy as { hops?: number }).hops;
    expect(hopsOf('true')).toBe(1);
    expect(hopsOf('2')).toBe(2);
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: '10.0.0.5, 192.168.0.0/16 ::1' }).trustProxy).toEqual(['10.0.0.5', '192.168.0.0/16', '::1']);
    expect(loadConfig({ DATA_DIR: dataDir }).connections).toEqual({ maxConnections: 1024, headersTimeout: 10_000, requestTimeout: 120_000, keepAliveTimeout: 5000 });
    expect(loadConfig({ DATA_DIR: dataDir, MAX_CONNECTIONS: '50', HEADERS_TIMEOUT: '2000' }).connections).toMatchObject({ maxConnections: 50, headersTimeout: 2000 });
    expect(loadConfig({ DATA_DIR: dataDir, HOST: '0.0.0.0', PORT: '8080' }).publicUrl).toBe('http://127.0.0.1:8080');
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT must be an integer/],
    [{ PORT: '70000' }, /PORT must be an integer/],
    [{ DATABASE_URL: 'mysql://localhost/x' }, /DATABASE_URL must start with postgres:\/\/ or postgresql:\/\//],
    [{ SMTP_URL: 'not a url' }, /SMTP_URL is not a URL/],
    [{ SESSION_SECRET: 'short' }, /SESSION_SECRET must have at least 32 characters/],
    [{ TRUST_PROXY: 'maybe' }, /TRUST_PROXY must be true, false, a number of proxy hops or proxy addresses/],
    [{ TRUST_PROXY: '10.0.0.0/33' }, /TRUST_PROXY must be true, false/],
    [{ TRUST_PROXY: '99' }, /TRUST_PROXY as a number of proxy hops must be from 1 to 20/],
    [{ MAX_CONNECTIONS: '0' }, /MAX_CONNECTIONS must be a whole number from 1/],
    [{ HEADERS_TIMEOUT: 'soon' }, /HEADERS_TIMEOUT must be a whole number of milliseconds/],
    [{ HEADERS_TIMEOUT: '50' }, /HEADERS_TIMEOUT must be at least 100 ms/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL must be one of/],
    [{ PUBLIC_URL: 'ftp://x' }, /PUBLIC_URL must start with http/],
    [{ ACCOUNT_CACHE_TTL: 'soon' }, /ACCOUNT_CACHE_TTL must be a whole number of milliseconds from 0 to 60000/],
    [{ ACCOUNT_CACHE_TTL: '-1' }, /ACCOUNT_CACHE_TTL must be a whole number/],
    [{ ACCOUNT_CACHE_TTL: '1.5' }, /ACCOUNT_CACHE_TTL must be a whole number/],
    [{ ACCOUNT_CACHE_TTL: '60001' }, /ACCOUNT_CACHE_TTL must be a whole number/],
  ])('refuses %o', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir, ...env })).toThrow(message);
  });
});

describe('origins of map tiles and geocoder (Content-Security-Policy)', () => {
  it('defaults to the public OpenStreetMap tile and Nominatim origins', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).externalOrigins).toEqual({ mapTiles: DEFAULT_MAP_TILE_ORIGINS, geocoder: DEFAULT_GEOCODER_ORIGINS });
    expect(DEFAULT_MAP_TILE_ORIGINS).toEqual(['https://tile.openstreetmap.org']);
    expect(DEFAULT_GEOCODER_ORIGINS).toEqual(['https://nominatim.openstreetmap.org']);
  });

  it('reads MAP_TILE_ORIGINS and GEOCODER_ORIGINS (comma or space separated; URLs count as their origin)', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      MAP_TILE_ORIGINS: 'https://tiles.example.org/{z}/{x}/{y}.png, https://*.tile.example.net',
      GEOCODER_ORIGINS: 'http://127.0.0.1:8088 http://127.0.0.1:*',
    });
    expect(config.externalOrigins).toEqual({ mapTiles: ['https://tiles.example.org', 'https://*.tile.example.net'], geocoder: ['http://127.0.0.1:8088', 'http://127.0.0.1:*'] });
  });

  it.each(['ftp://tiles.example.org', 'tiles.example.org', "'unsafe-inline'", 'https://'])('refuses %s', (value) => {
    expect(() => parseOrigins('MAP_TILE_ORIGINS', value, [])).toThrow(/MAP_TILE_ORIGINS must list origins/);
    expect(() => loadConfig({ DATA_DIR: dataDir, GEOCODER_ORIGINS: value })).toThrow(ConfigError);
  });

  it('puts them into the policy: tiles in img-src, geocoder in connect-src', async () => {
    const app = Fastify();
    const externalOrigins = { mapTiles: ['http://127.0.0.1:7001'], geocoder: ['http://127.0.0.1:7002'] };
    app.decorate('config', { externalOrigins } as unknown as ApiConfig);
    await app.register(helmet);
    app.get('/', async () => 'ok');
    const policy = String((await app.inject({ url: '/' })).headers['content-security-policy']);
    await app.close();
    expect(policy).toMatch(/img-src 'self' data: blob: http:\/\/127\.0\.0\.1:7001(;|$)/);
    expect(policy).toMatch(/connect-src 'self' http:\/\/127\.0\.0\.1:7002 http:\/\/127\.0\.0\.1:7001(;|$)/);
    expect(policy).toContain("default-src 'self'");
    expect(policy).not.toContain('upgrade-insecure-requests');
  });
});
