/**
 * Everything under /Project: the project shell (projects.ts), waterflow nodes (nodes.ts), rain
 * data of a project (raindata.ts), facilities and products (products.ts), share links (share-links.ts), the variants of a measure (variants.ts). The demo catalogue is
 * loaded into an empty database here, before the routes serve.
 */
import type { ApiPlugin } from '../../type-provider.ts';
import { ensureCatalogue } from '../../catalogue/store.ts';
import nodeRoutes from './nodes.ts';
import productRoutes from './products.ts';
import projectRoutes from './projects.ts';
import projectRaindataRoutes from './raindata.ts';
import shareLinkRoutes from './share-links.ts';
import variantRoutes from './variants.ts';

const projectArea: ApiPlugin = async (app) => {
  await ensureCatalogue(app.orm);
  await app.register(productRoutes);
  await app.register(projectRoutes);
  await app.register(nodeRoutes);
  await app.register(projectRaindataRoutes);
  await app.register(shareLinkRoutes);
  await app.register(variantRoutes);
};

export default projectArea;
