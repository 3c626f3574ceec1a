import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['@rainplan/source'] },
  ssr: { resolve: { conditions: ['@rainplan/source'] } },
  test: {
    include: ['src/**/*.test.ts'],
  },
});
