/** The demo catalogue of fixtures/catalogue, parsed (tests and benchmarks only: reads files). */
import { readFileSync } from 'node:fs';
import { parseCatalogue, type Catalogue } from '../src/catalogue/catalogue.ts';

const DEMO_CATALOGUE_URL = new URL('../../fixtures/catalogue/', import.meta.url);

export function demoCatalogue(): Catalogue {
  const result = parseCatalogue(
    readFileSync(new URL('products.json', DEMO_CATALOGUE_URL), 'utf8'),
    readFileSync(new URL('boxes.json', DEMO_CATALOGUE_URL), 'utf8'),
  );
  if (!result.ok) throw new Error(`demo catalogue invalid: ${JSON.stringify(result.errors.slice(0, 3))}`);
  return result.catalogue;
}
