import { ENGINE_VERSION } from '@rainplan/engine';
import { calcKind, CALC_KINDS, RAIN_HELP, usesRainInput, type CalcKind } from './kinds.ts';
import { fieldHelp, validate, type InputError, type ObjectSpec } from './schema.ts';
import { calcBand, RAIN_UNCERTAINTY_FIELD } from './band.ts';

/** The input of a kind as `rainplan calc` reads it: kinds with a design rain also take `rainUncertaintyPct`. */
export function inputSpec(kind: CalcKind): ObjectSpec {
  return usesRainInput(kind) ? { ...kind.input, fields: { ...kind.input.fields, rainUncertaintyPct: RAIN_UNCERTAINTY_FIELD } } : kind.input;
}

/** What `rainplan calc` prints (JSON), before undefined values become null. */
export interface CalcOutput {
  readonly kind: string;
  readonly standard: string;
  readonly edition?: string;
  readonly engineVersion: string;
  readonly inputs: unknown;
  readonly results: Record<string, unknown>;
  /**
   * Kinds with a design rain: the results again at r·(1 − u) and r·(1 + u) (`lower`, `upper`), or
   * null with `uncertaintyBandReason`. Absent for kinds without a design rain.
   */
  readonly uncertaintyBand?: { readonly source: string; readonly lower: Record<string, unknown>; readonly upper: Record<string, unknown> } | null;
  readonly uncertaintyBandReason?: string;
  readonly issues: readonly unknown[];
}

export type CalcRun =
  | { readonly ok: true; readonly output: CalcOutput; readonly failed: boolean }
  | { readonly ok: false; readonly errors: readonly InputError[] };

/**
 * Validates `input` for the kind and runs it. `failed` is true when the calculation has error
 * issues (or found nothing, e.g. no KOSTRA cell at the position).
 */
export function runCalc(kind: CalcKind, input: unknown): CalcRun {
  const errors: InputError[] = [];
  const inputs = validate(inputSpec(kind), input, '$', errors);
  if (errors.length > 0) return { ok: false, errors };
  const outcome = kind.run(inputs as Record<string, unknown>);
  const band = usesRainInput(kind) ? calcBand(inputs as Record<string, unknown>, (scaled) => kind.run(scaled).results) : undefined;
  const issues = outcome.issues.map(({ nodeId: _nodeId, ...rest }) => rest);
  return {
    ok: true,
    failed: outcome.failed === true || outcome.issues.some((i) => i.severity === 'error'),
    output: {
      kind: kind.name,
      standard: outcome.standard,
      ...(outcome.edition === undefined ? {} : { edition: outcome.edition }),
      engineVersion: ENGINE_VERSION,
      inputs,
      results: outcome.results,
      ...band,
      issues,
    },
  };
}

/** JSON text of a calc output: 2-space indented; values not computable print as null. */
export function calcJson(output: CalcOutput): string {
  return prettyJson(output, (_key, value: unknown) => (value === undefined ? null : value));
}

/** 2-space indented JSON with arrays of numbers (table rows) kept on one line, and a final newline. */
export function prettyJson(value: unknown, replacer?: (key: string, value: unknown) => unknown): string {
  const text = JSON.stringify(value, replacer, 2);
  // Pretty-printed arrays open with "[\n" (a raw newline never occurs inside a JSON string).
  return `${text.replace(/\[\n\s*((?:-?\d[\d.eE+-]*|null)(?:,\n\s*(?:-?\d[\d.eE+-]*|null))*)\n\s*\]/g, (_m, body: string) => `[${body.split(/,\n\s*/).join(', ')}]`)}\n`;
}

export { calcKind, CALC_KINDS };

/** `rainplan calc <kind> --help` */
export function kindHelp(kind: CalcKind): string {
  const lines = [
    `Usage: rainplan calc ${kind.name} <file|->`,
    '',
    `${kind.title}.`,
    '',
    ...kind.notes,
    '',
    'Input: a JSON object with the fields',
    ...fieldHelp(inputSpec(kind)),
  ];
  if (usesRainInput(kind)) lines.push('', ...RAIN_HELP);
  lines.push(
    '',
    usesRainInput(kind)
      ? 'Output: JSON { kind, standard, edition, engineVersion, inputs (with defaults), results, uncertaintyBand { source, lower, upper } or null with uncertaintyBandReason, issues }.'
      : 'Output: JSON { kind, standard, edition, engineVersion, inputs (with defaults), results, issues }.',
    'Result keys carry their unit (…M2, …M3, …Ms, …H, …Min, …LsHa); values not computable are null.',
    '',
    `Example: rainplan calc ${kind.name} fixtures/cli-examples/${kind.name}.json`,
    '',
  );
  return lines.join('\n');
}
