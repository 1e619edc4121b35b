import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { logDestination } from './log-destination.ts';
import { seedDemoData } from './db/seed.ts';
import { createUsersRepository } from './modules/users/users-repository.ts';

/** Opens and migrates the database, seeds an empty one, promotes ADMIN_EMAILS, builds the app. */
export async function prepare(config: Config): Promise<{ app: FastifyInstance; database: Database }> {
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolSize: config.DATABASE_POOL_SIZE,
  });
  try {
    await database.migrate();
    const seeded = await seedDemoData(database.db);
    const promoted = await createUsersRepository(database.db).promoteAll(config.ADMIN_EMAILS);
    const app = await buildApp({ config, database, closeDatabase: true, logStream: await logDestination() });
    if (seeded.parts) app.log.info(`Seeded ${seeded.parts} demo parts and ${seeded.reviews} reviews`);
    if (promoted) app.log.info(`Promoted ${promoted} account(s) from ADMIN_EMAILS`);
    return { app, database };
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
}
