import { Migration } from '@mikro-orm/migrations';

/** Issue 13: organization invitations (item 3) and shared rate-limit counters (item 5). */
export class Migration20261125100000_hardening extends Migration {

  override name = 'Migration20261125100000_hardening';

  override up(): void | Promise<void> {
    this.addSql(`create table "organization_invitation" ("id" uuid not null, "organization_id" uuid not null, "user_id" uuid not null, "invited_by_id" uuid null, "created_at" timestamptz not null, "expires_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "organization_invitation_organization_id_index" on "organization_invitation" ("organization_id");`);
    this.addSql(`create index "organization_invitation_user_id_index" on "organization_invitation" ("user_id");`);
    this.addSql(`alter table "organization_invitation" add constraint "organization_invitation_organization_id_user_id_unique" unique ("organization_id", "user_id");`);
    this.addSql(`alter table "organization_invitation" add constraint "organization_invitation_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on delete cascade;`);
    this.addSql(`alter table "organization_invitation" add constraint "organization_invitation_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on delete cascade;`);
    this.addSql(`alter table "organization_invitation" add constraint "organization_invitation_invited_by_id_foreign" foreign key ("invited_by_id") references "app_user" ("id") on delete set null;`);

    this.addSql(`create table "rate_counter" ("key" varchar(400) not null, "window_start" timestamptz not null, "count" int not null, "expires_at" timestamptz not null, primary key ("key", "window_start"));`);
    this.addSql(`create index "rate_counter_expires_at_index" on "rate_counter" ("expires_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "organization_invitation" cascade;`);
    this.addSql(`drop table if exists "rate_counter" cascade;`);
  }

}
