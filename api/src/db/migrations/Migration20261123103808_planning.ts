import { Migration } from '@mikro-orm/migrations';

export class Migration20261123103808_planning extends Migration {

  override name = 'Migration20261123103808_planning';

  override up(): void | Promise<void> {
    this.addSql(`create table "catalogue_facility" ("business_id" varchar(100) not null, "position" int not null, "type" varchar(100) not null, "m153type" varchar(20) null, "value" double precision not null, "max_area" double precision not null, "bypass_type" text not null, "regulation_type" text not null, "url" varchar(255) null, primary key ("business_id"));`);

    this.addSql(`create table "catalogue_product" ("material_number" varchar(64) not null, "position" int not null, "order_number" varchar(64) null, "name_de" text not null, "name_en" text null, "long_text_de" text null, "long_text_en" text null, "unit" varchar(20) not null, "list_price" numeric(12,2) not null, "currency" varchar(3) not null default 'EUR', primary key ("material_number"));`);

    this.addSql(`create table "rain_cell" ("edition" text not null, "index_rc" int not null, "row" int not null, "col" int not null, "heights_mm" jsonb not null, "min_x" double precision null, "min_y" double precision null, "max_x" double precision null, "max_y" double precision null, "rings" jsonb null, primary key ("edition", "index_rc"));`);
    this.addSql(`create index "rain_cell_edition_min_x_max_x_index" on "rain_cell" ("edition", "min_x", "max_x");`);

    this.addSql(`create table "rain_dataset" ("edition" text not null, "imported_at" timestamptz not null, "source_hash" varchar(64) not null, "projection" text null, "cell_count" int not null, "files" jsonb not null, primary key ("edition"));`);

    this.addSql(`create table "measure_products" ("project_id" uuid not null, "measure_id" varchar(64) not null, "lines" jsonb not null, "updated_at" timestamptz not null, primary key ("project_id", "measure_id"));`);

    this.addSql(`create index "project_creation_date_index" on "project" ("creation_date");`);

    this.addSql(`alter table "catalogue_facility" add constraint "catalogue_facility_bypass_type_check" check ("bypass_type" in ('NoBypass', 'Optional', 'Required', 'DIBtApproved'));`);
    this.addSql(`alter table "catalogue_facility" add constraint "catalogue_facility_regulation_type_check" check ("regulation_type" in ('M153', 'A102'));`);

    this.addSql(`alter table "rain_cell" add constraint "rain_cell_edition_check" check ("edition" in ('KOSTRA-DWD-2020', 'KOSTRA-DWD-2010R'));`);

    this.addSql(`alter table "rain_dataset" add constraint "rain_dataset_edition_check" check ("edition" in ('KOSTRA-DWD-2020', 'KOSTRA-DWD-2010R'));`);

    this.addSql(`alter table "measure_products" add constraint "measure_products_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "catalogue_facility" cascade;`);
    this.addSql(`drop table if exists "catalogue_product" cascade;`);
    this.addSql(`drop table if exists "rain_cell" cascade;`);
    this.addSql(`drop table if exists "rain_dataset" cascade;`);
    this.addSql(`drop table if exists "measure_products" cascade;`);

    this.addSql(`drop index "project_creation_date_index";`);
  }

}
