import { Signer } from '@fastify/cookie';
import { describe, expect, it } from 'vitest';
import { RememberingSigner } from './cookie-signer.ts';

const SECRET = 'a-session-secret-of-at-least-32-characters';

describe('the session cookie signer (remembers @fastify/cookie Signer answers)', () => {
  it("signs and checks exactly as @fastify/cookie's Signer, also when asked again", () => {
    const plain = new Signer(SECRET);
    const remembering = new RememberingSigner(SECRET);
    for (const id of ['abc', 'session-id-1', 'ü€ unicode', '']) {
      const signed = plain.sign(id);
      expect(remembering.sign(id)).toBe(signed);
      expect(remembering.sign(id)).toBe(signed);
      expect(remembering.unsign(signed)).toEqual(plain.unsign(signed));
      expect(remembering.unsign(signed)).toEqual({ valid: true, renew: false, value: id });
    }
  });

  it('rejects tampered and foreign cookies every time (invalid answers are not remembered)', () => {
    const remembering = new RememberingSigner(SECRET);
    const signed = remembering.sign('session-id');
    expect(remembering.unsign(signed).valid).toBe(true);
    const tampered = `session-id2${signed.slice('session-id'.length)}`;
    const badSignature = `${signed.slice(0, -1)}${signed.endsWith('A') ? 'B' : 'A'}`;
    const foreign = new Signer('another-secret-of-at-least-32-characters!').sign('session-id');
    for (const cookie of [tampered, badSignature, foreign, 'session-id', '']) {
      expect(remembering.unsign(cookie)).toEqual({ valid: false, renew: false, value: null });
      expect(remembering.unsign(cookie).valid).toBe(false);
    }
    // the valid cookie is still valid after the invalid ones
    expect(remembering.unsign(signed)).toEqual({ valid: true, renew: false, value: 'session-id' });
  });

  it('hands out copies: a caller changing an answer does not change the next one', () => {
    const remembering = new RememberingSigner(SECRET);
    const signed = remembering.sign('x');
    const first = remembering.unsign(signed) as { value: string | null };
    first.value = 'changed';
    expect(remembering.unsign(signed).value).toBe('x');
  });

  it('stays bounded: beyond its limit it forgets and still answers correctly', () => {
    const plain = new Signer(SECRET);
    const remembering = new RememberingSigner(SECRET);
    for (let i = 0; i < 10_050; i++) expect(remembering.unsign(remembering.sign(`id-${i}`)).value).toBe(`id-${i}`);
    expect(remembering.sign('id-0')).toBe(plain.sign('id-0'));
    expect(remembering.unsign(plain.sign('id-10049')).value).toBe('id-10049');
  });
});
