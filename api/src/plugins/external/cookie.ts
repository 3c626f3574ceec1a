/** Cookie parsing and setting (used by the session). */
import fastifyCookie from '@fastify/cookie';
import fp from 'fastify-plugin';

export default fp(
  async (app) => {
    await app.register(fastifyCookie);
  },
  { name: 'cookie' },
);
