/**
 * The database: opens the ORM (applying pending migrations), closes it with the app, and gives
 * every request its own entity manager (`request.em`, a fork: its identity map and unit of work
 * live as long as the request).
 */
import fp from 'fastify-plugin';
import { openDatabase, type DatabaseConfig, type EntityManager, type Orm } from '../../db/orm.ts';

declare module 'fastify' {
  interface FastifyInstance {
    orm: Orm;
  }
  interface FastifyRequest {
    em: EntityManager;
  }
}

export default fp<{ database: DatabaseConfig }>(
  async (app, { database }) => {
    const orm = await openDatabase(database);
    app.decorate('orm', orm);
    app.decorateRequest('em', {
      getter() {
        // Forked on first use, so requests for static files never touch the ORM.
        const request = this as unknown as { _em?: EntityManager };
        request._em ??= orm.em.fork() as EntityManager;
        return request._em;
      },
    });
    app.addHook('onClose', async () => {
      await orm.close();
    });
  },
  { name: 'database' },
);
