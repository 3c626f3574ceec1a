/**
 * Deletes accounts inactive for 12 months (no login, or no login since registration):
 *   npm run -w @rainplan/api accounts:purge-inactive             # dry run: lists what would happen
 *   npm run -w @rainplan/api accounts:purge-inactive -- --apply  # deletes them
 * Rules (decision 0042): administrators and owners of organizations with other members are kept;
 * projects of organization members go to the organization's owner, other projects are anonymised.
 * Uses the server's configuration (DATA_DIR, DATABASE_URL); with PGlite, stop the server first.
 * Exit codes: 0 done, 2 usage or configuration error, 3 the PGlite database is in use by another
 * process, the server (nothing changed; decision 0073).
 */
import { purgeInactiveAccounts } from '../accounts/inactive.ts';
import { commandConfig, databaseLabel, withDatabase } from './command-support.ts';

const USAGE = 'usage: npm run -w @rainplan/api accounts:purge-inactive [-- --apply]';

const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  console.log(USAGE);
  process.exit(0);
}
if (args.some((arg) => arg !== '--apply')) {
  console.error(USAGE);
  process.exit(2);
}
const apply = args.includes('--apply');

const config = commandConfig();

const result = await withDatabase(config, (em) => purgeInactiveAccounts(em, { apply }));
const where = databaseLabel(config);
console.log(`Accounts without activity since ${result.cutoff.toISOString().slice(0, 10)} (database: ${where}): ${result.accounts.length}`);
for (const account of result.accounts) {
  const verb = account.action === 'keep' ? 'keep  ' : apply ? 'DELETED' : 'delete';
  console.log(`  ${verb}  ${account.email}  last active ${account.lastActivity.toISOString().slice(0, 10)}  ${account.projects} project(s): ${account.detail}`);
}
console.log(apply ? `${result.deleted} account(s) deleted.` : 'Dry run: nothing was deleted. Run with --apply to delete the accounts marked "delete".');
