import type { ApiPlugin } from '../type-provider.ts';
import { Type } from 'typebox';
import { ENGINE_VERSION } from '@rainplan/engine';

const health: ApiPlugin = async (app) => {
  app.get(
    '/health',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Liveness: the api answers, with the engine version it uses',
        response: { 200: Type.Object({ status: Type.Literal('ok'), engineVersion: Type.String() }) },
      },
    },
    async () => ({ status: 'ok' as const, engineVersion: ENGINE_VERSION }),
  );
};

export default health;
