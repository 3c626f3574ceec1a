import { Migration } from '@mikro-orm/migrations';

/** The box catalogue (item types, plants, property sets, rules) as one versioned document (issue 16, decision 0096). */
export class Migration20261125110100_box_catalogue extends Migration {

  override name = 'Migration20261125110100_box_catalogue';

  override up(): void | Promise<void> {
    this.addSql(`create table "box_catalogue" ("id" smallint not null, "version" int not null, "document" jsonb not null, "imported_at" timestamptz not null, primary key ("id"), constraint "box_catalogue_single_row" check ("id" = 1));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "box_catalogue" cascade;`);
  }

}
