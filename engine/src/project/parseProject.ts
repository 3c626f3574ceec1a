import { Settings } from 'typebox/system';
import Value from 'typebox/value';
import type { TLocalizedValidationError } from 'typebox/error';
import { ProjectFileSchema, SCHEMA_VERSION, type Project } from '../model/project.ts';
import { checkWaterflowLinks } from './checkWaterflowLinks.ts';
import { migrateProject } from './migrations.ts';
import { buildSchemaCheck, type ValueCheck } from './schemaCheck.ts';

import { parseError, type ParseError } from './parseError.ts';

export { PARSE_ERROR_CODES, PARSE_ERROR_MESSAGE_KEYS, parseError, type ParseError, type ParseErrorCode } from './parseError.ts';

export type ParseResult =
  | { readonly ok: true; readonly project: Project; readonly migratedFrom?: number }
  | { readonly ok: false; readonly errors: readonly ParseError[] };

/**
 * Reads a project from JSON text or an already parsed value. Never throws on user data: an
 * invalid file gives `{ ok: false, errors }`, each error naming the JSON path and what was
 * expected there. Older schema versions are migrated.
 *
 * @example
 * const result = parseProject(text);
 * if (result.ok) evaluate(result.project); else console.log(result.errors);
 */
export function parseProject(input: string | unknown): ParseResult {
  let value: unknown = input;
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input);
    } catch (e) {
      return { ok: false, errors: [parseError('INVALID_JSON', '$', 'JSON text', (e as Error).message)] };
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, errors: [parseError('SCHEMA', '$', 'an object (rainplan project file)', describe(value))] };
  }
  const version = (value as { schemaVersion?: unknown }).schemaVersion;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1 || version > SCHEMA_VERSION) {
    return {
      ok: false,
      errors: [parseError('UNSUPPORTED_VERSION', '$.schemaVersion', `an integer schema version from 1 to ${SCHEMA_VERSION}`, describe(version))],
    };
  }
  const migrated = migrateProject(value as Record<string, unknown>, version);
  if (!checkProjectFile(migrated)) {
    return { ok: false, errors: schemaErrors(migrated) };
  }
  const project = migrated as Project;
  const linkErrors = [...checkWaterflowLinks(project.waterflow), ...checkProductListLinks(project), ...checkVariantIds(project)];
  if (linkErrors.length > 0) return { ok: false, errors: linkErrors };
  return version === SCHEMA_VERSION ? { ok: true, project } : { ok: true, project, migratedFrom: version };
}

/**
 * Product lists (schema version 2) belong to an existing measure, one list per measure; so no
 * product line is silently left out of a mass list.
 */
function checkProductListLinks(project: Project): ParseError[] {
  const errors: ParseError[] = [];
  const measures = new Set(project.waterflow.measures.map((m) => m.id));
  const seen = new Set<string>();
  (project.measureProducts ?? []).forEach((list, i) => {
    const path = `$.measureProducts[${i}].measureId`;
    if (!measures.has(list.measureId)) errors.push(parseError('REFERENCE', path, 'the id of a measure', JSON.stringify(list.measureId)));
    else if (seen.has(list.measureId)) errors.push(parseError('REFERENCE', path, 'one product list per measure', JSON.stringify(list.measureId)));
    seen.add(list.measureId);
  });
  return errors;
}

/** The variant ids of a measure (schema version 3) are unique within it. */
function checkVariantIds(project: Project): ParseError[] {
  const errors: ParseError[] = [];
  project.waterflow.measures.forEach((m, mi) => {
    const seen = new Set<string>();
    (m.variants ?? []).forEach((v, vi) => {
      if (seen.has(v.id)) errors.push(parseError('REFERENCE', `$.waterflow.measures[${mi}].variants[${vi}].id`, 'a variant id unique within its measure', JSON.stringify(v.id)));
      seen.add(v.id);
    });
  });
  return errors;
}

let projectFileCheck: ValueCheck | undefined;

/**
 * `Value.Check(ProjectFileSchema, value)`, answered by a validator built once from the schema
 * (schemaCheck.ts; about 0.25 ms instead of 7–13 ms for a 250-node file, decision 0178). Only a
 * file that fails it goes through TypeBox's error collection below.
 */
