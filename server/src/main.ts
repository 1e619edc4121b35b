import closeWithGrace from 'close-with-grace';
import { ConfigError, loadConfig } from './config.ts';
import { prepare } from './start.ts';

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(78); // EX_CONFIG
  }
  throw error;
}

const { app } = await prepare(config);

// SIGTERM/SIGINT: stop accepting, let in-flight requests finish, close the database.
closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info(`${signal} received, shutting down`);
  await app.close();
});

await app.listen({ port: config.PORT, host: config.HOST });
const url = `http://localhost:${(app.server.address() as { port: number }).port}`;
app.log.info(`Torque Parts is serving on ${url} (${app.database.kind} database)`);
