import { Migration } from '@mikro-orm/migrations';

/** Read-only share links of projects (issue 19, part 3; decision 0135). Hand-written. */
export class Migration20261125130000_share_links extends Migration {

  override name = 'Migration20261125130000_share_links';

  override up(): void | Promise<void> {
    this.addSql(`create table "share_link" ("id" uuid not null, "project_id" uuid not null, "token_hash" varchar(64) not null, "label" varchar(200) null, "created_by_id" uuid null, "creation_date" timestamptz not null, "expires_at" timestamptz null, "revoked_at" timestamptz null, "last_access_at" timestamptz null, "access_count" int not null default 0, primary key ("id"));`);
    this.addSql(`create index "share_link_project_id_index" on "share_link" ("project_id");`);
    this.addSql(`alter table "share_link" add constraint "share_link_token_hash_unique" unique ("token_hash");`);
    this.addSql(`alter table "share_link" add constraint "share_link_project_id_foreign" foreign key ("project_id") references "project" ("id") on delete cascade;`);
    this.addSql(`alter table "share_link" add constraint "share_link_created_by_id_foreign" foreign key ("created_by_id") references "app_user" ("id") on delete set null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "share_link" cascade;`);
  }

}
