/**
 * Published worked examples as fixtures: a JSON file with a `calc` block
 * `{ "kind", "input", "checks": [{ "path", "published", "tolerance", "label"? }] }` is run through
 * `rainplan calc <kind>` and every check must hold within its tolerance (the published rounding).
 */
import { calcKind, runCalc } from './calc/run.ts';

export interface WorkedCheck {
  readonly path: string;
  readonly published: number | string | boolean;
  readonly tolerance?: number;
  readonly label?: string;
}

export interface WorkedOutcome {
  readonly passed: boolean;
  /** One line per check (and problems), printed under the example's name. */
  readonly lines: readonly string[];
}

/** Whether a parsed JSON file is a worked example (has a `calc` object). */
export function isWorkedExample(value: unknown): value is { calc: unknown } {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && typeof (value as { calc?: unknown }).calc === 'object';
}

/** The value at `results.design.areaM2` / `results.perDuration[2].volumeM3` of an object. */
export function valueAt(root: unknown, dotted: string): unknown {
  let value: unknown = root;
  for (const part of dotted.match(/[^.[\]]+/g) ?? []) {
    if (value === null || typeof value !== 'object') return undefined;
    value = Array.isArray(value) ? value[Number(part)] : (value as Record<string, unknown>)[part];
  }
  return value;
}

const show = (x: unknown) => (typeof x === 'number' ? String(Number(x.toPrecision(6))) : JSON.stringify(x) ?? 'undefined');

/** Runs one worked example and checks its published figures. */
export function checkWorkedExample(example: { calc: unknown }): WorkedOutcome {
  const calc = example.calc as { kind?: unknown; input?: unknown; checks?: unknown };
  const bad = (line: string): WorkedOutcome => ({ passed: false, lines: [line] });
  if (typeof calc.kind !== 'string') return bad('calc.kind: expected the name of a calc kind');
  const kind = calcKind(calc.kind);
  if (kind === undefined) return bad(`calc.kind: unknown kind ${JSON.stringify(calc.kind)}`);
  if (!Array.isArray(calc.checks) || calc.checks.length === 0) return bad('calc.checks: expected at least one { "path", "published", "tolerance" }');
  const run = runCalc(kind, calc.input);
  if (!run.ok) return { passed: false, lines: run.errors.map((e) => `calc.input${e.path.slice(1)}: expected ${e.expected}${e.received === undefined ? '' : `, got ${e.received}`}`) };
  const output = JSON.parse(JSON.stringify(run.output)) as unknown;
  let passed = true;
  const lines: string[] = [];
  for (const c of calc.checks as WorkedCheck[]) {
    const actual = valueAt(output, c.path);
    const label = c.label ?? c.path;
    let ok: boolean;
    let tol = '';
    if (typeof c.published === 'number') {
      const tolerance = c.tolerance ?? 0;
      ok = typeof actual === 'number' && Math.abs(actual - c.published) <= tolerance + 1e-12;
      tol = ` ± ${tolerance}`;
    } else {
      ok = actual === c.published;
    }
    if (!ok) passed = false;
    lines.push(`${ok ? 'ok  ' : 'FAIL'} ${label}: ${show(actual)} (published ${show(c.published)}${tol})`);
  }
  return { passed, lines: [`calc ${kind.name}:`, ...lines.map((l) => `  ${l}`)] };
}
