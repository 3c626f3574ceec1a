/**
 * Rate limits, off by default and switched on per route with `config.rateLimit` (login,
 * registration, password reset, confirmation resend; see config.ts). Counters are kept per client
 * address in each process's memory.
 */
import fastifyRateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { ApiError, ErrorCode } from '../../errors.ts';

export default fp(
  async (app) => {
    await app.register(fastifyRateLimit, {
      global: false,
      errorResponseBuilder: (_request, context) =>
        new ApiError(429, ErrorCode.TOO_MANY_REQUESTS, `Too many requests; try again in ${context.after}`),
    });
  },
  { name: 'rate-limit' },
);
