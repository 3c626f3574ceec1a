/**
 * The package stage of `npm test` (decision 0241): the packages' builds, then two lanes at the
 * same time, each a sequence of turbo runs:
 *
 * - lane "web": the web package's tests (component tests and the browser tests);
 * - lane "checks": the type checks, then the api's, the engine's and the CLI's tests.
 *
 * On a 2-core machine the web's browser tests use about one core (their time goes to the pages'
 * own waits: held-back requests, debounced saves, polls) and the api's tests about one (one
 * worker, PGlite and PostgreSQL), so one after the other left a core idle for most of the run.
 * The builds come first, once, so that the lanes' `--only` runs never build the same package at
 * the same time.
 *
 * Both lanes run to their end even when one fails (a CI run reports every failing package); the
 * exit code is 1 when any step failed. Each step's output is turbo's, grouped per task.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

const REPO = path.resolve(import.meta.dirname, '..');
const TURBO = path.join(REPO, 'node_modules', '.bin', 'turbo');

interface Step {
  readonly label: string;
  readonly args: readonly string[];
}

const turbo = (label: string, ...args: string[]): Step => ({ label, args: [...args, '--log-order=grouped'] });

const BUILD = turbo('build', 'run', 'build');

const LANES: Readonly<Record<string, readonly Step[]>> = {
  web: [turbo('web tests', 'run', 'test', '--only', '--filter=@rainplan/web')],
  checks: [
    turbo('type checks', 'run', 'typecheck', '--concurrency=2'),
    turbo('api, engine and CLI tests', 'run', 'test', '--only', '--concurrency=1', '--continue', '--filter=@rainplan/api', '--filter=@rainplan/engine', '--filter=@rainplan/engine-cli'),
  ],
};

interface Outcome {
  readonly label: string;
  readonly code: number;
  readonly seconds: number;
}

function run(step: Step): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(TURBO, step.args, { cwd: REPO, stdio: 'inherit' });
    const done = (code: number) => resolve({ label: step.label, code, seconds: (performance.now() - started) / 1000 });
    child.on('error', (error) => {
      console.error(`[test-packages] ${step.label}: ${error.message}`);
      done(1);
    });
    child.on('exit', (code, signal) => done(code ?? (signal === null ? 1 : 128)));
  });
}

async function lane(name: string, steps: readonly Step[]): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const step of steps) {
    const outcome = await run(step);
    console.log(`[test-packages] lane ${name}: ${step.label} ${outcome.code === 0 ? 'passed' : `FAILED (exit ${outcome.code})`} in ${outcome.seconds.toFixed(1)} s`);
    outcomes.push(outcome);
  }
  return outcomes;
}

const build = await run(BUILD);
if (build.code !== 0) {
  console.error(`[test-packages] the build failed (exit ${build.code}); no tests ran`);
  process.exit(1);
}
const started = performance.now();
const results = (await Promise.all(Object.entries(LANES).map(([name, steps]) => lane(name, steps)))).flat();
const failed = results.filter((r) => r.code !== 0);
console.log(`[test-packages] ${results.length - failed.length} of ${results.length} steps passed, ${((performance.now() - started) / 1000).toFixed(1)} s for the lanes`);
for (const r of failed) console.error(`[test-packages] failed: ${r.label} (exit ${r.code})`);
process.exit(failed.length === 0 ? 0 : 1);
