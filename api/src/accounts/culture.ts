import type { FastifyRequest } from 'fastify';
import type { Culture } from '../db/entities/user.ts';

/** `en`, `en-GB`, `EN_us` → en; `de…` → de; anything else → undefined. */
export function parseCulture(value: string | undefined | null): Culture | undefined {
  const language = value?.trim().slice(0, 2).toLowerCase();
  return language === 'de' || language === 'en' ? language : undefined;
}

/**
 * The language for e-mails: the call's uiCulture (query or body), else the user's stored one,
 * else the browser's Accept-Language, else German (the spec's default).
 */
export function cultureOf(request: FastifyRequest, explicit?: string | null, stored?: Culture): Culture {
  const query = (request.query as { uiCulture?: string } | undefined)?.uiCulture;
  const acceptLanguage = request.headers['accept-language']?.split(',', 1)[0];
  return parseCulture(explicit) ?? parseCulture(query) ?? stored ?? parseCulture(acceptLanguage) ?? 'de';
}
