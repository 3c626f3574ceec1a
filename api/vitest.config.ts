/**
 * The api tests run twice: against PGlite always, and against PostgreSQL when CI=true or
 * TEST_DATABASE_URL is set (each test app creates a database of its own there and drops it).
 * Without either, the PostgreSQL variant is not run, and this config says so.
 */
import { defineConfig } from 'vitest/config';

const DEFAULT_CI_POSTGRES = 'postgres://postgres@127.0.0.1:5432/test';
const postgresUrl = process.env['TEST_DATABASE_URL'] || (process.env['CI'] === 'true' ? DEFAULT_CI_POSTGRES : undefined);

if (postgresUrl === undefined) {
  console.warn(
    '\n[api tests] PostgreSQL variant NOT RUN: set TEST_DATABASE_URL=postgres://user@host:5432/db ' +
      `(or CI=true for ${DEFAULT_CI_POSTGRES}) to run the api tests against PostgreSQL as well.\n`,
  );
}

const include = ['src/**/*.test.ts'];

export default defineConfig({
  resolve: { conditions: ['@rainplan/source'] },
  ssr: { resolve: { conditions: ['@rainplan/source'] } },
  test: {
    // Test files share their worker's module graph (fastify, MikroORM and PGlite load once per
    // worker); every file still builds apps with databases of their own.
    isolate: false,
    // A test app's database work takes well under a second alone; beside other packages' tests on
    // a 2-core machine (load 7–9) a project clone took more than vitest's 5 s default (decision 0242).
    testTimeout: 30_000,
    // One worker per core was tried (decision 0233): not verified on an unloaded machine, so the
    // default stays here.
    projects: [
      {
        extends: true,
        test: {
          name: 'pglite',
          include,
          env: { RAINPLAN_TEST_DATABASE: 'pglite' },
          globalSetup: ['src/testing/global-setup.ts'],
        },
      },
      ...(postgresUrl === undefined
        ? []
        : [
            {
              extends: true,
              test: {
                name: 'postgresql',
                include,
                // Tests that touch no database (or start the real `npm start` process on its embedded
                // database) run once, in the pglite project.
                exclude: ['src/lint-rules.test.ts', 'src/config.test.ts', 'src/start.test.ts'],
                env: { RAINPLAN_TEST_DATABASE: 'postgresql', RAINPLAN_TEST_POSTGRES_URL: postgresUrl },
                globalSetup: ['src/testing/global-setup.ts'],
              },
            },
          ]),
    ],
  },
});
