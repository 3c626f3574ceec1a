import { Migration } from '@mikro-orm/migrations';

/**
 * Box items as `json` (the text as written) instead of `jsonb`: a GET of 20,000 items sends the
 * stored text without PostgreSQL rebuilding it from jsonb, and nothing queries inside the list
 * (decision 0095).
 */
export class Migration20261125110200_box_items_json extends Migration {

  override name = 'Migration20261125110200_box_items_json';

  override up(): void | Promise<void> {
    this.addSql(`alter table "box_configuration_items" alter column "items" type json using "items"::json;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "box_configuration_items" alter column "items" type jsonb using "items"::jsonb;`);
  }

}
