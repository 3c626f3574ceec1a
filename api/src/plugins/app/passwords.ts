/**
 * Password hashing with argon2id (@node-rs/argon2, a prebuilt native module). The cost comes from
 * the configuration: OWASP's recommendation by default, reduced in tests.
 */
import { hash, verify, type Algorithm } from '@node-rs/argon2';
import fp from 'fastify-plugin';

export interface Passwords {
  hash(password: string): Promise<string>;
  /** False for a wrong password or an unreadable hash. */
  verify(passwordHash: string, password: string): Promise<boolean>;
  /**
   * Spends the time of one verification without a user, so that a login for an unknown e-mail
   * takes as long as one with a wrong password.
   */
  verifyNothing(password: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    passwords: Passwords;
  }
}

/** `Algorithm.Argon2id` (a const enum, which isolated modules cannot read). */
const ARGON2ID = 2 as Algorithm;

export default fp(
  async (app) => {
    const options = { algorithm: ARGON2ID, ...app.config.argon2 };
    const dummyHash = await hash('rainplan: no such user', options);
    const passwords: Passwords = {
      hash: (password) => hash(password, options),
      verify: async (passwordHash, password) => {
        try {
          return await verify(passwordHash, password);
        } catch {
          return false;
        }
      },
      verifyNothing: async (password) => {
        await verify(dummyHash, password).catch(() => false);
      },
    };
    app.decorate('passwords', passwords);
  },
  { name: 'passwords' },
);
