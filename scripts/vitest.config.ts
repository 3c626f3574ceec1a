import { defineConfig } from 'vitest/config';

// The repository's own checks (docs index, citations): `npm run test:docs`, part of `npm test`.
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['*.test.ts'],
    testTimeout: 60_000,
  },
});
