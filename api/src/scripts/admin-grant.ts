/**
 * Makes an existing user an administrator:
 *   npm run -w @rainplan/api admin:grant -- <email>
 * Uses the same configuration as the server (DATA_DIR, DATABASE_URL). With the embedded PGlite
 * database, stop the server first: a PGlite data directory serves one process at a time, and the
 * command refuses while the server holds it (decision 0073).
 * Exit codes: 0 done (or already an administrator), 1 no user with that address, 2 usage or
 * configuration error, 3 the PGlite database is in use by another process (nothing changed).
 */
import { grantRole } from '../accounts/grant-role.ts';
import { commandConfig, databaseLabel, withDatabase } from './command-support.ts';

const USAGE = 'usage: npm run -w @rainplan/api admin:grant -- <email>';

const args = process.argv.slice(2);
if (args.length !== 1 || args[0] === '--help' || args[0] === '-h' || !args[0]?.includes('@')) {
  console.error(USAGE);
  process.exit(args[0] === '--help' || args[0] === '-h' ? 0 : 2);
}
const email = args[0];

const config = commandConfig();

const result = await withDatabase(config, (em) => grantRole(em, email, 'Administrator'));
const where = databaseLabel(config);
switch (result) {
  case 'granted':
    console.log(`${email} is now an administrator (database: ${where}).`);
    break;
  case 'already':
    console.log(`${email} is already an administrator (database: ${where}).`);
    break;
  case 'no-such-user':
    console.error(`No user with the e-mail address ${email} (database: ${where}). Register first, then run this again.`);
    process.exit(1);
}
