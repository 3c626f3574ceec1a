/**
 * @rainplan/engine-cli — the `rainplan` command line (bin/rainplan.js) and its building blocks.
 * See docs/cli.md.
 */
export { main, versionLine } from './main.ts';
export type { CliIo } from './io.ts';
export { EXIT } from './exitCodes.ts';
export type { ExitCode } from './exitCodes.ts';
export { deepCompare, numbersEqual, describeValue } from './deepCompare.ts';
export type { Difference, CompareOptions } from './deepCompare.ts';
export { fixtureResult, expectedText, PROJECT_SUFFIX, EXPECTED_SUFFIX } from './commands/verify.ts';
export { formatNumber, MISSING } from './format.ts';
