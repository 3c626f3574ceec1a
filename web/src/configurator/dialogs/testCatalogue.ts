/** The demo catalogue of fixtures/catalogue for component tests (reads files: tests only). */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCatalogue, resolvedPlants, type Catalogue } from '@rainplan/engine/catalogue';
import type { PropertySet } from '@rainplan/engine/boxgrid';
import type { PlantChoice } from './PlantDialogs.tsx';

// The unit tests run in happy-dom (import.meta.url is not a file URL): find the repository from the working directory (web/ or the root).
const DIR = [join(process.cwd(), '..', 'fixtures', 'catalogue'), join(process.cwd(), 'fixtures', 'catalogue')].find((d) => existsSync(join(d, 'boxes.json'))) ?? 'fixtures/catalogue';

export function demoCatalogue(): Catalogue {
  const result = parseCatalogue(readFileSync(join(DIR, 'products.json'), 'utf8'), readFileSync(join(DIR, 'boxes.json'), 'utf8'));
  if (!result.ok) throw new Error(`demo catalogue invalid: ${JSON.stringify(result.errors.slice(0, 3))}`);
  return result.catalogue;
}

export function demoPlants(catalogue: Catalogue): PlantChoice[] {
  return resolvedPlants(catalogue).map((p) => ({ ...p, diameterMm: catalogue.plants.find((c) => c.propertyId === p.propertyId)?.diameterMm }));
}

export function setLookup(catalogue: Catalogue): (id: string) => PropertySet | undefined {
  return (id) => catalogue.propertySets.find((s) => s.id === id);
}
