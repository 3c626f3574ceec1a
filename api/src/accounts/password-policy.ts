/**
 * What a new password must not be, beyond the schema's rule (12+ characters with upper and lower
 * case, a digit and a special character; schemas/common.ts): one of the most common passwords,
 * also with the usual decorations around it ("Password123!", "!Qwertyuiop1") or letters written as
 * digits and signs ("P@ssw0rd2025"), or made mostly of
 * spaces (issue 13, item 5; decision 0071). The list is `common-passwords.txt` (5,000 entries from
 * zxcvbn-ts, MIT; its header names the source), read once.
 */
import { readFileSync } from 'node:fs';
import { validation } from '../errors.ts';
import type { ApiError } from '../errors.ts';

let common: ReadonlySet<string> | undefined;

function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(
    readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#')),
  );
  return common;
}

/** Decorations people put around a common word: digits, specials and spaces at either end. */
const DECORATION = /^[\d\W_]+|[\d\W_]+$/gu;

const LEET: Readonly<Record<string, string>> = { '@': 'a', '4': 'a', '$': 's', '5': 's', '0': 'o', '3': 'e', '1': 'i', '!': 'i', '7': 't' };

/** "p@ssw0rd" → "password". */
function unleet(text: string): string {
  return [...text].map((char) => LEET[char] ?? char).join('');
}

export type PasswordProblem = 'passwordTooCommon' | 'passwordMostlySpaces';

/** Why `password` is refused, or null. */
export function passwordProblem(password: string): PasswordProblem | null {
  const whitespace = [...password].filter((char) => /\s/u.test(char)).length;
  if (whitespace * 2 >= [...password].length) return 'passwordMostlySpaces';
  const lower = password.normalize('NFKC').toLowerCase();
  const list = commonPasswords();
  if (list.has(lower) || list.has(lower.trim())) return 'passwordTooCommon';
  const core = lower.replace(DECORATION, '');
  if (core.length >= 4 && (list.has(core) || list.has(unleet(core)))) return 'passwordTooCommon';
  return null;
}

const TEXTS: Record<PasswordProblem, string> = {
  passwordTooCommon: 'is one of the most common passwords (or one of them with digits or special characters added); choose another',
  passwordMostlySpaces: 'consists mostly of spaces; choose another',
};

/** The validation error (code 2) for field `path` (e.g. `body/password`), or null when acceptable. */
export function passwordRefusal(path: string, password: string): ApiError | null {
  const problem = passwordProblem(password);
  return problem === null ? null : validation(`${path}: ${problem} (${TEXTS[problem]})`);
}
