import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['@rainplan/source'] },
  ssr: { resolve: { conditions: ['@rainplan/source'] } },
  test: {
    include: ['src/**/*.test.ts'],
    // Vitest's default in run mode is one worker fewer than the cores: one worker on a 2-core CI
    // machine, with the main process nearly idle. One worker per core (decision 0233).
    maxWorkers: '100%',
    // Property tests and spawned CLI runs are CPU-bound: on a busy 2-core CI machine the 5 s
    // default is a flake, not a finding. Speed is measured by `npm run bench`, never by timeouts.
    testTimeout: 60_000,
  },
});
