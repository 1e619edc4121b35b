import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { createUsersRepository } from '../modules/users/users-repository.ts';

/** `npm run admin -- promote EMAIL`: make an existing account an admin. */
const [command, email] = process.argv.slice(2);
if (command !== 'promote' || !email) {
  console.error('Usage: npm run admin -- promote EMAIL');
  process.exit(64);
}
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: 1 });
try {
  await database.migrate();
  const user = await createUsersRepository(database.db).setRole(email, 'admin');
  if (!user) {
    console.error(`No account with the email ${email}: sign up first, then promote.`);
    process.exitCode = 1;
  } else {
    console.log(`${user.email} is now an admin.`);
  }
} finally {
  await database.close();
}
