/**
 * The repository's fixture project files (fixtures/projects), read with node:fs for the tests and
 * the benches: the engine's own src tree, `src/testing/` included, stays free of Node APIs.
 */
import { readFileSync } from 'node:fs';
import type { Project } from '../src/model/project.ts';

/** The project of `fixtures/projects/<name>.project.json`, parsed (not validated). */
export function fixtureProject(name: string): Project {
  return JSON.parse(readFileSync(new URL(`../../fixtures/projects/${name}.project.json`, import.meta.url), 'utf8')) as Project;
}
