import { ENGINE_VERSION } from '@rainplan/engine';
import { calcKind, CALC_KINDS, RAIN_HELP, usesRainInput, type CalcKind } from './kinds.ts';
import { fieldHelp, validate, type InputError } from './schema.ts';

/** What `rainplan calc` prints (JSON), before undefined values become null. */
export interface CalcOutput {
  readonly kind: string;
  readonly standard: string;
  readonly edition?: string;
  readonly engineVersion: string;
  readonly inputs: unknown;
  readonly results: Record<string, unknown>;
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
  const inputs = validate(kind.input, input, '$', errors);
  if (errors.length > 0) return { ok: false, errors };
  const outcome = kind.run(inputs as Record<string, unknown>);
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
    ...fieldHelp(kind.input),
  ];
  if (usesRainInput(kind)) lines.push('', ...RAIN_HELP);
  lines.push(
    '',
    'Output: JSON { kind, standard, edition, engineVersion, inputs (with defaults), results, issues }.',
    'Result keys carry their unit (…M2, …M3, …Ms, …H, …Min, …LsHa); values not computable are null.',
    '',
    `Example: rainplan calc ${kind.name} fixtures/cli-examples/${kind.name}.json`,
    '',
  );
  return lines.join('\n');
}
