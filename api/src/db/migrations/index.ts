/**
 * The committed migrations, in order. A new one is created with
 * `npm run -w @rainplan/api migration:create -- <name>` and must be added here.
 */
import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122082050_accounts } from './Migration20261122082050_accounts.ts';
import { Migration20261123102938_projects } from './Migration20261123102938_projects.ts';
import { Migration20261123103808_planning } from './Migration20261123103808_planning.ts';
import { Migration20261125100000_hardening } from './Migration20261125100000_hardening.ts';
import { Migration20261125110000_box_configurations } from './Migration20261125110000_box_configurations.ts';
import { Migration20261125110100_box_catalogue } from './Migration20261125110100_box_catalogue.ts';
import { Migration20261125110200_box_items_json } from './Migration20261125110200_box_items_json.ts';
import { Migration20261125130000_share_links } from './Migration20261125130000_share_links.ts';
import { Migration20261125131000_catalogue_versions } from './Migration20261125131000_catalogue_versions.ts';
import { Migration20261128080000_rain_uncertainty } from './Migration20261128080000_rain_uncertainty.ts';

export const MIGRATIONS: MigrationObject[] = [
  { name: 'Migration20261122082050_accounts', class: Migration20261122082050_accounts },
  { name: 'Migration20261123102938_projects', class: Migration20261123102938_projects },
  { name: 'Migration20261123103808_planning', class: Migration20261123103808_planning },
  { name: 'Migration20261125100000_hardening', class: Migration20261125100000_hardening },
  { name: 'Migration20261125110000_box_configurations', class: Migration20261125110000_box_configurations },
  { name: 'Migration20261125110100_box_catalogue', class: Migration20261125110100_box_catalogue },
  { name: 'Migration20261125110200_box_items_json', class: Migration20261125110200_box_items_json },
  { name: 'Migration20261125130000_share_links', class: Migration20261125130000_share_links },
  { name: 'Migration20261125131000_catalogue_versions', class: Migration20261125131000_catalogue_versions },
  { name: 'Migration20261128080000_rain_uncertainty', class: Migration20261128080000_rain_uncertainty },
];
