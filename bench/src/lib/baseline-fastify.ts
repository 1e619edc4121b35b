/**
 * The framework's own floor: Fastify with no plugin, hook or logger, answering every request
 * with the same bytes from memory, pre-serialised (the cheapest a Fastify route can be).
 * `node baseline-fastify.ts <body file> <content-type>` listens on a free loopback port and
 * prints it, as baseline-server.ts does.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const body = readFileSync(process.argv[2]!);
const contentType = process.argv[3] ?? 'application/json; charset=utf-8';

const app = Fastify({ logger: false, keepAliveTimeout: 60_000 });
app.get('/', (_request, reply) => reply.header('content-type', contentType).send(body));
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${new URL(address).port}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
