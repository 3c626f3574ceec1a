/**
 * The session cookie's signer: @fastify/cookie's HMAC signer, remembering its answers.
 *
 * @fastify/session signs the session id anew for every request that restores a session (besides
 * checking the cookie's signature), two HMACs per signed-in call for the same values each time.
 * This signer remembers the signature of each id it signed and the result of each cookie that
 * checked out valid (invalid ones are always computed), up to `MAX_REMEMBERED` of each; beyond that
 * it forgets them all. The answers are exactly the signer's: an HMAC is a function of the value and
 * the secret (decision 0045).
 */
import { Signer } from '@fastify/cookie';

type UnsignResult = ReturnType<Signer['unsign']>;

const MAX_REMEMBERED = 10_000;

export class RememberingSigner {
  readonly #signer: Signer;
  readonly #signed = new Map<string, string>();
  readonly #valid = new Map<string, UnsignResult>();

  constructor(secret: string) {
    this.#signer = new Signer(secret);
  }

  sign = (value: string): string => {
    let signed = this.#signed.get(value);
    if (signed === undefined) {
      signed = this.#signer.sign(value);
      if (this.#signed.size >= MAX_REMEMBERED) this.#signed.clear();
      this.#signed.set(value, signed);
    }
    return signed;
  };

  unsign = (input: string): UnsignResult => {
    const remembered = this.#valid.get(input);
    if (remembered !== undefined) return { ...remembered };
    const result = this.#signer.unsign(input);
    if (result.valid && !result.renew) {
      if (this.#valid.size >= MAX_REMEMBERED) this.#valid.clear();
      this.#valid.set(input, { ...result });
    }
    return result;
  };
}
