/**
 * @rainplan/engine/testing — test helpers other packages' tests and benches share with the
 * engine's: the measure data of every kind as fast-check arbitraries and plain measure inputs.
 * Declared only under the `@rainplan/source` condition (the repository's own tests, benches and
 * type checks), not built, not published and not in the API report. Pure: no Node APIs, so the
 * web app's tests import it as well. Explicit export list.
 */
export { KIND_EDITIONS, kindDataArb, rainTableArb } from './kindData.test-helpers.ts';
export { BOX_TANK_INPUTS } from './measureInputs.test-helpers.ts';
