/**
 * Turns a schema validation failure into one readable sentence for the error body, e.g.
 * "body/password: at least 12 characters with upper case, lower case, a digit and a special character".
 */
import type { FastifyError } from 'fastify';
import { PASSWORD_MIN_LENGTH, PASSWORD_PATTERN } from './common.ts';

const PASSWORD_RULE = `at least ${PASSWORD_MIN_LENGTH} characters with upper case, lower case, a digit and a special character`;

export function validationMessage(error: FastifyError): string {
  const [first] = error.validation ?? [];
  if (first === undefined) return error.message;
  const where = [error.validationContext, first.instancePath.replace(/^\//, '')].filter(Boolean).join('/');
  const params = first.params as Record<string, unknown>;
  let text: string;
  if (first.keyword === 'pattern' && params['pattern'] === PASSWORD_PATTERN) text = PASSWORD_RULE;
  else if (first.keyword === 'minLength' && /password$/i.test(where) && params['limit'] === PASSWORD_MIN_LENGTH) text = PASSWORD_RULE;
  else if (first.keyword === 'pattern' && params['pattern'] === '\\S') text = 'must not be empty or only white space';
  else if (first.keyword === 'required') {
    // Ajv names one missing property, TypeBox all of them.
    const missing = Array.isArray(params['requiredProperties']) ? (params['requiredProperties'] as unknown[]).join(', ') : String(params['missingProperty']);
    return `${where ? `${where}: ` : ''}${missing} ${missing.includes(',') ? 'are' : 'is'} required`;
  }
  else if (first.keyword === 'format' && params['format'] === 'email') text = 'must be an e-mail address';
  else if (first.keyword === 'const' || first.keyword === 'enum' || (first.keyword === 'anyOf' && allowedAt(error, first.instancePath).length > 0)) {
    // A choice of literals: name the allowed values instead of "must be equal to constant".
    const allowed = allowedAt(error, first.instancePath);
    text = allowed.length > 1 ? `must be one of ${allowed.join(', ')}` : allowed.length === 1 ? `must be ${allowed[0] ?? ''}` : (first.message ?? 'is invalid');
  }
  else text = first.message ?? 'is invalid';
  return where === '' ? text : `${where}: ${text}`;
}

/** The allowed literal values the schema failure names for one value (const branches of a union, or an enum). */
function allowedAt(error: FastifyError, instancePath: string): string[] {
  const out: string[] = [];
  for (const entry of error.validation ?? []) {
    if (entry.instancePath !== instancePath) continue;
    const params = entry.params as Record<string, unknown>;
    if (entry.keyword === 'const') out.push(JSON.stringify(params['allowedValue']));
    if (entry.keyword === 'enum' && Array.isArray(params['allowedValues'])) out.push(...(params['allowedValues'] as unknown[]).map((v) => JSON.stringify(v)));
  }
  return [...new Set(out)];
}
