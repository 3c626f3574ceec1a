import { Migration } from '@mikro-orm/migrations';

export class Migration20261123102938_projects extends Migration {

  override name = 'Migration20261123102938_projects';

  override up(): void | Promise<void> {
    this.addSql(`create table "project" ("id" uuid not null, "name" varchar(255) not null, "comment" text null, "latitude" double precision null, "longitude" double precision null, "address" text null, "air_pollution" text null, "client_data" jsonb null, "custom_rain_data" jsonb null, "rule_edition" text not null default 'DWA-A 138-1:2024', "creator_id" uuid null, "owner_id" uuid null, "support_state" text not null default 'CLOSED', "support_request_date" timestamptz null, "creation_date" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "project_creator_id_index" on "project" ("creator_id");`);
    this.addSql(`create index "project_owner_id_index" on "project" ("owner_id");`);

    this.addSql(`create table "waterflow_node" ("project_id" uuid not null, "id" varchar(64) not null, "kind" text not null, "position" int not null default 0, "data" jsonb not null, "version" int not null default 1, "updated_at" timestamptz not null, primary key ("project_id", "id"));`);

    this.addSql(`alter table "project" add constraint "project_creator_id_foreign" foreign key ("creator_id") references "app_user" ("id") on delete set null;`);
    this.addSql(`alter table "project" add constraint "project_owner_id_foreign" foreign key ("owner_id") references "app_user" ("id") on delete set null;`);
    this.addSql(`alter table "project" add constraint "project_air_pollution_check" check ("air_pollution" in ('L1', 'L2', 'L3', 'L4'));`);
    this.addSql(`alter table "project" add constraint "project_rule_edition_check" check ("rule_edition" in ('DWA-A 138-1:2024', 'DWA-A 138:2005'));`);
    this.addSql(`alter table "project" add constraint "project_support_state_check" check ("support_state" in ('OPEN', 'CLOSED'));`);

    this.addSql(`alter table "waterflow_node" add constraint "waterflow_node_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`);
    this.addSql(`alter table "waterflow_node" add constraint "waterflow_node_kind_check" check ("kind" in ('surface', 'purification', 'measure'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "waterflow_node" drop constraint "waterflow_node_project_id_foreign";`);

    this.addSql(`drop table if exists "project" cascade;`);
    this.addSql(`drop table if exists "waterflow_node" cascade;`);
  }

}
