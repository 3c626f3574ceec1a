/**
 * Vitest global setup of the e2e project (vite.config.ts): makes the templates every browser-test
 * file copies (harness.ts, decision 0157) once per run — the web build and a DATA_DIR after the
 * api's first start — and removes them afterwards. Without Chromium the tests are skipped (or fail
 * with CI=true) before they need templates, so none are made.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { chromiumAvailable, prepareE2eTemplates } from './harness.ts';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!chromiumAvailable()) {
    project.provide('e2eTemplates', undefined);
    return async () => undefined;
  }
  const root = await mkdtemp(path.join(tmpdir(), 'rainplan-e2e-template-'));
  const started = performance.now();
  try {
    project.provide('e2eTemplates', await prepareE2eTemplates(root));
  } catch (error) {
    await rm(root, { recursive: true, force: true });
    throw error;
  }
  console.log(`[e2e] templates (web build, migrated database with the shipped rain data) made in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return () => rm(root, { recursive: true, force: true });
}
