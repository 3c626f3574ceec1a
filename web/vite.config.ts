/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['@rainplan/source', 'module', 'browser', 'development|production'] },
  ssr: { resolve: { conditions: ['@rainplan/source'] } },
  test: { include: ['src/**/*.test.{ts,tsx}'] },
});
