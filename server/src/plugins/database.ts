import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
  }
}

export interface DatabasePluginOptions {
  config: Config;
  database: Database;
  /** Close the database when the app closes (false when the caller owns it, e.g. tests). */
  closeOnShutdown: boolean;
}

export const databasePlugin = fp(
  async (app: FastifyInstance, options: DatabasePluginOptions) => {
    app.decorate('config', options.config);
    app.decorate('database', options.database);
    app.decorate('db', options.database.db);
    if (options.closeOnShutdown) app.addHook('onClose', async () => options.database.close());
  },
  { name: 'database' },
);
