import { Migration } from '@mikro-orm/migrations';

/**
 * KOSTRA-DWD-2020 uncertainties (issue 19 part 1, decision 0159): DWD's UC (± %) of every
 * duration and return period of a cell, beside its heights. Null for cells stored before (and for
 * cells whose files carry none): those report `uncertaintyNotGiven` until the 2020 files are
 * imported again.
 */
export class Migration20261128080000_rain_uncertainty extends Migration {

  override name = 'Migration20261128080000_rain_uncertainty';

  override up(): void | Promise<void> {
    this.addSql(`alter table "rain_cell" add column "uncertainty_pct" jsonb null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "rain_cell" drop column "uncertainty_pct";`);
  }

}
