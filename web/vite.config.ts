/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { pdfmakeBundle } from './src/documents/pdf/pdfmakeBundle.ts';

export default defineConfig({
  // pdfmake's bundle without its brotli dictionary decompressed at every documents worker's start (decision 0241)
  plugins: [react(), pdfmakeBundle()],
  resolve: { conditions: ['@rainplan/source', 'module', 'browser', 'development|production'] },
  ssr: { resolve: { conditions: ['@rainplan/source'] } },
  // Lightning CSS compiles the spec's breakpoints as custom media (src/styles/breakpoints.css).
  css: { transformer: 'lightningcss', lightningcss: { drafts: { customMedia: true } } },
  build: { cssMinify: 'lightningcss' },
  // module workers (the engine worker behind Comlink: new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' }))
  worker: { format: 'es' },
  test: {
    // Vitest's default in run mode is one worker fewer than the cores: one worker on a 2-core CI
    // machine, with the main process nearly idle. One worker per core (decision 0233); the e2e
    // project runs two files at a time (decision 0238).
    maxWorkers: '100%',
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: ['src/e2e/**'],
          environment: 'happy-dom',
          setupFiles: ['src/test/setup.ts'],
          // Component tests render real screens; a busy CI machine must not turn them into flakes.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['src/e2e/**/*.e2e.test.ts'],
          environment: 'node',
          // Builds the web app and migrates a template database once per run (decision 0157).
          globalSetup: ['src/e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          // expect.poll waits up to 10 s, as the polls that give their own timeout do (vitest's
          // default is 1 s: a variant chosen under load 15 took longer to show its name).
          expect: { poll: { timeout: 10_000 } },
          // Two files at a time (decision 0238): each file has its own api process, Chromium, temp
          // dir with copies of the templates, and ports; one file alone left a core of the 2-core
          // CI machine idle while its browser or api waited for the other.
          maxWorkers: 2,
        },
      },
    ],
  },
});
