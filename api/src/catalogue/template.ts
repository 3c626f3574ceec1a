/**
 * The catalogue import template (docs/templates/catalogue-template.xlsx, decision 0099): the demo
 * catalogue of fixtures/catalogue/ written in the import format. `node src/catalogue/template.ts
 * <file>` (npm run -w @rainplan/api catalogue:template) writes it; the route
 * GET /BoxConfigurator/importProducts/template serves the same workbook.
 */
import { readFile, writeFile } from 'node:fs/promises';
import type { BoxCatalogueFile } from '@rainplan/engine/catalogue';
import { DEMO_CATALOGUE_DIR, productInputOf, type ProductInput } from './store.ts';
import { catalogueWorkbook } from './workbook.ts';

/** The demo catalogue's files (fixtures/catalogue/), as the template writes them. */
export async function demoCatalogueFiles(dir: URL = DEMO_CATALOGUE_DIR): Promise<{ products: ProductInput[]; boxes: BoxCatalogueFile }> {
  const products = JSON.parse(await readFile(new URL('products.json', dir), 'utf8')) as { currency?: string; products: Array<Omit<ProductInput, 'currency'> & { currency?: string }> };
  const { demo: _demo, note: _note, ...boxes } = JSON.parse(await readFile(new URL('boxes.json', dir), 'utf8')) as BoxCatalogueFile;
  return {
    products: products.products.map((p) => productInputOf(p, p.currency ?? products.currency ?? 'EUR')),
    boxes,
  };
}


/** The template workbook of the demo catalogue. */
export async function templateWorkbook(dir: URL = DEMO_CATALOGUE_DIR): Promise<Uint8Array> {
  const demo = await demoCatalogueFiles(dir);
  return catalogueWorkbook(demo.products, demo.boxes);
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  const target = process.argv[2] ?? new URL('../../../docs/templates/catalogue-template.xlsx', import.meta.url).pathname;
  await writeFile(target, await templateWorkbook());
  console.log(`Wrote ${target}`);
}
