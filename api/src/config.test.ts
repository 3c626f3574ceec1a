import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, DEFAULTS, loadConfig } from './config.ts';

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
    });
    expect(config).toMatchObject({
      host: '0.0.0.0',
      port: 8080,
      database: { kind: 'postgresql', url: 'postgres://rain:plan@db.internal:5432/rainplan' },
      mail: { smtpUrl: 'smtp://mail.internal:25', from: 'rainplan <noreply@example.com>' },
      sessionSecret: 'x'.repeat(40),
      publicUrl: 'https://rainplan.example.com',
      trustProxy: true,
      logLevel: false,
    });
    expect(loadConfig({ DATA_DIR: dataDir, HOST: '0.0.0.0', PORT: '8080' }).publicUrl).toBe('http://127.0.0.1:8080');
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT must be an integer/],
    [{ PORT: '70000' }, /PORT must be an integer/],
    [{ DATABASE_URL: 'mysql://localhost/x' }, /DATABASE_URL must start with postgres:\/\/ or postgresql:\/\//],
    [{ SMTP_URL: 'not a url' }, /SMTP_URL is not a URL/],
    [{ SESSION_SECRET: 'short' }, /SESSION_SECRET must have at least 32 characters/],
    [{ TRUST_PROXY: 'maybe' }, /TRUST_PROXY must be true or false/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL must be one of/],
    [{ PUBLIC_URL: 'ftp://x' }, /PUBLIC_URL must start with http/],
  ])('refuses %o', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir, ...env })).toThrow(message);
  });
});
