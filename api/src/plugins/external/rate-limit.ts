/**
 * @fastify/rate-limit, off by default and switched on per route with `config.rateLimit`; its
 * counters live in each process's memory. The account calls no longer use it: their limits are
 * counted in the database, shared by all processes (accounts/rate-counters.ts, decision 0072).
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
