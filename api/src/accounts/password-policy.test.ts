import { describe, expect, it } from 'vitest';
import { passwordProblem, passwordRefusal } from './password-policy.ts';

describe('password policy (decision 0071)', () => {
  it('refuses the most common passwords, also decorated with digits and special characters', () => {
    for (const password of ['Password1234!', 'P@ssword1234', 'Qwertyuiop1!', '!!Football2025', 'Passwort1234!', '  Iloveyou123! ', 'P@ssw0rd2025#'])
      expect(passwordProblem(password), password).toBe('passwordTooCommon');
  });

  it('refuses passwords made mostly of spaces', () => {
    expect(passwordProblem('      Ab1!      ')).toBe('passwordMostlySpaces');
    expect(passwordProblem('A b1!\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0')).toBe('passwordMostlySpaces');
  });

  it('accepts uncommon passwords, with spaces inside too', () => {
    for (const password of ['Rain-Water-2025!', 'Zisterne 7 Rigole!', 'kX9#mQ2$vL5@', 'Mulde und Rigole 2026!']) expect(passwordProblem(password), password).toBeNull();
  });

  it('answers as a validation error (code 2) with the message key for the form', () => {
    const refusal = passwordRefusal('body/password', 'Password1234!');
    expect(refusal).toMatchObject({ statusCode: 400, code: 2 });
    expect(refusal?.message).toMatch(/^body\/password: passwordTooCommon \(/);
    expect(passwordRefusal('body/password', 'Rain-Water-2025!')).toBeNull();
  });
});
