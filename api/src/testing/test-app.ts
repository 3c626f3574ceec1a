/**
 * The app under test: `buildApp` with a database of its own (database.ts), an in-process SMTP
 * server (smtp.ts), cheap argon2 parameters, generous rate limits and account work without delay;
 * and a `Client` that keeps cookies and the anti-forgery token between `inject` calls, as a
 * browser and the web app do.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type BuildOptions } from '../app.ts';
import { DEFAULTS, type ApiConfig } from '../config.ts';
import { ANTI_FORGERY_HEADER } from '../plugins/app/auth-constants.ts';
import { createTestDatabase, type TestDatabaseKind } from './database.ts';
import { startSmtpServer, type TestSmtpServer } from './smtp.ts';

export interface TestApp {
  readonly app: FastifyInstance;
  readonly config: ApiConfig;
  readonly databaseKind: TestDatabaseKind;
  readonly smtp: TestSmtpServer;
  client(): Client;
  close(): Promise<void>;
}

const GENEROUS = { max: 10_000, timeWindow: 60_000 };

/**
 * The test app of a test file: started before the file's tests, closed after them (after the
 * file's own afterAll hooks). Call it at the top level of the file; the function it answers gives
 * the running app.
 */
export function fileTestApp(overrides: Partial<ApiConfig> = {}, buildOptions: BuildOptions = {}): () => TestApp {
  let running: TestApp | undefined;
  beforeAll(async () => {
    running = await startTestApp(overrides, buildOptions);
    // generous: a PGlite database takes long to create on a loaded machine
  }, 180_000);
  afterAll(async () => {
    await running?.close();
  });
  return () => {
    if (running === undefined) throw new Error('The test app has not started: call fileTestApp() at the top level of the test file');
    return running;
  };
}

export async function startTestApp(overrides: Partial<ApiConfig> = {}, buildOptions: BuildOptions = {}): Promise<TestApp> {
  const [database, smtp, tempDir] = await Promise.all([
    createTestDatabase(),
    startSmtpServer(),
    mkdtemp(path.join(tmpdir(), 'rainplan-api-test-')),
  ]);
  const config: ApiConfig = {
    webRoot: path.join(tempDir, 'no-web-build'),
    database: database.config,
    sessionSecret: 'a test secret that is long enough for the session plugin',
    sessionMaxAge: 60 * 60 * 1000,
    publicUrl: 'http://rainplan.test',
    trustProxy: false,
    mail: { smtpUrl: smtp.url, from: 'rainplan <no-reply@rainplan.test>', outboxDir: path.join(tempDir, 'outbox') },
    argon2: { memoryCost: 256, timeCost: 1, parallelism: 1 },
    rateLimits: { login: GENEROUS, loginAccount: GENEROUS, registration: GENEROUS, passwordReset: GENEROUS, confirmationResend: GENEROUS, invitation: GENEROUS },
    codeLifetimes: { emailConfirmation: 60 * 60 * 1000, passwordReset: 60 * 60 * 1000 },
    accountCacheTtl: DEFAULTS.accountCacheTtl,
    // the account work after an answer as soon as no request is in flight (tests wait for its mails)
    accountWork: { quietMs: 0, jitterMs: 0, maxWaitMs: 5000 },
    logLevel: false,
    ...overrides,
  };
  let app: FastifyInstance;
  try {
    app = await buildApp(config, buildOptions);
    await app.ready();
  } catch (error) {
    await Promise.allSettled([smtp.close(), database.drop(), rm(tempDir, { recursive: true, force: true })]);
    throw error;
  }
  return {
    app,
    config,
    databaseKind: database.kind,
    smtp,
    client: () => new Client(app),
    close: async () => {
      await app.close();
      await Promise.allSettled([smtp.close(), database.drop(), rm(tempDir, { recursive: true, force: true })]);
    },
  };
}

export interface Call {
  readonly method?: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly url: string;
  readonly body?: unknown;
  readonly query?: Record<string, string>;
  readonly headers?: Record<string, string>;
  /** Send the anti-forgery token (default: whenever the client has one). */
  readonly antiForgery?: boolean;
}

/** A browser-like client: a cookie jar and the anti-forgery token from GET /User. */
export class Client {
  readonly #app: FastifyInstance;
  readonly cookies = new Map<string, string>();
  token: string | undefined;

  constructor(app: FastifyInstance) {
    this.#app = app;
  }

  async call(call: Call): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...call.headers };
    if (this.cookies.size > 0) headers['cookie'] = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (this.token !== undefined && call.antiForgery !== false) headers[ANTI_FORGERY_HEADER] = this.token;
    const response = await this.#app.inject({
      method: call.method ?? 'GET',
      url: call.url,
      ...(call.query === undefined ? {} : { query: call.query }),
      ...(call.body === undefined ? {} : { payload: call.body as object }),
      headers,
    });
    for (const cookie of response.cookies) {
      const expired = cookie.expires !== undefined && cookie.expires.getTime() <= Date.now();
      if (expired || cookie.value === '') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  get(url: string, query?: Record<string, string>): Promise<LightMyRequestResponse> {
    return this.call({ url, ...(query === undefined ? {} : { query }) });
  }

  post(url: string, body?: unknown): Promise<LightMyRequestResponse> {
    return this.call({ method: 'POST', url, body });
  }

  patch(url: string, body?: unknown): Promise<LightMyRequestResponse> {
    return this.call({ method: 'PATCH', url, body });
  }

  /** Signs in and loads the user and anti-forgery token, as the web app does. */
  async signIn(email: string, password: string): Promise<LightMyRequestResponse> {
    const login = await this.post('/api/User/login', { email, password });
    if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
    const session = await this.get('/api/User');
    if (session.statusCode !== 200) throw new Error(`GET /User failed: ${session.statusCode} ${session.body}`);
    this.token = (session.json() as { token: string }).token;
    return session;
  }
}
