import { Migration } from '@mikro-orm/migrations';

export class Migration20261122082050_accounts extends Migration {

  override name = 'Migration20261122082050_accounts';

  override up(): void | Promise<void> {
    this.addSql(`create table "http_session" ("id" varchar(128) not null, "user_id" uuid null, "data" jsonb not null, "expires_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "http_session_user_id_index" on "http_session" ("user_id");`);
    this.addSql(`create index "http_session_expires_at_index" on "http_session" ("expires_at");`);

    this.addSql(`create table "app_user" ("id" uuid not null, "email" varchar(320) not null, "password_hash" text not null, "form_of_address" text not null, "name" varchar(255) not null, "company" varchar(255) null, "street" varchar(255) not null, "house_number" varchar(50) not null, "zip_code" varchar(20) not null, "city" varchar(255) not null, "phone_number" varchar(50) null, "roles" text[] not null default '{}', "status" text not null default 'UNCONFIRMED', "culture" text not null default 'de', "gdpr_consent_at" timestamptz not null, "created_at" timestamptz not null, "last_login" timestamptz null, "organization_id" uuid null, primary key ("id"));`);
    this.addSql(`alter table "app_user" add constraint "app_user_email_unique" unique ("email");`);
    this.addSql(`create index "app_user_organization_id_index" on "app_user" ("organization_id");`);

    this.addSql(`create table "organization" ("id" uuid not null, "name" varchar(255) not null, "owner_id" uuid not null, "creation_date" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "organization_owner_id_index" on "organization" ("owner_id");`);

    this.addSql(`create table "one_time_code" ("id" uuid not null, "user_id" uuid not null, "purpose" text not null, "code_hash" varchar(64) not null, "new_email" varchar(320) null, "expires_at" timestamptz not null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "one_time_code_user_id_index" on "one_time_code" ("user_id");`);
    this.addSql(`alter table "one_time_code" add constraint "one_time_code_code_hash_unique" unique ("code_hash");`);

    this.addSql(`alter table "app_user" add constraint "app_user_organization_id_foreign" foreign key ("organization_id") references "organization" ("id") on delete set null;`);
    this.addSql(`alter table "app_user" add constraint "app_user_form_of_address_check" check ("form_of_address" in ('MALE', 'FEMALE', 'NONE', 'COMPANY', 'OTHER'));`);
    this.addSql(`alter table "app_user" add constraint "app_user_status_check" check ("status" in ('UNCONFIRMED', 'ACTIVE'));`);
    this.addSql(`alter table "app_user" add constraint "app_user_culture_check" check ("culture" in ('de', 'en'));`);

    this.addSql(`alter table "organization" add constraint "organization_owner_id_foreign" foreign key ("owner_id") references "app_user" ("id") on delete restrict;`);

    this.addSql(`alter table "one_time_code" add constraint "one_time_code_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on delete cascade;`);
    this.addSql(`alter table "one_time_code" add constraint "one_time_code_purpose_check" check ("purpose" in ('CONFIRM_EMAIL', 'CHANGE_EMAIL', 'RESET_PASSWORD'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "organization" drop constraint "organization_owner_id_foreign";`);
    this.addSql(`alter table "one_time_code" drop constraint "one_time_code_user_id_foreign";`);
    this.addSql(`alter table "app_user" drop constraint "app_user_organization_id_foreign";`);

    this.addSql(`drop table if exists "http_session" cascade;`);
    this.addSql(`drop table if exists "app_user" cascade;`);
    this.addSql(`drop table if exists "organization" cascade;`);
    this.addSql(`drop table if exists "one_time_code" cascade;`);
  }

}
