/**
 * The physical limit of this machine for one response: bare `node:http` answering every
 * request with the same bytes from memory. `node baseline-server.ts <body file> <content-type>`
 * listens on a free loopback port and prints it.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const body = readFileSync(process.argv[2]!);
const contentType = process.argv[3] ?? 'application/json; charset=utf-8';
const headers = { 'content-type': contentType, 'content-length': String(body.length) };

const server = createServer((request, response) => {
  // Drain a request body (POST) before answering, as a real server must.
  request.resume();
  request.on('end', () => {
    response.writeHead(200, headers);
    response.end(body);
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`${typeof address === 'object' && address ? address.port : 0}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
