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
  else text = first.message ?? 'is invalid';
  return where === '' ? text : `${where}: ${text}`;
}
