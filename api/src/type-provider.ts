/**
 * The API's fastify type provider. Request parts (body, query, params, headers) are typed as
 * their schemas' static types, as @fastify/type-provider-typebox types them. Answers are typed
 * as `Answer<…>` of the response schema: read-only at every depth, and an optional property may
 * hold `undefined` — the serializer only reads an answer and leaves undefined properties out. So
 * a handler answers the engine's values (read-only types) as they are.
 */
import type { FastifyPluginAsync, FastifyPluginOptions, FastifyReply, FastifyTypeProvider, RawServerDefault } from 'fastify';
import type { Static, TSchema } from 'typebox';

/** A value the serializer writes for a schema whose static type is T. */
export type Answer<T> = T extends Uint8Array | Date
  ? T
  : T extends readonly (infer U)[]
    ? readonly Answer<U>[]
    : T extends object
      ? { readonly [K in keyof T]: Answer<T[K]> | (Record<never, never> extends Pick<T, K> ? undefined : never) }
      : T;

export interface ApiTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends TSchema ? Static<this['schema']> : unknown;
  serializer: this['schema'] extends TSchema ? Answer<Static<this['schema']>> : unknown;
}

/** A plugin of routes, typed by the API's type provider. */
export type ApiPlugin<Options extends FastifyPluginOptions = Record<never, never>> = FastifyPluginAsync<Options, RawServerDefault, ApiTypeProvider>;

/**
 * Answers JSON text as it is (a stored document, not parsed and serialized again): fastify sends a
 * string with a JSON content type without its serializer, so the response schema documents the
 * answer but does not rewrite it.
 */
export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
