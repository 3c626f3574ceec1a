import { Migration } from '@mikro-orm/migrations';

/** Box configurations and their items (issue 16, decision 0095). Hand-written. */
export class Migration20261125110000_box_configurations extends Migration {

  override name = 'Migration20261125110000_box_configurations';

  override up(): void | Promise<void> {
    this.addSql(`create table "box_configuration" ("id" uuid not null, "project_id" uuid not null, "measure_id" varchar(64) null, "name" varchar(255) not null, "dimensioning" jsonb not null, "projection_axes" jsonb not null, "ground_level" double precision not null, "plant_bottom_level" double precision not null, "stormwater_objective" text not null, "measure_own_dimensioning" jsonb null, "additional_products" jsonb not null, "item_count" int not null default 0, "next_item_number" int not null default 1, "version" int not null default 1, "creation_date" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "box_configuration_project_id_index" on "box_configuration" ("project_id");`);
    this.addSql(`alter table "box_configuration" add constraint "box_configuration_stormwater_objective_check" check ("stormwater_objective" in ('retention', 'infiltration'));`);
    this.addSql(`alter table "box_configuration" add constraint "box_configuration_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`);
    // A measure has at most one configuration (planning spec section 5, eligible measures).
    this.addSql(`create unique index "box_configuration_project_id_measure_id_unique" on "box_configuration" ("project_id", "measure_id") where "measure_id" is not null;`);

    this.addSql(`create table "box_configuration_items" ("configuration_id" uuid not null, "items" jsonb not null, primary key ("configuration_id"));`);
    this.addSql(`alter table "box_configuration_items" add constraint "box_configuration_items_configuration_id_foreign" foreign key ("configuration_id") references "box_configuration" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "box_configuration_items" cascade;`);
    this.addSql(`drop table if exists "box_configuration" cascade;`);
  }

}
