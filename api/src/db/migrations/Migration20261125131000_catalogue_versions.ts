import { Migration } from '@mikro-orm/migrations';

/**
 * Catalogue versions (decision 0100): the list prices of every catalogue version a project may
 * still be priced with, and the version each older project keeps until its planner updates it.
 */
export class Migration20261125131000_catalogue_versions extends Migration {

  override name = 'Migration20261125131000_catalogue_versions';

  override up(): void | Promise<void> {
    this.addSql(`create table "catalogue_version" ("version" int not null, "imported_at" timestamptz not null, "prices" jsonb not null, primary key ("version"));`);
    this.addSql(`create table "project_catalogue_version" ("project_id" uuid not null, "catalogue_version" int not null, "pinned_at" timestamptz not null, primary key ("project_id"));`);
    this.addSql(`alter table "project_catalogue_version" add constraint "project_catalogue_version_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "project_catalogue_version" cascade;`);
    this.addSql(`drop table if exists "catalogue_version" cascade;`);
  }

}
