/**
 * @fastify/rate-limit, off by default and switched on per route with `config.rateLimit`; its
 * counters live in each process's memory. No route uses it: every limit is counted in the
 * database, shared by all processes (accounts/rate-counters.ts, decisions 0072 and 0185).
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