function checkProjectFile(value: unknown): boolean {
  projectFileCheck ??= buildSchemaCheck(ProjectFileSchema) ?? ((v: unknown) => Value.Check(ProjectFileSchema, v));
  return projectFileCheck(value);
}

/** TypeBox stops collecting after this many raw errors (a guard against huge inputs). */
const MAX_RAW_ERRORS = 64;

function collectErrors(value: unknown): TLocalizedValidationError[] {
  const previous = Settings.Get().maxErrors;
  Settings.Set({ maxErrors: MAX_RAW_ERRORS });
  try {
    return Value.Errors(ProjectFileSchema, value);
  } finally {
    Settings.Set({ maxErrors: previous });
  }
}

function schemaErrors(value: unknown): ParseError[] {
  const raw = collectErrors(value);
  const paths = new Set(raw.map((e) => e.instancePath));
  const hasDeeper = (pointer: string) => [...paths].some((p) => p.startsWith(`${pointer}/`));
  const byPath = new Map<string, TLocalizedValidationError[]>();
  for (const error of raw) {
    const list = byPath.get(error.instancePath) ?? [];
    list.push(error);
    byPath.set(error.instancePath, list);
  }
  const errors: ParseError[] = [];
  for (const [pointer, list] of byPath) {
    // "schema is false" accompanies additionalProperties: report the latter on the parent only.
    if (list.every((e) => e.keyword === 'boolean')) continue;
    const target = resolvePointer(value, pointer);
    // An optional field is `T | null`: report what T expects, not the null alternative.
    const isNullAlternative = (e: TLocalizedValidationError) => e.keyword === 'type' && (e.params as { type?: unknown }).type === 'null';
    // An invalid field inside an optional object also fails the object's `T | null` alternatives:
    // those are reported on the field only.
    const deeper = hasDeeper(pointer);
    const relevant = list.filter(
      (e) => (e.keyword !== 'anyOf' || (list.length === 1 && !deeper)) && !(isNullAlternative(e) && (list.length > 1 || deeper)),
    );
    if (relevant.length === 0 && deeper) continue;
    for (const error of relevant.length > 0 ? relevant : list) {
      if (error.keyword === 'additionalProperties') {
        const extra = (error.params as { additionalProperties?: string[] }).additionalProperties ?? [];
        for (const key of extra) {
          errors.push(parseError('SCHEMA', jsonPath(`${pointer}/${key}`), 'no such field (unknown property)', describe((target as Record<string, unknown>)?.[key])));
        }
        continue;
      }
      if (error.keyword === 'required') {
        const missing = (error.params as { requiredProperties?: string[] }).requiredProperties ?? [];
        for (const key of missing) {
          errors.push(parseError('SCHEMA', jsonPath(`${pointer}/${key}`), 'a value (required field is missing)', 'nothing'));
        }
        continue;
      }
      errors.push(parseError('SCHEMA', jsonPath(pointer), expectation(error), describe(target)));
    }
  }
  const result = dedupe(errors);
  if (raw.length >= MAX_RAW_ERRORS) {
    result.push(parseError('SCHEMA', '$', 'fewer errors: only the first ones are listed; fix them and read the file again'));
  }
  return result;
}

function expectation(error: TLocalizedValidationError): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'enum':
      return `one of ${(params['allowedValues'] as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'const':
      return `the value ${JSON.stringify(params['allowedValue'])}`;
    case 'type':
      return `a value of type ${String(params['type'])}`;
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return `a number ${String(params['comparison'])} ${String(params['limit'])}`;
    case 'minLength':
      return `a text of at least ${String(params['limit'])} character(s)`;
    default:
      return error.message;
  }
}

function dedupe(errors: ParseError[]): ParseError[] {
  const seen = new Set<string>();
  return errors.filter((e) => {
    const key = `${e.path}|${e.expected}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function resolvePointer(value: unknown, pointer: string): unknown {
  if (pointer === '') return value;
  let current: unknown = value;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** JSON pointer (`/a/0/b`) to the JSON path users read (`$.a[0].b`). */
export function jsonPath(pointer: string): string {
  if (pointer === '') return '$';
  return (
    '$' +
    pointer
      .slice(1)
      .split('/')
      .map((raw) => raw.replace(/~1/g, '/').replace(/~0/g, '~'))
      .map((key) => (/^\d+$/.test(key) ? `[${key}]` : /^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`))
      .join('')
  );
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);
  return String(value);
}
